import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** A page section with an optional heading block; `id` makes it linkable (e.g. #courses). */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tone = 'white',
  children,
  className,
}: {
  id?: string;
  eyebrow?: string;
  title?: string;
  intro?: string;
  tone?: 'white' | 'tinted';
  children?: ReactNode;
  className?: string;
}) {
  const headingId = id && title ? `${id}-titel` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(tone === 'tinted' ? 'bg-brand-50/70' : 'bg-white', 'scroll-mt-24')}
    >
      <div className={cn('mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:px-8', className)}>
        {title ? (
          <div className="mx-auto grid max-w-3xl gap-3 text-center">
            {eyebrow ? (
              <p className="font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
            ) : null}
            <h2 id={headingId} className="text-3xl font-bold text-balance text-brand-950 sm:text-4xl">
              {title}
            </h2>
            {intro ? <p className="text-lg text-slate-700">{intro}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
