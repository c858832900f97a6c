/**
 * The clientLoaders of the inbox's routes. They run in the browser only (the inbox is never
 * prerendered); a 401 from any of them sends the visitor to the login page, so no private page is
 * ever shown without a valid session, including after the back button.
 */
import { redirect, type ClientLoaderFunctionArgs } from 'react-router';
import { inboxPaths } from '~/content/inbox';
import { inboxStatusLabels } from '~/content/inbox-pages';
import { inboxKindLabels } from '~/content/inbox-kinds';
import { inboxPriorityText } from '~/content/inbox-priority';
import { caseClockText } from '~/content/inbox-casework-clocks';
import { isUnauthorized, leadFilterNames, StaffApiError, staffApi, type LeadFilters } from './api';
import { fetchLeadVersion } from './lead-version';
import { monthsBefore } from './shared/oncall-format';
import { urgentFilters } from './lead-list/urgent-leads';

export async function authorized<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(inboxPaths.login);
    throw error;
  }
}

export { inboxMeta } from './meta';

/** The logged-in staff member, for the inbox's header; anyone else goes to the login page. */
export async function loadStaff({ request }: ClientLoaderFunctionArgs) {
  const me = await authorized(() => staffApi.me(request.signal));
  if (me.secondFactor !== 'done') throw redirect(inboxPaths.login);
  return { me };
}

export function filtersFromSearch(search: URLSearchParams): LeadFilters {
  const filters: LeadFilters = {};
  for (const name of leadFilterNames) {
    const value = search.get(name)?.trim();
    if (value) filters[name] = value;
  }
  // Unknown values (an old or mistyped link) mean no filter rather than an error.
  if (filters.status && !Object.hasOwn(inboxStatusLabels, filters.status)) delete filters.status;
  if (filters.kind && !Object.hasOwn(inboxKindLabels, filters.kind)) delete filters.kind;
  if (filters.assigned && filters.assigned !== 'me' && filters.assigned !== 'none') delete filters.assigned;
  if (filters.priority && !Object.hasOwn(inboxPriorityText.options, filters.priority))
    delete filters.priority;
  if (filters.overdue && !caseClockText.filter.options.some((option) => option.value === filters.overdue))
    delete filters.overdue;
  if (filters.satisfaction !== 'utilfreds') delete filters.satisfaction;
  // Newest first is the list's own order: only the others are written in the address.
  if (filters.sort !== 'priority' && filters.sort !== 'deadline') delete filters.sort;
  return filters;
}

/** The list for the filters in the URL, and the new emergencies shown above it. */
export async function loadLeads({ request }: ClientLoaderFunctionArgs) {
  const filters = filtersFromSearch(new URL(request.url).searchParams);
  const spamView = filters.status === 'spam';
  const [page, urgent] = await authorized(() =>
    Promise.all([
      staffApi.leads(filters, null, request.signal),
      spamView ? null : staffApi.leads(urgentFilters, null, request.signal),
    ]),
  );
  // The counts per status leave the status out, so `new` counts every new emergency.
  return { filters, page, urgent: urgent?.leads ?? [], urgentTotal: urgent?.counts.new ?? 0 };
}

/**
 * One lead, with its timeline and the staff it can be given to. The lead decides: without the
 * other two the page still shows it (and says the timeline could not be read).
 */
export async function loadLead({ params, request }: ClientLoaderFunctionArgs) {
  const id = params.id ?? '';
  // Read before the lead, so a change in between shows as a new version (useLiveLead).
  const version = await fetchLeadVersion(id, null, request.signal).catch(() => null);
  const [{ lead }, timeline, rota] = await authorized(() =>
    Promise.all([
      staffApi.lead(id, request.signal),
      staffApi.timeline(id, request.signal).catch(() => null),
      staffApi.rota(request.signal).catch(() => null),
    ]),
  );
  return {
    lead,
    version,
    timeline: Array.isArray(timeline?.events) ? timeline.events : null,
    staff: Array.isArray(rota?.staff) ? rota.staff : null,
  };
}

/** The rota and who is asking (their own phone number is edited on the same page). */
export async function loadRota({ request }: ClientLoaderFunctionArgs) {
  const [rota, me] = await authorized(() =>
    Promise.all([staffApi.rota(request.signal), staffApi.me(request.signal)]),
  );
  return { rota, me };
}

/** The current month in Danish time, 'YYYY-MM'. */
export function currentMonth(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Copenhagen',
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .slice(0, 7);
}

/** The twelve months up to and with `month` as Danish days: the first's 1st to the last's last. */
export function twelveMonthsTo(month: string): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return {
    from: `${monthsBefore(month, 12).at(-1)!}-01`,
    to: `${month}-${String(lastDay).padStart(2, '0')}`,
  };
}

/**
 * A month's Beredskab figures: the month in the address (?maaned=YYYY-MM), else the current one;
 * the share satisfied of the customers and of the adjusters in the twelve months up to it.
 */
export async function loadFigures({ request }: ClientLoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('maaned') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : currentMonth();
  const period = twelveMonthsTo(month);
  const [figures, byInsurer, { insurers }, customers, adjusters] = await authorized(() =>
    Promise.all([
      staffApi.figures(month, request.signal),
      staffApi.insurerFigures(month, request.signal),
      staffApi.insurers(request.signal),
      staffApi.satisfactionFigures({ respondent: 'kunde', ...period }, request.signal),
      staffApi.satisfactionFigures({ respondent: 'taksator', ...period }, request.signal),
    ]),
  );
  return { month, figures, byInsurer, insurers, satisfaction: { period, customers, adjusters } };
}

export async function loadAudit({ request }: ClientLoaderFunctionArgs) {
  const page = await authorized(() => staffApi.audit(null, request.signal)).catch((error: unknown) => {
    // Not a koordinator: the page says the log needs the role (./shared/staff-role.tsx) and shows no entries.
    if (error instanceof StaffApiError && error.status === 403) return { entries: [], nextCursor: null };
    throw error;
  });
  return { page };
}
