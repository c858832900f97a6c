import { useLoaderData } from 'react-router';
import { CtaSection } from '~/components/sections/cta-section';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { ImageTextSection } from '~/components/sections/image-text-section';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { documentationPage } from '~/content/pages/documentation';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(documentationPage, '/dokumentation');

export const meta = loaderMeta;

export default function Documentation() {
  const { hero, services, why, cta } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero {...hero} />
      <Section id="ydelser" eyebrow={services.eyebrow} title={services.title} intro={services.intro}>
        <FeatureCardGrid cards={services.cards} columns={2} />
      </Section>
      <ImageTextSection data={why} tone="tinted" />
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
