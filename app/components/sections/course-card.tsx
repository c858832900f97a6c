import { Icon } from '~/components/icon';
import { CheckList } from '~/components/sections/check-list';

export interface CourseData {
  title: string;
  /** e.g. '1 dag', from domain/constants.ts via figures.ts. */
  duration: string;
  audience: string;
  description: string;
  topics: readonly string[];
}

/** One course: duration and audience as a description list, then what it covers. */
export function CourseCard({
  course,
  durationLabel,
  audienceLabel,
  topicsLabel,
}: {
  course: CourseData;
  durationLabel: string;
  audienceLabel: string;
  topicsLabel: string;
}) {
  return (
    <article className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          <Icon name="graduation-cap" className="size-6" />
        </span>
        <h3 className="text-xl font-bold text-brand-950">{course.title}</h3>
      </div>
      <dl className="flex flex-wrap gap-3 text-sm">
        <div>
          <dt className="sr-only">{durationLabel}</dt>
          <dd className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800">
            <Icon name="clock" className="size-4" />
            {course.duration}
          </dd>
        </div>
        <div>
          <dt className="sr-only">{audienceLabel}</dt>
          <dd className="inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-slate-800">
            <Icon name="users" className="size-4" />
            {course.audience}
          </dd>
        </div>
      </dl>
      <p className="text-slate-700">{course.description}</p>
      <p className="font-semibold text-brand-950">{topicsLabel}</p>
      <CheckList items={course.topics} />
    </article>
  );
}

export function CourseCardGrid({
  courses,
  labels,
}: {
  courses: readonly CourseData[];
  labels: { duration: string; audience: string; topics: string };
}) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {courses.map((course) => (
        <CourseCard
          key={course.title}
          course={course}
          durationLabel={labels.duration}
          audienceLabel={labels.audience}
          topicsLabel={labels.topics}
        />
      ))}
    </div>
  );
}
