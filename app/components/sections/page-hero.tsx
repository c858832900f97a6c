import type { ReactNode } from 'react';
import { LazyImage, type ImageAsset } from '~/components/lazy-image';
import { ActionRow } from '~/components/sections/action-link';
import type { Action } from '~/components/sections/types';
import { cn } from '~/lib/cn';

const tones = {
  brand: 'bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white',
  emergency: 'bg-gradient-to-br from-emergency-900 via-emergency-800 to-emergency-700 text-white',
  light: 'bg-gradient-to-b from-brand-50 to-white text-brand-950',
} as const;

/** The top section of a page: one h1, an intro, actions and an optional illustration. */
export function PageHero({
  title,
  intro,
  badge,
  actions = [],
  image,
  tone = 'brand',
  children,
}: {
  title: string;
  intro?: string;
  badge?: string;
  actions?: readonly Action[];
  image?: ImageAsset;
  tone?: keyof typeof tones;
  children?: ReactNode;
}) {
  const dark = tone !== 'light';
  return (
    <section className={tones[tone]}>
      <div
        className={cn(
          'mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:px-8',
          image && 'lg:grid-cols-2',
        )}
      >
        <div className="grid gap-6">
          {badge ? (
            <p
              className={cn(
                'w-fit rounded-full px-4 py-1 text-sm font-semibold',
                dark ? 'bg-white/15 text-white' : 'bg-brand-100 text-brand-800',
              )}
            >
              {badge}
            </p>
          ) : null}
          <h1 className="text-4xl leading-tight font-bold text-balance sm:text-5xl">{title}</h1>
          {intro ? (
            <p className={cn('max-w-2xl text-lg sm:text-xl', dark ? 'text-white/90' : 'text-slate-700')}>
              {intro}
            </p>
          ) : null}
          {actions.length > 0 ? <ActionRow actions={actions} /> : null}
          {children}
        </div>
        {image ? (
          <div className="overflow-hidden rounded-2xl bg-white/10 shadow-xl">
            <LazyImage image={image} priority />
          </div>
        ) : null}
      </div>
    </section>
  );
}
