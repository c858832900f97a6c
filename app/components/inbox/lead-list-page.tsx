import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { Icon } from '~/components/icon';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Select } from '~/components/ui/select';
import { inboxKindLabels, inboxPaths, inboxStatusLabels, inboxText } from '~/content/inbox';
import { cn } from '~/lib/cn';
import {
  errorMessage,
  isUnauthorized,
  leadExportUrl,
  leadFilterParams,
  staffApi,
  type LeadFilters,
} from './api';
import { KindBadge, PlainBadge, StatusBadge } from './badges';
import { formatDateTime, isoDateTime } from './format';
import { LiveMessage } from './live-message';
import { useReload } from './use-reload';
import type { loadLeads } from './loaders';
import type { LeadKind, LeadPage, LeadStatus, LeadSummary } from '../../../domain/staff-api';

const text = inboxText.list;

function listHref(filters: LeadFilters): string {
  const query = leadFilterParams(filters).toString();
  return query ? `${inboxPaths.inbox}?${query}` : inboxPaths.inbox;
}

const kindOptions = (Object.keys(inboxKindLabels) as LeadKind[]).map((kind) => ({
  value: kind,
  label: inboxKindLabels[kind],
}));

/**
 * /indbakke: every lead, newest first, with the new emergencies in a red block above the list;
 * filters by status (with counts), kind, dates and free text, all in the URL; "Vis flere" pages on
 * with the server's cursor. Cards on a phone, a table from tablet width.
 */
export function LeadListPage() {
  const { filters, page, urgent } = useLoaderData<typeof loadLeads>();
  const navigate = useNavigate();
  const reload = useReload();
  const [more, setMore] = useState<{
    base: LeadPage;
    leads: LeadSummary[];
    nextCursor: string | null;
  } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const focusAfterMore = useRef<string | null>(null);

  useEffect(() => {
    if (!focusAfterMore.current) return;
    focusLeadLink(focusAfterMore.current);
    focusAfterMore.current = null;
  }, [more]);

  // Pages fetched with "Vis flere" belong to the list they continued; a new list starts over.
  const extra = more?.base === page ? more : null;
  const leads = extra ? [...page.leads, ...extra.leads] : page.leads;
  const nextCursor = extra ? extra.nextCursor : page.nextCursor;
  const spamView = filters.status === 'spam';

  const fail = (caught: unknown) => {
    if (isUnauthorized(caught)) return void navigate(inboxPaths.login, { replace: true });
    setError(errorMessage(caught));
  };

  const showMore = async () => {
    if (!nextCursor) return;
    setError(null);
    setLoadingMore(true);
    try {
      const next = await staffApi.leads(filters, nextCursor);
      setMore({ base: page, leads: [...(extra?.leads ?? []), ...next.leads], nextCursor: next.nextCursor });
      // Focus goes to the first new lead, so a keyboard user continues where the list grew.
      focusAfterMore.current = next.leads[0]?.id ?? null;
    } catch (caught) {
      fail(caught);
    } finally {
      setLoadingMore(false);
    }
  };

  const markNotSpam = async (lead: LeadSummary) => {
    setError(null);
    setMessage(null);
    setBusyId(lead.id);
    try {
      await staffApi.updateLead(lead.id, { status: 'new' });
      setMessage(text.notSpamDone(lead.reference));
      await reload();
      // The lead has left this list (and its button with it): focus goes back to the list.
      document.getElementById('lead-list-heading')?.focus();
    } catch (caught) {
      fail(caught);
    } finally {
      setBusyId(null);
    }
  };

  const action = spamView
    ? (lead: LeadSummary) => (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busyId === lead.id}
          onClick={() => markNotSpam(lead)}
          aria-label={`${text.notSpam}: ${lead.reference}`}
        >
          {text.notSpam}
        </Button>
      )
    : undefined;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 tabIndex={-1} className="text-3xl font-bold text-brand-950 focus:outline-none">
          {text.heading}
        </h1>
        <div className="grid justify-items-start gap-1 sm:justify-items-end">
          <a
            href={leadExportUrl(filters)}
            download
            className={buttonClasses('outline', 'sm')}
            aria-describedby="export-hint"
          >
            <Icon name="download" />
            {text.exportCsv}
          </a>
          <span id="export-hint" className="text-sm text-slate-600">
            {text.exportHint}
          </span>
        </div>
      </div>

      {urgent.length > 0 ? <UrgentLeads leads={urgent} /> : null}

      <StatusNavigation filters={filters} counts={page.counts} />
      <Filters key={listHref(filters)} filters={filters} onApply={(next) => navigate(listHref(next))} />

      <LiveMessage message={error} tone="error" />
      <LiveMessage message={message} />

      <section aria-labelledby="lead-list-heading" className="grid gap-4">
        <h2 id="lead-list-heading" tabIndex={-1} className="sr-only">
          {filters.status ? inboxStatusLabels[filters.status as LeadStatus] : text.allStatuses}
        </h2>
        {spamView ? <p className="text-slate-700">{text.spamIntro}</p> : null}
        <p role="status" className="font-medium text-slate-700">
          {leads.length === 0
            ? spamView
              ? text.emptySpam
              : text.empty
            : text.showing(leads.length, Boolean(nextCursor))}
        </p>
        {leads.length > 0 ? (
          <>
            <ul className="grid gap-3 md:hidden">
              {leads.map((lead) => (
                <LeadCard key={lead.id} lead={lead} action={action?.(lead)} />
              ))}
            </ul>
            <LeadTable leads={leads} action={action} />
          </>
        ) : null}
        {nextCursor ? (
          <Button
            type="button"
            variant="outline"
            className="justify-self-center"
            onClick={showMore}
            disabled={loadingMore}
          >
            {loadingMore ? text.loadingMore : text.showMore}
          </Button>
        ) : null}
      </section>
    </>
  );
}

/** Focuses the visible link of a lead (the card on a phone, the table row on a wider screen). */
function focusLeadLink(id: string) {
  const links = [...document.querySelectorAll<HTMLElement>('[data-lead-link]')].filter(
    (link) => link.dataset.leadLink === id,
  );
  (links.find((link) => link.getClientRects().length > 0) ?? links[0])?.focus();
}

function UrgentLeads({ leads }: { leads: LeadSummary[] }) {
  return (
    <section
      aria-labelledby="urgent-heading"
      className="grid gap-3 rounded-2xl border-2 border-emergency-700 bg-emergency-50 p-4 sm:p-5"
    >
      <h2 id="urgent-heading" className="flex items-center gap-2 text-xl font-bold text-emergency-900">
        <Icon name="siren" className="size-6" />
        {text.urgentHeading} ({leads.length})
      </h2>
      <p className="text-emergency-900">{text.urgentIntro}</p>
      <ul className="grid gap-3 lg:grid-cols-2">
        {leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} linkGroup="urgent" />
        ))}
      </ul>
    </section>
  );
}

function StatusNavigation({ filters, counts }: { filters: LeadFilters; counts: LeadPage['counts'] }) {
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

function Filters({ filters, onApply }: { filters: LeadFilters; onApply: (filters: LeadFilters) => void }) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    };
    onApply({ status: filters.status, kind: read('kind'), from: read('from'), to: read('to'), q: read('q') });
  };
  return (
    <form
      role="search"
      aria-label={text.filtersHeading}
      onSubmit={apply}
      className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
    >
      <FormField
        id="filter-q"
        label={text.search}
        hint={text.searchHint}
        className="col-span-2 lg:col-span-1"
      >
        {(control) => <Input {...control} type="search" name="q" defaultValue={filters.q ?? ''} />}
      </FormField>
      <FormField id="filter-kind" label={text.kind} className="col-span-2 lg:col-span-1">
        {(control) => (
          <Select
            {...control}
            name="kind"
            options={kindOptions}
            placeholder={text.allKinds}
            defaultValue={filters.kind ?? ''}
          />
        )}
      </FormField>
      <FormField id="filter-from" label={text.from} className="min-w-0">
        {(control) => (
          <Input {...control} type="date" name="from" defaultValue={filters.from ?? ''} className="min-w-0" />
        )}
      </FormField>
      <FormField id="filter-to" label={text.to} className="min-w-0">
        {(control) => (
          <Input {...control} type="date" name="to" defaultValue={filters.to ?? ''} className="min-w-0" />
        )}
      </FormField>
      <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-1">
        <Button type="submit">
          <Icon name="search" />
          {text.apply}
        </Button>
        <Link to={listHref({ status: filters.status })} className={buttonClasses('ghost', 'md', 'underline')}>
          {text.reset}
        </Link>
      </div>
    </form>
  );
}

function LeadMeta({ lead }: { lead: LeadSummary }) {
  return (
    <>
      <time dateTime={isoDateTime(lead.receivedAt)}>{formatDateTime(lead.receivedAt)}</time>
      {' · '}
      {lead.reference}
      {lead.photoCount > 0 ? ` · ${text.photos(lead.photoCount)}` : null}
    </>
  );
}

function LeadCard({
  lead,
  action,
  linkGroup,
}: {
  lead: LeadSummary;
  action?: ReactNode;
  linkGroup?: string;
}) {
  const urgent = lead.kind === 'akut-skade';
  return (
    <li
      className={cn(
        'grid gap-2 rounded-xl border bg-white p-4',
        urgent ? 'border-emergency-700 border-l-8' : 'border-slate-300',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <KindBadge kind={lead.kind} />
        <StatusBadge status={lead.status} />
        {lead.isCustomer ? <PlainBadge>{text.customer}</PlainBadge> : null}
      </div>
      <p className="text-lg font-semibold">
        <Link
          to={inboxPaths.lead(lead.id)}
          data-lead-link={linkGroup ? undefined : lead.id}
          className="text-brand-900 underline decoration-1 underline-offset-4 hover:decoration-2"
        >
          {lead.name}
        </Link>
      </p>
      {lead.topic ? <p className="text-slate-800">{lead.topic}</p> : null}
      <p className="text-sm text-slate-600">
        <LeadMeta lead={lead} />
      </p>
      {action ? <div>{action}</div> : null}
    </li>
  );
}

function LeadTable({ leads, action }: { leads: LeadSummary[]; action?: (lead: LeadSummary) => ReactNode }) {
  const columns = text.columns;
  const cell = 'px-3 py-3 align-top';
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
      <table className="w-full border-collapse text-left">
        <thead className="bg-slate-100 text-sm text-slate-700">
          <tr>
            <th scope="col" className={cell}>
              {columns.received}
            </th>
            <th scope="col" className={cell}>
              {columns.kind}
            </th>
            <th scope="col" className={cell}>
              {columns.name}
            </th>
            <th scope="col" className={cell}>
              {columns.topic}
            </th>
            <th scope="col" className={cell}>
              {columns.reference}
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
            const urgent = lead.kind === 'akut-skade';
            return (
              <tr key={lead.id} className={cn('border-t border-slate-200', urgent && 'bg-emergency-50')}>
                <td className={cn(cell, 'whitespace-nowrap', urgent && 'border-l-8 border-emergency-700')}>
                  <time dateTime={isoDateTime(lead.receivedAt)}>{formatDateTime(lead.receivedAt)}</time>
                </td>
                <td className={cell}>
                  <KindBadge kind={lead.kind} />
                </td>
                <td className={cell}>
                  <Link
                    to={inboxPaths.lead(lead.id)}
                    data-lead-link={lead.id}
                    className="font-semibold text-brand-900 underline decoration-1 underline-offset-4 hover:decoration-2"
                  >
                    {lead.name}
                  </Link>
                  {lead.isCustomer ? (
                    <span className="ml-2">
                      <PlainBadge>{text.customer}</PlainBadge>
                    </span>
                  ) : null}
                </td>
                <td className={cn(cell, 'text-slate-800')}>
                  {lead.topic}
                  {lead.photoCount > 0 ? (
                    <span className="block text-sm text-slate-600">{text.photos(lead.photoCount)}</span>
                  ) : null}
                </td>
                <td className={cn(cell, 'whitespace-nowrap')}>{lead.reference}</td>
                <td className={cell}>
                  <StatusBadge status={lead.status} />
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
