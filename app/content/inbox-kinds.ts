import { leadKindRegistry, leadKindShortLabels, type LeadKind } from '../../domain/lead-kinds';

/**
 * The lead kinds as the inbox shows them, from the lead-kind registry (domain/lead-kinds.ts).
 * Apart from ./inbox.ts, whose titles the login page reads, so the registry loads with the
 * inbox's pages and not before the login.
 */

/** Short names of the lead kinds, for filters and badges. */
export const inboxKindLabels = leadKindShortLabels;

/**
 * A kind all of whose leads page the on-call staff (an emergency), for a list that has no lead's
 * own flag; where the lead is at hand its `pagesOnCall` says it (an urgent assignment too).
 */
export function isEmergencyKind(kind: LeadKind): boolean {
  return leadKindRegistry[kind].paging === true;
}
