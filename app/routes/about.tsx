import { useLoaderData } from 'react-router';
import { CheckListColumns } from '~/components/sections/check-list-columns';
import { CtaSection } from '~/components/sections/cta-section';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { IconList } from '~/components/sections/icon-list';
import { ImageTextSection } from '~/components/sections/image-text-section';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StatsGrid } from '~/components/sections/stats-grid';
import { TeamGrid } from '~/components/sections/team-grid';
import { aboutPage } from '~/content/pages/about';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(aboutPage, '/about');

export const meta = loaderMeta;

export default function About() {
  const { hero, stats, mission, values, experience, team, cta } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero {...hero} />
      <Section id="noegletal" className="py-10 sm:py-12">
        <h2 className="sr-only">{stats.title}</h2>
        <StatsGrid stats={stats.items} />
      </Section>
      <Section
        id="mission"
        eyebrow={mission.eyebrow}
        title={mission.title}
        intro={mission.intro}
        tone="tinted"
      >
        <CheckListColumns lists={mission.lists} />
      </Section>
      <Section id="vaerdier" eyebrow={values.eyebrow} title={values.title} intro={values.intro}>
        <FeatureCardGrid cards={values.cards} columns={4} />
      </Section>
      <ImageTextSection data={experience} tone="tinted" reverse>
        <IconList items={experience.highlights} />
      </ImageTextSection>
      <Section id="team" eyebrow={team.eyebrow} title={team.title} intro={team.intro}>
        <TeamGrid members={team.members} labels={team.linkLabels} />
      </Section>
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
