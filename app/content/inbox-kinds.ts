import { leadKindShortLabels } from '../../domain/lead-kinds';

/**
 * The lead kinds as the inbox shows them, from the lead-kind registry (domain/lead-kinds.ts).
 * Apart from ./inbox.ts, whose titles the login page reads, so the registry loads with the
 * inbox's pages and not before the login.
 */

/** Short names of the lead kinds, for filters and badges. */
export const inboxKindLabels = leadKindShortLabels;

/** An emergency (a kind that pages the on-call staff) stands out in the inbox's lists and pages. */
export { pagesOnCall as isEmergencyKind } from '../../domain/lead-kinds';
