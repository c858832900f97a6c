/**
 * The clientLoaders of the inbox's routes. They run in the browser only (the inbox is never
 * prerendered); a 401 from any of them sends the visitor to the login page, so no private page is
 * ever shown without a valid session, including after the back button.
 */
import { redirect, type ClientLoaderFunctionArgs } from 'react-router';
import { inboxKindLabels, inboxPaths, inboxStatusLabels } from '~/content/inbox';
import { isUnauthorized, leadFilterNames, staffApi, type LeadFilters } from './api';

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
  return filters;
}

/** The list for the filters in the URL, and the new emergencies shown above it. */
export async function loadLeads({ request }: ClientLoaderFunctionArgs) {
  const filters = filtersFromSearch(new URL(request.url).searchParams);
  const spamView = filters.status === 'spam';
  const [page, urgent] = await authorized(() =>
    Promise.all([
      staffApi.leads(filters, null, request.signal),
      spamView ? null : staffApi.leads({ kind: 'akut-skade', status: 'new' }, null, request.signal),
    ]),
  );
  return { filters, page, urgent: urgent?.leads ?? [] };
}

export async function loadLead({ params, request }: ClientLoaderFunctionArgs) {
  const { lead } = await authorized(() => staffApi.lead(params.id ?? '', request.signal));
  return { lead };
}

export async function loadAudit({ request }: ClientLoaderFunctionArgs) {
  const page = await authorized(() => staffApi.audit(null, request.signal));
  return { page };
}
