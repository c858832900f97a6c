import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useNavigationType } from 'react-router';
import { Icon } from '~/components/icon';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Select } from '~/components/ui/select';
import { inboxKindLabels, inboxPaths, inboxStatusLabels } from '~/content/inbox';
import { inboxPagesText } from '~/content/inbox-pages';
import { cn } from '~/lib/cn';
import {
  errorMessage,
  isUnauthorized,
  leadExportUrl,
  leadFilterParams,
  staffApi,
  type LeadFilters,
} from './api';
import { AssignmentFilter } from './assignment-filter';
import { KindBadge, PlainBadge, StatusBadge } from './badges';
import { formatAge, formatDateTime, formatPhoneNumber, isoDateTime, telHref } from './format';
import { setStatusOfLeads } from './lead-statuses';
import { mergePages, recallPlace, rememberPlace } from './list-place';
import { LiveMessage } from './live-message';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useReload } from './use-reload';
import type { loadLeads } from './loaders';
import type { LeadPage, LeadSummary } from '../../../domain/staff-api/leads';
import type { LeadKind, LeadStatus } from '../../../domain/staff-api/shared';

/** What a coordinator reads in a row (the API's lead summary). */
type ListLead = LeadSummary;

const photoCount = (lead: ListLead) => lead.photoCount;
const receivedAt = (lead: ListLead) => lead.receivedAt;

const statusOptions = (Object.keys(inboxStatusLabels) as LeadStatus[]).map((status) => ({
  value: status,
  label: inboxStatusLabels[status],
}));

/** True when the key press belongs to a field being typed in, so no shortcut may take it. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

const text = inboxPagesText.list;

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
 * with the server's cursor. Cards on a phone, a table from tablet width. Staff select leads with
 * checkboxes and set their status at once, and work the list from the keyboard (j/k, o/Enter, e,
 * /, ?). Back from a lead, the list is where they left it (./list-place.ts).
 */
export function LeadListPage() {
  const { filters, page, urgent } = useLoaderData<typeof loadLeads>();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  // Loaded anew by the live inbox (a new lead): the pages fetched with "Vis flere" stay.
  const liveRefresh = (useLocation().state as { liveRefresh?: boolean } | null)?.liveRefresh === true;
  const reload = useReload();
  const placeKey = listHref(filters);
  const restore = (): { base: LeadPage; leads: LeadSummary[]; nextCursor: string | null } | null => {
    const place = navigationType === 'POP' ? recallPlace(placeKey) : undefined;
    if (!place || place.leads.length === 0) return null;
    return { base: page, leads: mergePages(page.leads, place.leads), nextCursor: place.nextCursor };
  };
  const [more, setMore] = useState(restore);
  const [shownPage, setShownPage] = useState(page);
  const [activeId, setActiveId] = useState<string | null>(() =>
    navigationType === 'POP' ? (recallPlace(placeKey)?.activeId ?? null) : null,
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [bulkStatus, setBulkStatus] = useState<LeadStatus>('done');
  const [bulkBusy, setBulkBusy] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const focusAfterMore = useRef<string | null>(null);

  // A new list (other filters, or the same one loaded again): back to its remembered place, if any.
  if (shownPage !== page) {
    setShownPage(page);
    if (more?.base !== page)
      setMore(
        liveRefresh && more
          ? { base: page, leads: mergePages(page.leads, more.leads), nextCursor: more.nextCursor }
          : restore(),
      );
  }

  useEffect(() => {
    if (!focusAfterMore.current) return;
    focusLeadLink(focusAfterMore.current);
    focusAfterMore.current = null;
  }, [more]);

  // Back to the list: scroll to where staff were once the inbox's frame has moved focus to the
  // heading (and the site scrolled to the top), and focus the lead they had moved to.
  useEffect(() => {
    const place = navigationType === 'POP' ? recallPlace(placeKey) : undefined;
    if (!place || place.scrollY <= 0) return;
    let frame = requestAnimationFrame(() => {
      if (place.activeId) focusLeadLink(place.activeId, true);
      window.scrollTo({ top: place.scrollY, behavior: 'instant' });
      frame = requestAnimationFrame(() => window.scrollTo({ top: place.scrollY, behavior: 'instant' }));
    });
    return () => cancelAnimationFrame(frame);
    // Once per list shown: `page` is new for every load of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);

  // Pages fetched with "Vis flere" belong to the list they continued; a new list starts over.
  const extra = more?.base === page ? more : null;
  const leads: ListLead[] = extra ? [...page.leads, ...extra.leads] : page.leads;
  const nextCursor = extra ? extra.nextCursor : page.nextCursor;
  const spamView = filters.status === 'spam';
  const selectedIds = leads.filter((lead) => selected.has(lead.id)).map((lead) => lead.id);

  useEffect(() => {
    rememberPlace(placeKey, { leads: extra?.leads ?? [], nextCursor: extra?.nextCursor ?? null, activeId });
  }, [placeKey, extra, activeId]);

  const rememberScroll = () => rememberPlace(placeKey, { scrollY: window.scrollY, activeId });

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

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Set(leads.map((lead) => lead.id)) : new Set());

  const applyBulk = async () => {
    setError(null);
    setMessage(null);
    if (selectedIds.length === 0) return setError(text.bulkNoneSelected);
    setBulkBusy(true);
    try {
      await setStatusOfLeads(selectedIds, bulkStatus);
      await reload();
      setSelected(new Set());
      setMessage(text.bulkDone(selectedIds.length, inboxStatusLabels[bulkStatus]));
    } catch (caught) {
      fail(caught);
    } finally {
      setBulkBusy(false);
    }
  };

  const closeLead = async (lead: LeadSummary) => {
    setError(null);
    setMessage(null);
    const index = leads.findIndex((candidate) => candidate.id === lead.id);
    try {
      await staffApi.updateLead(lead.id, { status: 'done' });
      await reload();
      setMessage(text.closedOne(lead.reference, inboxStatusLabels.done));
      // On to the next lead, as after handling one in a mail program.
      const next = leads[index + 1] ?? leads[index - 1];
      if (next) {
        setActiveId(next.id);
        focusLeadLink(next.id);
      }
    } catch (caught) {
      fail(caught);
    }
  };

  const move = (step: 1 | -1) => {
    if (leads.length === 0) return;
    const index = leads.findIndex((lead) => lead.id === activeId);
    const next = leads[index === -1 ? 0 : Math.min(leads.length - 1, Math.max(0, index + step))]!;
    setActiveId(next.id);
    focusLeadLink(next.id);
  };

  const onShortcut = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
    const active = leads.find((lead) => lead.id === activeId);
    switch (event.key) {
      case 'j':
      case 'k':
        event.preventDefault();
        move(event.key === 'j' ? 1 : -1);
        return;
      case 'o':
      case 'Enter': {
        // Enter on a link or button is theirs; on the page itself it opens the selected lead.
        if (event.key === 'Enter' && event.target !== document.body) return;
        if (!active) return;
        event.preventDefault();
        rememberScroll();
        void navigate(inboxPaths.lead(active.id));
        return;
      }
      case 'e':
        if (!active) return;
        event.preventDefault();
        void closeLead(active);
        return;
      case '/':
        event.preventDefault();
        document.getElementById('filter-q')?.focus();
        return;
      case '?':
        event.preventDefault();
        setShortcutsOpen(true);
        return;
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onShortcut(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

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

  const rowProps = {
    activeId,
    selected,
    onSelect: toggle,
    onActivate: (id: string) => setActiveId(id),
  };

  return (
    <div className="contents" onClickCapture={rememberScroll}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 tabIndex={-1} className="text-3xl font-bold text-brand-950 focus:outline-none">
          {text.heading}
        </h1>
        <div className="flex flex-wrap items-start gap-3">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="underline"
            onClick={() => setShortcutsOpen(true)}
          >
            {text.shortcutsButton}
          </Button>
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
      </div>

      {urgent.length > 0 ? <UrgentLeads leads={urgent} /> : null}

      <StatusNavigation filters={filters} counts={page.counts} />
      <AssignmentFilter filters={filters} />
      <Filters key={listHref(filters)} filters={filters} onApply={(next) => navigate(listHref(next))} />

      <LiveMessage message={error} tone="error" />
      <LiveMessage message={message} />

      <section aria-labelledby="lead-list-heading" className="grid min-w-0 gap-4">
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
            <BulkBar
              count={selectedIds.length}
              total={leads.length}
              status={bulkStatus}
              busy={bulkBusy}
              onSelectAll={toggleAll}
              onStatus={setBulkStatus}
              onApply={applyBulk}
            />
            <ul className="grid gap-3 md:hidden">
              {leads.map((lead) => (
                <LeadCard key={lead.id} lead={lead} action={action?.(lead)} {...rowProps} />
              ))}
            </ul>
            <LeadTable leads={leads} action={action} {...rowProps} />
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
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  );
}

/** Focuses the visible link of a lead (the card on a phone, the table row on a wider screen). */
function focusLeadLink(id: string, preventScroll = false) {
  const links = [...document.querySelectorAll<HTMLElement>('[data-lead-link]')].filter(
    (link) => link.dataset.leadLink === id,
  );
  (links.find((link) => link.getClientRects().length > 0) ?? links[0])?.focus({ preventScroll });
}

function BulkBar({
  count,
  total,
  status,
  busy,
  onSelectAll,
  onStatus,
  onApply,
}: {
  count: number;
  total: number;
  status: LeadStatus;
  busy: boolean;
  onSelectAll: (on: boolean) => void;
  onStatus: (status: LeadStatus) => void;
  onApply: () => void;
}) {
  const allRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = count > 0 && count < total;
  }, [count, total]);
  return (
    <div
      role="group"
      aria-label={text.bulkLabel}
      className="flex flex-wrap items-end gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-3"
    >
      <label className="inline-flex min-h-11 items-center gap-2 font-medium">
        <input
          ref={allRef}
          type="checkbox"
          checked={count > 0 && count === total}
          onChange={(event) => onSelectAll(event.target.checked)}
          className="size-5 accent-brand-700"
        />
        {text.selectAll}
      </label>
      <p className="min-h-11 content-center text-slate-700" aria-live="polite">
        {text.selected(count)}
      </p>
      <FormField id="bulk-status" label={text.bulkStatus} className="min-w-40">
        {(control) => (
          <Select
            {...control}
            options={statusOptions}
            value={status}
            onChange={(event) => onStatus(event.target.value as LeadStatus)}
          />
        )}
      </FormField>
      <Button type="button" variant="outline" onClick={onApply} disabled={busy}>
        {busy ? text.bulkApplying : text.bulkApply}
      </Button>
    </div>
  );
}

function UrgentLeads({ leads }: { leads: ListLead[] }) {
  return (
    <section
      aria-labelledby="urgent-heading"
      className="grid min-w-0 gap-3 rounded-2xl border-2 border-emergency-700 bg-emergency-50 p-4 sm:p-5"
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

/** True when both days are given and the first comes after the second ('YYYY-MM-DD' sorts as text). */
export function isImpossibleRange(from: string | undefined, to: string | undefined): boolean {
  return Boolean(from && to && from > to);
}

function Filters({ filters, onApply }: { filters: LeadFilters; onApply: (filters: LeadFilters) => void }) {
  const [rangeError, setRangeError] = useState(isImpossibleRange(filters.from, filters.to));
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    };
    const from = read('from');
    const to = read('to');
    if (isImpossibleRange(from, to)) {
      setRangeError(true);
      document.getElementById('filter-from')?.focus();
      return;
    }
    setRangeError(false);
    onApply({
      status: filters.status,
      assigned: filters.assigned,
      kind: read('kind'),
      from,
      to,
      q: read('q'),
    });
  };
  const dateError = rangeError ? text.dateOrder : undefined;
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
          <Input
            {...control}
            type="date"
            name="from"
            defaultValue={filters.from ?? ''}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? 'filter-range-error' : undefined}
            className="min-w-0"
          />
        )}
      </FormField>
      <FormField id="filter-to" label={text.to} className="min-w-0">
        {(control) => (
          <Input
            {...control}
            type="date"
            name="to"
            defaultValue={filters.to ?? ''}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? 'filter-range-error' : undefined}
            className="min-w-0"
          />
        )}
      </FormField>
      <LiveMessage
        id="filter-range-error"
        message={dateError}
        tone="error"
        className="col-span-2 lg:order-last lg:col-span-5"
      />
      <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-1">
        <Button type="submit">
          <Icon name="search" />
          {text.apply}
        </Button>
        <Link
          to={listHref({ status: filters.status, assigned: filters.assigned })}
          className={buttonClasses('ghost', 'md', 'underline')}
        >
          {text.reset}
        </Link>
      </div>
    </form>
  );
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

function LeadCard({
  lead,
  action,
  linkGroup,
  ...row
}: RowProps & {
  lead: ListLead;
  action?: ReactNode;
  linkGroup?: string;
}) {
  const urgent = lead.kind === 'akut-skade';
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
        <KindBadge kind={lead.kind} />
        <StatusBadge status={lead.status} />
        {lead.isCustomer ? <PlainBadge>{text.customer}</PlainBadge> : null}
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

function LeadTable({
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
            const urgent = lead.kind === 'akut-skade';
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
                    <KindBadge kind={lead.kind} />
                    {lead.isCustomer ? <PlainBadge>{text.customer}</PlainBadge> : null}
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
