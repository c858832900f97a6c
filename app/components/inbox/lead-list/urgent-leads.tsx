import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '~/components/icon';
import { inboxPagesText } from '~/content/inbox-pages';
import type { LeadFilters } from '../api';
import { listHref } from './href';
import { LeadCard, type ListLead } from './rows';

const text = inboxPagesText.list;

/**
 * What the block asks for: new leads that paged the on-call staff (emergencies, urgent
 * assignments), critical first (then newest).
 */
export const urgentFilters: LeadFilters = { akut: 'ja', status: 'new', sort: 'priority' };

/** Wider than a phone: the block starts open; on a phone it starts folded above the list. */
const wideScreen = '(min-width: 40rem)';

/**
 * The new emergencies, in a red block above the list: the count of all of them, the first page
 * critical first, and a link to the whole list when there are more. It folds (a plain
 * <details>), and starts folded on a phone, where it would push the search and the list away.
 */
export function UrgentLeads({ leads, total }: { leads: ListLead[]; total: number }) {
  const [open, setOpen] = useState(
    () => typeof window === 'undefined' || window.matchMedia?.(wideScreen).matches !== false,
  );
  return (
    <section
      aria-labelledby="urgent-heading"
      className="min-w-0 rounded-2xl border-2 border-emergency-700 bg-emergency-50 p-4 sm:p-5"
    >
      <details
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="group grid gap-3"
      >
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded [&::-webkit-details-marker]:hidden">
          <h2 id="urgent-heading" className="flex items-center gap-2 text-xl font-bold text-emergency-900">
            <Icon name="siren" className="size-6" />
            {text.urgentHeading} ({total})
          </h2>
          <Icon name="chevron-down" className="size-6 shrink-0 text-emergency-900 group-open:rotate-180" />
        </summary>
        <div className="mt-3 grid gap-3">
          <p className="text-emergency-900">{text.urgentIntro}</p>
          {total > leads.length ? (
            <p className="text-emergency-900">
              {text.urgentShowing(leads.length, total)}{' '}
              <Link to={listHref(urgentFilters)} className="font-semibold underline underline-offset-4">
                {text.urgentAll(total)}
              </Link>
            </p>
          ) : null}
          <ul className="grid gap-3 lg:grid-cols-2">
            {leads.map((lead) => (
              <LeadCard key={lead.id} lead={lead} linkGroup="urgent" />
            ))}
          </ul>
        </div>
      </details>
    </section>
  );
}
