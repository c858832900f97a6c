import { Link } from 'react-router';
import { inboxPaths } from '~/content/inbox';
import { oncallText } from '~/content/inbox-oncall';
import { cn } from '~/lib/cn';
import { leadFilterParams, type LeadFilters } from '../api';

const text = oncallText.assignedFilter;

const choices = [
  { value: undefined, label: text.all },
  { value: 'me', label: text.me },
  { value: 'none', label: text.none },
] as const;

/** The list's "Alle sager / Mine sager / Ikke tildelt" links; the other filters stay as they are. */
export function AssignmentFilter({ filters }: { filters: LeadFilters }) {
  return (
    <nav aria-label={text.label}>
      <ul className="flex flex-wrap gap-2">
        {choices.map(({ value, label }) => {
          const current = filters.assigned === value;
          const query = leadFilterParams({ ...filters, assigned: value }).toString();
          return (
            <li key={label}>
              <Link
                to={query ? `${inboxPaths.inbox}?${query}` : inboxPaths.inbox}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-flex h-11 items-center rounded-lg border px-3 font-medium focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                  current
                    ? 'border-brand-800 bg-brand-50 text-brand-900 underline decoration-2 underline-offset-4'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-800',
                )}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
