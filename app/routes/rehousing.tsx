import { useLoaderData } from 'react-router';
import { CtaSection } from '~/components/sections/cta-section';
import { FaqSection } from '~/components/sections/faq-accordion';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { ImageTextSection } from '~/components/sections/image-text-section';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StepList } from '~/components/sections/step-list';
import { rehousingPage } from '~/content/pages/rehousing';
import { pageDataWithFaq } from '~/content/structured-data';
import { loaderMeta } from '~/lib/seo';

export const loader = () => pageDataWithFaq(rehousingPage, '/genhusning');

export const meta = loaderMeta;

export default function Rehousing() {
  const { hero, info, included, process, faq, cta, structuredData } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero {...hero} />
      <Section id="genhusning" eyebrow={info.eyebrow} title={info.title} intro={info.intro}>
        <FeatureCardGrid cards={info.cards} columns={4} />
      </Section>
      <ImageTextSection data={included} tone="tinted" />
      <Section id="forloeb" eyebrow={process.eyebrow} title={process.title}>
        <StepList steps={process.steps} />
      </Section>
      <FaqSection faq={faq} structuredData={structuredData} tone="tinted" />
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
