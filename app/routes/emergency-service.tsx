import { useLoaderData } from 'react-router';
import { ActionLink } from '~/components/sections/action-link';
import { Callout } from '~/components/sections/callout';
import { CtaSection } from '~/components/sections/cta-section';
import { FaqSection } from '~/components/sections/faq-accordion';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StepList } from '~/components/sections/step-list';
import { emergencyServicePage } from '~/content/pages/emergency-service';
import { pageDataWithFaq } from '~/content/structured-data';
import { loaderMeta } from '~/lib/seo';

export const loader = () => pageDataWithFaq(emergencyServicePage, '/akut-skadeservice');

export const meta = loaderMeta;

export default function EmergencyService() {
  const { hero, lifeSafety, features, situations, process, faq, notUrgent, cta, structuredData } =
    useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero
        tone="emergency"
        title={hero.title}
        intro={hero.intro}
        badge={hero.badge}
        actions={hero.actions}
        image={hero.image}
      />
      <div className="mx-auto max-w-5xl px-4 pt-10 sm:px-6 lg:px-8">
        <Callout icon={lifeSafety.icon} title={lifeSafety.title} tone="emergency">
          <p>{lifeSafety.text}</p>
          <div className="mt-2">
            <ActionLink action={lifeSafety.action} size="md" />
          </div>
        </Callout>
      </div>
      <Section id="beredskab" eyebrow={features.eyebrow} title={features.title}>
        <FeatureCardGrid cards={features.cards} columns={4} />
      </Section>
      <Section id="situationer" eyebrow={situations.eyebrow} title={situations.title} tone="tinted">
        <FeatureCardGrid cards={situations.cards} columns={4} />
      </Section>
      <Section id="forloeb" eyebrow={process.eyebrow} title={process.title}>
        <StepList steps={process.steps} />
        <Callout icon={notUrgent.icon} title={notUrgent.title} className="mx-auto w-full max-w-3xl">
          <p>{notUrgent.text}</p>
          <div className="mt-2">
            <ActionLink action={notUrgent.action} size="md" />
          </div>
        </Callout>
      </Section>
      <FaqSection faq={faq} structuredData={structuredData} tone="tinted" />
      <CtaSection tone="emergency" title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
