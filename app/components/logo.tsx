import { company } from '~/content/company';

/** The brand mark: a shield with a drop and a flame, drawn here so it needs no image request. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
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
        className={
          inverted ? 'text-lg font-bold text-white sm:text-xl' : 'text-lg font-bold text-brand-900 sm:text-xl'
        }
      >
        {company.name}
      </span>
    </span>
  );
}
