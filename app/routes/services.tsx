import { useLoaderData } from 'react-router';
import { CtaSection } from '~/components/sections/cta-section';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StatsGrid } from '~/components/sections/stats-grid';
import { servicesPage } from '~/content/pages/services';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(servicesPage, '/services', { fullTitle: true });

export const meta = loaderMeta;

export default function Services() {
  const { hero, highlights, details, audiences, cta } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero
        title={hero.title}
        intro={hero.intro}
        badge={hero.badge}
        actions={hero.actions}
        image={hero.image}
      >
        <StatsGrid stats={hero.stats} onDark />
      </PageHero>
      <Section id="ydelser" eyebrow={highlights.eyebrow} title={highlights.title} intro={highlights.intro}>
        <FeatureCardGrid cards={highlights.cards} />
      </Section>
      <Section
        id="omraader"
        eyebrow={details.eyebrow}
        title={details.title}
        intro={details.intro}
        tone="tinted"
      >
        <FeatureCardGrid cards={details.cards} columns={2} />
      </Section>
      <Section id="maalgrupper" eyebrow={audiences.eyebrow} title={audiences.title} intro={audiences.intro}>
        <FeatureCardGrid cards={audiences.cards} columns={4} />
      </Section>
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
