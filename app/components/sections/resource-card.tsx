import { Icon, type IconName } from '~/components/icon';
import type { ReactNode } from 'react';

export interface ResourceCardData {
  icon: IconName;
  /** e.g. 'E-bog' */
  type: string;
  title: string;
  description: string;
  contentsTitle: string;
  contents: readonly string[];
  /** Facts such as page count and format. */
  facts: readonly string[];
}

/** A free resource with what it contains; `children` is its request button. */
export function ResourceCard({ resource, children }: { resource: ResourceCardData; children: ReactNode }) {
  return (
    <article className="flex flex-col gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className="flex items-center gap-4">
        <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
          <Icon name={resource.icon} className="size-7" />
        </span>
        <p className="rounded-full bg-accent-400/30 px-3 py-1 text-sm font-semibold text-slate-900">
          {resource.type}
        </p>
      </div>
      <h2 className="text-2xl font-bold text-balance text-brand-950">{resource.title}</h2>
      <p className="text-lg text-slate-700">{resource.description}</p>
      <h3 className="font-bold text-brand-950">{resource.contentsTitle}</h3>
      <ul className="grid gap-2">
        {resource.contents.map((item) => (
          <li key={item} className="flex gap-3 text-slate-700">
            <Icon name="check" className="mt-1 size-5 shrink-0 text-brand-600" />
            {item}
          </li>
        ))}
      </ul>
      <ul className="flex flex-wrap gap-2 text-sm text-slate-600">
        {resource.facts.map((fact) => (
          <li key={fact} className="rounded-full bg-slate-100 px-3 py-1">
            {fact}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-2">{children}</div>
    </article>
  );
}
