import { useLoaderData } from 'react-router';
import { CheckList } from '~/components/sections/check-list';
import { CtaSection } from '~/components/sections/cta-section';
import { FaqSection } from '~/components/sections/faq-accordion';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StepList } from '~/components/sections/step-list';
import { damageDocumentationPage } from '~/content/pages/damage-documentation';
import { pageDataWithFaq } from '~/content/structured-data';
import { loaderMeta } from '~/lib/seo';

export const loader = () => pageDataWithFaq(damageDocumentationPage, '/skade-dokumentation');

export const meta = loaderMeta;

export default function DamageDocumentation() {
  const { hero, info, process, selfHelp, faq, cta, structuredData } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero {...hero} />
      <Section id="dokumentation" eyebrow={info.eyebrow} title={info.title} intro={info.intro}>
        <FeatureCardGrid cards={info.cards} columns={4} />
      </Section>
      <Section id="forloeb" eyebrow={process.eyebrow} title={process.title} tone="tinted">
        <StepList steps={process.steps} />
      </Section>
      <Section id="selv" eyebrow={selfHelp.eyebrow} title={selfHelp.title} intro={selfHelp.intro}>
        <CheckList items={selfHelp.items} columns={2} className="mx-auto w-full max-w-5xl" />
      </Section>
      <FaqSection faq={faq} structuredData={structuredData} tone="tinted" />
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
