import type { SVGProps } from 'react';
import spriteUrl from '~/assets/icons.svg';
import type { IconName } from './icon-names';

export type { IconName };

/**
 * One of the site's icons (lucide), drawn from the sprite app/assets/icons.svg: the page's
 * JavaScript carries only the icon's name, the drawings are one file the browser caches.
 * Decorative (hidden from screen readers) unless given an aria-label.
 */
export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden={props['aria-label'] ? undefined : true}
      focusable="false"
      width={24}
      height={24}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
