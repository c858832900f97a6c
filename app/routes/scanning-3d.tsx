import { useLoaderData } from 'react-router';
import { CheckListColumns } from '~/components/sections/check-list-columns';
import { CtaSection } from '~/components/sections/cta-section';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { scanning3dPage } from '~/content/pages/scanning-3d';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(scanning3dPage, '/3d-scanning');

export const meta = loaderMeta;

export default function Scanning3d() {
  const { hero, useCases, deliverables, benefits, cta } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero {...hero} />
      <Section id="anvendelse" eyebrow={useCases.eyebrow} title={useCases.title}>
        <FeatureCardGrid cards={useCases.cards} />
      </Section>
      <Section id="leverancer" eyebrow={deliverables.eyebrow} title={deliverables.title} tone="tinted">
        <CheckListColumns lists={deliverables.lists} />
      </Section>
      <Section id="fordele" eyebrow={benefits.eyebrow} title={benefits.title}>
        <FeatureCardGrid cards={benefits.cards} />
      </Section>
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
