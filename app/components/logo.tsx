import { cn } from '~/lib/cn';
import { company } from '../../domain/company';

/**
 * The brand mark: a shield with a drop and a flame, drawn here so it needs no image request, and
 * the company's name. `compact` shows only the shield on narrow phones, where the header's
 * emergency button and menu need the room (the link around it carries the name).
 */
export function Logo({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <path
          d="M16 2 4 6.5v8.8c0 7.1 5 13 12 14.7 7-1.7 12-7.6 12-14.7V6.5L16 2Z"
          className={inverted ? 'fill-white' : 'fill-brand-700'}
        />
        <path
          d="M16 8.5c-2.8 3.6-4.6 6.3-4.6 8.7a4.6 4.6 0 0 0 9.2 0c0-2.4-1.8-5.1-4.6-8.7Z"
          className={inverted ? 'fill-brand-700' : 'fill-white'}
        />
      </svg>
      <span
        className={cn(
          'text-lg font-bold sm:text-xl',
          inverted ? 'text-white' : 'text-brand-900',
          compact && 'hidden min-[29rem]:inline',
        )}
      >
        {company.name}
      </span>
    </span>
  );
}
