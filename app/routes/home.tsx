import { useLoaderData } from 'react-router';
import { useEffect } from 'react';
import { ActionLink } from '~/components/sections/action-link';
import { CtaSection } from '~/components/sections/cta-section';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { ImageTextSection } from '~/components/sections/image-text-section';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StatsGrid } from '~/components/sections/stats-grid';
import { StructuredData } from '~/components/structured-data';
import { preloadWhenIdle } from '~/components/lazy-image';
import { homePage } from '~/content/pages/home';
import { businessStructuredData, structuredDataJson } from '~/content/structured-data';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () =>
  pageData({ ...homePage, structuredData: structuredDataJson(businessStructuredData) }, '/', {
    fullTitle: true,
  });

export const meta = loaderMeta;

export default function Home() {
  const { hero, services, specialised, phases, cta, structuredData } = useLoaderData<typeof loader>().content;
  useEffect(() => preloadWhenIdle(phases.map((phase) => phase.image.src)), [phases]);

  return (
    <>
      <StructuredData json={structuredData} />
      <PageHero
        title={hero.title}
        intro={hero.intro}
        badge={hero.badge}
        actions={hero.actions}
        image={hero.image}
      >
        <StatsGrid stats={hero.stats} onDark />
      </PageHero>
      <Section id="ydelser" eyebrow={services.eyebrow} title={services.title} intro={services.intro}>
        <FeatureCardGrid cards={services.cards} />
      </Section>
      <Section id="specialydelser" eyebrow={specialised.eyebrow} title={specialised.title} tone="tinted">
        <FeatureCardGrid cards={specialised.cards} columns={4} />
        <div className="flex justify-center">
          <ActionLink action={specialised.allServices} />
        </div>
      </Section>
      {phases.map((phase, index) => (
        <ImageTextSection
          key={phase.title}
          data={phase}
          reverse={index % 2 === 1}
          tone={index % 2 ? 'tinted' : 'white'}
        />
      ))}
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
