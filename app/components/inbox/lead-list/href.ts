import { inboxPaths } from '~/content/inbox';
import { leadFilterParams, type LeadFilters } from '../api';

/** The list's address for these filters: the filters live in the URL. */
export function listHref(filters: LeadFilters): string {
  const query = leadFilterParams(filters).toString();
  return query ? `${inboxPaths.inbox}?${query}` : inboxPaths.inbox;
}
