import { useLoaderData } from 'react-router';
import { CheckList } from '~/components/sections/check-list';
import { CtaSection } from '~/components/sections/cta-section';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StatsGrid } from '~/components/sections/stats-grid';
import { StepList } from '~/components/sections/step-list';
import { damageManagementPage } from '~/content/pages/damage-management';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(damageManagementPage, '/skadestyring');

export const meta = loaderMeta;

export default function DamageManagement() {
  const { hero, services, process, checklist, damageTypes, stats, cta } =
    useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero {...hero} />
      <Section id="ydelser" eyebrow={services.eyebrow} title={services.title} intro={services.intro}>
        <FeatureCardGrid cards={services.cards} />
        <StatsGrid stats={stats} />
      </Section>
      <Section
        id="forloeb"
        eyebrow={process.eyebrow}
        title={process.title}
        intro={process.intro}
        tone="tinted"
      >
        <div className="mx-auto w-full max-w-3xl">
          <StepList steps={process.steps} layout="vertical" />
        </div>
      </Section>
      <Section id="tjekliste" eyebrow={checklist.eyebrow} title={checklist.title} intro={checklist.intro}>
        <CheckList items={checklist.items} columns={2} className="mx-auto w-full max-w-5xl" />
      </Section>
      <Section id="skadetyper" eyebrow={damageTypes.eyebrow} title={damageTypes.title} tone="tinted">
        <FeatureCardGrid cards={damageTypes.cards} />
      </Section>
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
