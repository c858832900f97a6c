import { Icon, type IconName } from '~/components/icon';
import type { ReactNode } from 'react';
import { LazyImage, type ImageAsset } from '~/components/lazy-image';
import { ActionRow } from '~/components/sections/action-link';
import type { Action } from '~/components/sections/types';
import { cn } from '~/lib/cn';

export interface ImageTextData {
  eyebrow?: string;
  icon?: IconName;
  title: string;
  paragraphs: readonly string[];
  bullets?: readonly string[];
  image: ImageAsset;
  actions?: readonly Action[];
}

/** Text beside an illustration; alternate `reverse` for a zig-zag rhythm. */
export function ImageTextSection({
  data,
  reverse = false,
  tone = 'white',
  children,
}: {
  data: ImageTextData;
  reverse?: boolean;
  tone?: 'white' | 'tinted';
  children?: ReactNode;
}) {
  return (
    <section className={tone === 'tinted' ? 'bg-brand-50/70' : 'bg-white'}>
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
        <div className={cn('grid gap-5', reverse && 'lg:order-last')}>
          {data.eyebrow ? (
            <p className="inline-flex items-center gap-2 font-semibold tracking-wide text-brand-700 uppercase">
              {data.icon ? <Icon name={data.icon} className="size-5" /> : null}
              {data.eyebrow}
            </p>
          ) : null}
          <h2 className="text-3xl font-bold text-balance text-brand-950 sm:text-4xl">{data.title}</h2>
          {data.paragraphs.map((paragraph) => (
            <p key={paragraph} className="text-lg text-slate-700">
              {paragraph}
            </p>
          ))}
          {data.bullets ? (
            <ul className="grid gap-2">
              {data.bullets.map((bullet) => (
                <li key={bullet} className="flex gap-2">
                  <Icon name="check" className="mt-1 size-5 shrink-0 text-brand-600" />
                  {bullet}
                </li>
              ))}
            </ul>
          ) : null}
          {children}
          {data.actions ? <ActionRow actions={data.actions} /> : null}
        </div>
        <div className="overflow-hidden rounded-2xl shadow-lg ring-1 ring-slate-200">
          <LazyImage image={data.image} />
        </div>
      </div>
    </section>
  );
}
