/**
 * Where staff were in the list: the pages fetched with "Vis flere", the lead they had moved to and
 * how far they had scrolled, per filter (the list's address). Going back to the list (the
 * browser's back button, a POP navigation) puts them there again; any other way to the list starts
 * at the top. Kept in memory only: a reload of the page starts over.
 */
import type { LeadSummary } from '../../../../domain/staff-api/leads';

export interface ListPlace {
  /** Leads fetched after the first page. */
  leads: LeadSummary[];
  nextCursor: string | null;
  scrollY: number;
  activeId: string | null;
}

const places = new Map<string, ListPlace>();

export function rememberPlace(key: string, place: Partial<ListPlace>): void {
  const previous = places.get(key) ?? { leads: [], nextCursor: null, scrollY: 0, activeId: null };
  places.set(key, { ...previous, ...place });
}

export function recallPlace(key: string): ListPlace | undefined {
  return places.get(key);
}

export function forgetPlaces(): void {
  places.clear();
}

/**
 * The leads of the first page followed by the remembered later pages, without the ones the fresh
 * first page already has (leads that arrived since then push older ones down).
 */
export function mergePages(first: readonly LeadSummary[], later: readonly LeadSummary[]): LeadSummary[] {
  const seen = new Set(first.map((lead) => lead.id));
  return later.filter((lead) => !seen.has(lead.id));
}
