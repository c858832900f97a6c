import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useLocation, useNavigate, useNavigationType } from 'react-router';
import { Icon } from '~/components/icon';
import { Button, buttonClasses } from '~/components/ui/button';
import { inboxPaths } from '~/content/inbox';
import { inboxStatusLabels } from '~/content/inbox-pages';
import { inboxPagesText } from '~/content/inbox-pages';
import { errorMessage, isUnauthorized, leadExportUrl, staffApi } from '../api';
import { AssignmentFilter } from './assignment-filter';
import { BatchUpdate } from './batch-update';
import { BulkBar } from './bulk-bar';
import { Filters } from './filters';
import { listHref } from './href';
import { focusLeadLink, LeadCard, LeadTable, type ListLead } from './rows';
import { ShowMoreButton } from '../shared/show-more';
import { StatusNavigation } from './status-navigation';
import { setStatusOfLeads } from './statuses';
import { mergePages, recallPlace, rememberPlace } from './list-place';
import { LiveMessage } from '../shared/live-message';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useMay } from '../shared/staff-role';
import { UrgentLeads } from './urgent-leads';
import { useLeadListShortcuts } from './use-shortcuts';
import { useReload } from '../shared/use-reload';
import type { loadLeads } from '../loaders';
import type { LeadPage, LeadSummary } from '../../../../domain/staff-api/leads';
import type { LeadStatus } from '../../../../domain/staff-api/shared';

const text = inboxPagesText.list;

/**
 * /indbakke: every lead, newest first, with the new emergencies in a red block above the list;
 * filters by status (with counts), kind, dates and free text, all in the URL; "Vis flere" pages on
 * with the server's cursor. Cards on a phone, a table from tablet width. Staff select leads with
 * checkboxes and set their status at once, and work the list from the keyboard (j/k, o/Enter, e,
 * /, ?). Back from a lead, the list is where they left it (./list-place.ts).
 */
export function LeadListPage() {
  const { filters, page, urgent, urgentTotal } = useLoaderData<typeof loadLeads>();
  const mayExport = useMay('csvExport');
  const mayBatch = useMay('batchMessages');
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
      await staffApi.updateLead(lead.id, { status: 'done', notifyCustomer: false });
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

  useLeadListShortcuts({ leads, activeId, move, rememberScroll, closeLead, navigate, setShortcutsOpen });

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
          {mayExport ? (
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
          ) : null}
        </div>
      </div>

      {urgent.length > 0 ? <UrgentLeads leads={urgent} total={Math.max(urgentTotal, urgent.length)} /> : null}
      {mayBatch ? <BatchUpdate /> : null}

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
        {nextCursor ? <ShowMoreButton onClick={showMore} loading={loadingMore} /> : null}
      </section>
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  );
}
