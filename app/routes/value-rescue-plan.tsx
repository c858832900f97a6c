import { useLoaderData } from 'react-router';
import { ActionLink } from '~/components/sections/action-link';
import { Callout } from '~/components/sections/callout';
import { CheckListColumns } from '~/components/sections/check-list-columns';
import { CtaSection } from '~/components/sections/cta-section';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StepList } from '~/components/sections/step-list';
import { valueRescuePlanPage } from '~/content/pages/value-rescue-plan';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(valueRescuePlanPage, '/vaerdiredningsplan');

export const meta = loaderMeta;

export default function ValueRescuePlan() {
  const { hero, benefits, process, scope, resource, cta } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero {...hero} />
      <Section id="fordele" eyebrow={benefits.eyebrow} title={benefits.title}>
        <FeatureCardGrid cards={benefits.cards} columns={4} />
      </Section>
      <Section id="forloeb" eyebrow={process.eyebrow} title={process.title} tone="tinted">
        <div className="mx-auto w-full max-w-3xl">
          <StepList steps={process.steps} layout="vertical" />
        </div>
      </Section>
      <Section id="omfang" eyebrow={scope.eyebrow} title={scope.title}>
        <CheckListColumns lists={scope.lists} />
        <Callout icon={resource.icon} title={resource.title} className="mx-auto w-full max-w-3xl">
          <p>{resource.text}</p>
          <div className="mt-2">
            <ActionLink action={resource.action} size="md" />
          </div>
        </Callout>
      </Section>
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
