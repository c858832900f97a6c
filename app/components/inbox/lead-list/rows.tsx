import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '~/components/icon';
import { inboxPaths } from '~/content/inbox';
import { inboxPagesText } from '~/content/inbox-pages';
import { cn } from '~/lib/cn';
import { KindBadge, PlainBadge, PriorityBadge, StatusBadge } from '../shared/badges';
import { inboxDuplicateText } from '~/content/inbox-duplicates';
import { formatAge, formatDateTime, formatPhoneNumber, isoDateTime, telHref } from '../shared/format';
import type { LeadSummary } from '../../../../domain/staff-api/leads';
import { LeadDeadline } from '../shared/lead-deadline';
import { CaseDeadline } from '../shared/case-deadline';

/** What a coordinator reads in a row (the API's lead summary). */
export type ListLead = LeadSummary;

const photoCount = (lead: ListLead) => lead.photoCount;
const receivedAt = (lead: ListLead) => lead.receivedAt;

const text = inboxPagesText.list;

/** Focuses the visible link of a lead (the card on a phone, the table row on a wider screen). */
export function focusLeadLink(id: string, preventScroll = false) {
  const links = [...document.querySelectorAll<HTMLElement>('[data-lead-link]')].filter(
    (link) => link.dataset.leadLink === id,
  );
  (links.find((link) => link.getClientRects().length > 0) ?? links[0])?.focus({ preventScroll });
}

/** The lead's phone as a link that calls it (a tap on a phone), or a note that there is none. */
function PhoneLink({ lead }: { lead: ListLead }) {
  if (!lead.phone) return <span className="text-slate-600">{text.noPhone}</span>;
  const phone = formatPhoneNumber(lead.phone);
  return (
    <a
      href={telHref(lead.phone)}
      aria-label={text.call(phone)}
      className="inline-flex min-h-6 items-center gap-1 font-medium whitespace-nowrap text-brand-800 underline underline-offset-4"
    >
      <Icon name="phone" className="size-4" />
      {phone}
    </a>
  );
}

function Age({ lead }: { lead: ListLead }) {
  const at = receivedAt(lead);
  return (
    <time dateTime={isoDateTime(at)} title={formatDateTime(at)}>
      {formatAge(at)}
    </time>
  );
}

interface RowProps {
  activeId?: string | null;
  selected?: ReadonlySet<string>;
  onSelect?: (id: string, on: boolean) => void;
  onActivate?: (id: string) => void;
}

function SelectBox({ lead, selected, onSelect, id }: RowProps & { lead: ListLead; id: string }) {
  if (!onSelect) return null;
  return (
    <input
      id={id}
      type="checkbox"
      checked={selected?.has(lead.id) ?? false}
      onChange={(event) => onSelect(lead.id, event.target.checked)}
      aria-label={text.selectLead(lead.reference, lead.name)}
      className="size-5 shrink-0 accent-brand-700"
    />
  );
}

export function LeadCard({
  lead,
  action,
  linkGroup,
  ...row
}: RowProps & {
  lead: ListLead;
  action?: ReactNode;
  linkGroup?: string;
}) {
  const urgent = lead.pagesOnCall;
  const active = row.activeId === lead.id;
  const photos = photoCount(lead);
  return (
    <li
      data-active={active || undefined}
      className={cn(
        'grid min-w-0 gap-2 rounded-xl border bg-white p-4',
        urgent ? 'border-l-8 border-emergency-700' : 'border-slate-300',
        active && 'ring-3 ring-brand-600',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <SelectBox lead={lead} id={`select-card-${lead.id}`} {...row} />
        <KindBadge kind={lead.kind} urgent={urgent} />
        <PriorityBadge priority={lead.priority} />
        <StatusBadge status={lead.status} />
        {lead.isCustomer ? <PlainBadge>{text.customer}</PlainBadge> : null}
        {lead.duplicateOf ? (
          <PlainBadge>{inboxDuplicateText.duplicateOf(lead.duplicateOf)}</PlainBadge>
        ) : null}
        <LeadDeadline lead={lead} />
        <CaseDeadline lead={lead} />
      </div>
      <p className="text-lg font-semibold wrap-anywhere">
        <Link
          to={inboxPaths.lead(lead.id)}
          data-lead-link={linkGroup ? undefined : lead.id}
          onFocus={() => row.onActivate?.(lead.id)}
          className="text-brand-900 underline decoration-1 underline-offset-4 hover:decoration-2"
        >
          {lead.name}
        </Link>
      </p>
      {lead.topic ? <p className="wrap-anywhere text-slate-800">{lead.topic}</p> : null}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <PhoneLink lead={lead} />
        {lead.town ? <span className="wrap-anywhere text-slate-800">{lead.town}</span> : null}
        {lead.insurer ? <span className="wrap-anywhere text-slate-700">{lead.insurer}</span> : null}
      </p>
      <p className="text-sm text-slate-600">
        <Age lead={lead} />
        {' · '}
        {lead.reference}
        {photos > 0 ? ` · ${text.photos(photos)}` : null}
      </p>
      {action ? <div>{action}</div> : null}
    </li>
  );
}

export function LeadTable({
  leads,
  action,
  ...row
}: RowProps & { leads: ListLead[]; action?: (lead: LeadSummary) => ReactNode }) {
  const columns = text.columns;
  const cell = 'px-3 py-3 align-top';
  return (
    // Focusable, so a keyboard can scroll the table when the window is narrower than it.
    <div
      tabIndex={0}
      role="region"
      aria-label={text.tableLabel}
      className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block"
    >
      <table className="w-full border-collapse text-left">
        <thead className="bg-slate-100 text-sm text-slate-700">
          <tr>
            <th scope="col" className={cell}>
              <span className="sr-only">{columns.select}</span>
            </th>
            <th scope="col" className={cell}>
              {columns.received}
            </th>
            <th scope="col" className={cell}>
              {columns.name}
            </th>
            <th scope="col" className={cell}>
              {columns.topic}
            </th>
            <th scope="col" className={cell}>
              {columns.contact}
            </th>
            <th scope="col" className={cn(cell, 'hidden lg:table-cell')}>
              {columns.insurer}
            </th>
            <th scope="col" className={cell}>
              {columns.status}
            </th>
            {action ? (
              <th scope="col" className={cell}>
                {columns.action}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => {
            const urgent = lead.pagesOnCall;
            const active = row.activeId === lead.id;
            const photos = photoCount(lead);
            return (
              <tr
                key={lead.id}
                data-active={active || undefined}
                className={cn(
                  'border-t border-slate-200',
                  urgent && 'bg-emergency-50',
                  active && 'outline-3 -outline-offset-3 outline-brand-600',
                )}
              >
                <td className={cn(cell, urgent && 'border-l-8 border-emergency-700')}>
                  <SelectBox lead={lead} id={`select-row-${lead.id}`} {...row} />
                </td>
                <td className={cn(cell, 'text-sm whitespace-nowrap text-slate-800')}>
                  <Age lead={lead} />
                  <span className="block text-slate-600">{lead.reference}</span>
                </td>
                <td className={cn(cell, 'min-w-40 wrap-anywhere')}>
                  <Link
                    to={inboxPaths.lead(lead.id)}
                    data-lead-link={lead.id}
                    onFocus={() => row.onActivate?.(lead.id)}
                    className="font-semibold text-brand-900 underline decoration-1 underline-offset-4 hover:decoration-2"
                  >
                    {lead.name}
                  </Link>
                  <span className="mt-1 flex flex-wrap gap-1">
                    <KindBadge kind={lead.kind} urgent={urgent} />
                    <PriorityBadge priority={lead.priority} />
                    {lead.isCustomer ? <PlainBadge>{text.customer}</PlainBadge> : null}
                    {lead.duplicateOf ? (
                      <PlainBadge>{inboxDuplicateText.duplicateOf(lead.duplicateOf)}</PlainBadge>
                    ) : null}
                  </span>
                </td>
                <td className={cn(cell, 'min-w-32 wrap-anywhere text-slate-800')}>
                  {lead.topic}
                  {photos > 0 ? (
                    <span className="block text-sm text-slate-600">{text.photos(photos)}</span>
                  ) : null}
                </td>
                <td className={cn(cell, 'wrap-anywhere')}>
                  <PhoneLink lead={lead} />
                  {lead.town ? <span className="block text-sm text-slate-700">{lead.town}</span> : null}
                </td>
                <td className={cn(cell, 'hidden wrap-anywhere text-slate-800 lg:table-cell')}>
                  {lead.insurer}
                </td>
                <td className={cell}>
                  <span className="grid justify-items-start gap-1">
                    <StatusBadge status={lead.status} />
                    <LeadDeadline lead={lead} />
                    <CaseDeadline lead={lead} />
                  </span>
                </td>
                {action ? <td className={cell}>{action(lead)}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
