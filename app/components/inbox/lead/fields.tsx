import { cn } from '~/lib/cn';
import type { LeadRow } from '../../../../domain/staff-api/leads';

/**
 * Only links staff can safely follow are links; anything else is shown as text. Not mailto: an
 * e-mail to the customer is written in the lead's thread, where colleagues see it.
 */
function safeHref(href: string | undefined): string | undefined {
  return href && /^(tel:|https?:)/i.test(href) ? href : undefined;
}

/** The lead's fields, each in its own labelled row. */
export function LeadFields({ rows }: { rows: LeadRow[] }) {
  return (
    <dl className="divide-y divide-slate-200 print:text-sm">
      {rows.map((row, index) => {
        const href = safeHref(row.href);
        return (
          <div
            key={`${row.label}-${index}`}
            className="grid grid-cols-[minmax(0,1fr)] gap-1 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4 print:grid-cols-[9rem_minmax(0,1fr)] print:gap-2 print:py-1"
          >
            <dt className="font-semibold wrap-anywhere text-slate-700">{row.label}</dt>
            <dd className={cn('wrap-anywhere text-slate-900', row.multiline && 'whitespace-pre-line')}>
              {href ? (
                <a href={href} className="text-brand-800 underline underline-offset-4">
                  {row.value}
                </a>
              ) : (
                row.value
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
