import { useLoaderData } from 'react-router';
import { CtaSection } from '~/components/sections/cta-section';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { ImageTextSection } from '~/components/sections/image-text-section';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StatsGrid } from '~/components/sections/stats-grid';
import { StepList } from '~/components/sections/step-list';
import { damageServicePage } from '~/content/pages/damage-service';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(damageServicePage, '/skadeservice');

export const meta = loaderMeta;

export default function DamageService() {
  const { hero, services, damageTypes, process, stats, management, cta } =
    useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero {...hero} />
      <Section id="ydelser" eyebrow={services.eyebrow} title={services.title}>
        <FeatureCardGrid cards={services.cards} />
      </Section>
      <Section id="skadetyper" eyebrow={damageTypes.eyebrow} title={damageTypes.title} tone="tinted">
        <FeatureCardGrid cards={damageTypes.cards} />
      </Section>
      <Section id="forloeb" eyebrow={process.eyebrow} title={process.title}>
        <StepList steps={process.steps} />
        <StatsGrid stats={stats} />
      </Section>
      <ImageTextSection data={management} tone="tinted" />
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
