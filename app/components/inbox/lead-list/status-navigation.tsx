import { Link } from 'react-router';
import { inboxStatusLabels } from '~/content/inbox-pages';
import { inboxPagesText } from '~/content/inbox-pages';
import { cn } from '~/lib/cn';
import type { LeadFilters } from '../api';
import { listHref } from './href';
import type { LeadPage } from '../../../../domain/staff-api/leads';
import type { LeadStatus } from '../../../../domain/staff-api/shared';

const text = inboxPagesText.list;

/** The list's status filter as links, each with its count. */
export function StatusNavigation({ filters, counts }: { filters: LeadFilters; counts: LeadPage['counts'] }) {
  const items: Array<{ status: LeadStatus | undefined; label: string; count: number }> = [
    { status: undefined, label: text.allStatuses, count: counts.new + counts['in-progress'] + counts.done },
    ...(['new', 'in-progress', 'done', 'spam'] as const).map((status) => ({
      status,
      label: inboxStatusLabels[status],
      count: counts[status],
    })),
  ];
  return (
    <nav aria-label={text.statusNavLabel}>
      <ul className="flex flex-wrap gap-2">
        {items.map(({ status, label, count }) => {
          const current = (filters.status ?? undefined) === status;
          return (
            <li key={label}>
              <Link
                to={listHref({ ...filters, status })}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-flex h-11 items-center gap-2 rounded-full border px-4 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                  current
                    ? 'border-brand-800 bg-brand-800 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-800',
                )}
              >
                {label}
                <span
                  className={cn(
                    'rounded-full px-2 text-sm',
                    current ? 'bg-white text-brand-900' : 'bg-slate-100 text-slate-800',
                  )}
                >
                  {count}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
