import { useLoaderData } from 'react-router';
import { ActionLink } from '~/components/sections/action-link';
import { CheckListColumns } from '~/components/sections/check-list-columns';
import { CtaSection } from '~/components/sections/cta-section';
import { FaqSection } from '~/components/sections/faq-accordion';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StepList } from '~/components/sections/step-list';
import { damageServiceAgreementPage } from '~/content/pages/damage-service-agreement';
import { pageDataWithFaq } from '~/content/structured-data';
import { loaderMeta } from '~/lib/seo';

export const loader = () => pageDataWithFaq(damageServiceAgreementPage, '/skadeserviceaftale');

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
      <FaqSection faq={faq} structuredData={structuredData} tone="tinted" />
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
