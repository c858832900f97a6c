import { useLoaderData } from 'react-router';
import { CtaSection } from '~/components/sections/cta-section';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { ImageTextSection } from '~/components/sections/image-text-section';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StatsGrid } from '~/components/sections/stats-grid';
import { StepList } from '~/components/sections/step-list';
import { preventionPage } from '~/content/pages/prevention';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(preventionPage, '/forebyggelse');

export const meta = loaderMeta;

export default function Prevention() {
  const { hero, services, benefits, process, stats, cta } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero {...hero} />
      <Section id="ydelser" eyebrow={services.eyebrow} title={services.title} intro={services.intro}>
        <FeatureCardGrid cards={services.cards} columns={2} />
      </Section>
      <ImageTextSection data={benefits} tone="tinted">
        <StatsGrid stats={stats} />
      </ImageTextSection>
      <Section id="forloeb" eyebrow={process.eyebrow} title={process.title}>
        <StepList steps={process.steps} />
      </Section>
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
