import { useLoaderData } from 'react-router';
import { CourseCardGrid } from '~/components/sections/course-card';
import { CtaSection } from '~/components/sections/cta-section';
import { FeatureCardGrid } from '~/components/sections/feature-card';
import { ImageTextSection } from '~/components/sections/image-text-section';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StatsGrid } from '~/components/sections/stats-grid';
import { coursesPage } from '~/content/pages/courses';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(coursesPage, '/kursus');

export const meta = loaderMeta;

export default function Courses() {
  const { hero, courses, benefits, inHouse, stats, cta } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero {...hero} />
      {/* id="courses": the hero's 'Se kurserne' button and other pages link to /kursus#courses. */}
      <Section id="courses" eyebrow={courses.eyebrow} title={courses.title} intro={courses.intro}>
        <CourseCardGrid courses={courses.items} labels={courses.labels} />
      </Section>
      <Section id="fordele" eyebrow={benefits.eyebrow} title={benefits.title} tone="tinted">
        <FeatureCardGrid cards={benefits.cards} columns={4} />
      </Section>
      <ImageTextSection data={inHouse}>
        <StatsGrid stats={stats} />
      </ImageTextSection>
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
