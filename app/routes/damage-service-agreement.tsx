import { useLoaderData } from 'react-router';
import { ActionLink } from '~/components/sections/action-link';
import { CheckListColumns } from '~/components/sections/check-list-columns';
import { CtaSection } from '~/components/sections/cta-section';
import { FaqAccordion } from '~/components/sections/faq-accordion';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StepList } from '~/components/sections/step-list';
import { StructuredData } from '~/components/structured-data';
import { damageServiceAgreementPage } from '~/content/pages/damage-service-agreement';
import { faqPageStructuredData, structuredDataJson } from '~/content/structured-data';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () =>
  pageData(
    {
      ...damageServiceAgreementPage,
      structuredData: structuredDataJson(
        faqPageStructuredData(damageServiceAgreementPage.faq.items, '/skadeserviceaftale'),
      ),
    },
    '/skadeserviceaftale',
  );

export const meta = loaderMeta;

export default function DamageServiceAgreement() {
  const { hero, included, process, terms, faq, cta, structuredData } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero {...hero} />
      <Section id="indhold-aftale" eyebrow={included.eyebrow} title={included.title} intro={included.intro}>
        <FeatureCardGrid cards={included.cards} />
      </Section>
      <Section id="forloeb" eyebrow={process.eyebrow} title={process.title} tone="tinted">
        <StepList steps={process.steps} />
      </Section>
      <Section id="priser" eyebrow={terms.eyebrow} title={terms.title} intro={terms.intro}>
        <CheckListColumns lists={terms.lists} />
        <div className="flex justify-center">
          <ActionLink action={terms.termsLink} size="md" />
        </div>
      </Section>
      <Section id="faq" eyebrow={faq.eyebrow} title={faq.title} tone="tinted">
        <FaqAccordion items={faq.items} />
        <StructuredData json={structuredData} />
      </Section>
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
