/**
 * The orders of the inbox's list and their keyset cursors. Newest first reads the created-at
 * indexes in order. By priority, the list is read one priority at a time, most urgent first, each
 * newest first from leads_priority_created_at_idx (priority, created_at, id): one index range per
 * priority, never a sort of every lead (docs/decisions/inbox-priority.md). A cursor names the
 * position after which the next page starts, in its own order; a cursor of the other order, or
 * one this module did not write, is refused. The order by first-response deadline is in
 * deadline-order.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { LeadSort } from '../../domain/staff-api/leads.ts';
import { isCalendarDay } from '../../domain/staff-api/shared.ts';
import { leadPriorities, leadPriorityRank, type LeadPriority } from '../../domain/triage.ts';
import { leads } from '../db/schema.ts';
import { InvalidCursor } from '../plugins/service-errors.ts';

/** The orders of this module; the deadline order is server/inbox/deadline-order.ts. */
export type KeysetSort = Exclude<LeadSort, 'deadline'>;

/** Where a page ends: the priority only in the priority order. */
export interface ListPosition {
  priority?: LeadPriority;
  /** PostgreSQL's text form of created_at (microseconds), so no row is skipped or repeated. */
  createdAt: string;
  id: string;
}

/** PostgreSQL's text form of a timestamptz (microseconds), as the cursor carries it. */
const storedInstant =
  /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d)?$/;

/** True for an instant PostgreSQL would read as written: a real day (no 30 February), a real time. */
export function isStoredInstant(text: string): boolean {
  const match = storedInstant.exec(text);
  return match !== null && isCalendarDay(match[1]!);
}
export const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isPriority(text: string | undefined): text is LeadPriority {
  return (leadPriorities as readonly (string | undefined)[]).includes(text);
}

export function encodeCursor(sort: KeysetSort, position: ListPosition): string {
  const parts = [position.createdAt, position.id];
  if (sort === 'priority') parts.unshift(position.priority ?? 'normal');
  return Buffer.from(parts.join('|')).toString('base64url');
}

/** The position after which a page of `sort` starts; null for the first page. */
export function decodeCursor(cursor: string | undefined, sort: KeysetSort): ListPosition | null {
  if (!cursor) return null;
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const priority = sort === 'priority' ? parts.shift() : undefined;
  const [createdAt, id, ...rest] = parts;
  if (
    rest.length > 0 ||
    !createdAt ||
    !id ||
    !isStoredInstant(createdAt) ||
    !uuidText.test(id) ||
    (sort === 'priority' && !isPriority(priority))
  ) {
    throw new InvalidCursor();
  }
  return isPriority(priority) ? { priority, createdAt, id } : { createdAt, id };
}

/** Newest first, in the order of the indexes (DESC NULLS LAST), so the database reads them in order. */
export const newestFirst = [sql`${leads.createdAt} desc nulls last`, sql`${leads.id} desc nulls last`];

/** The leads after `position` in the newest-first order (within one priority, in the priority order). */
export function after(position: ListPosition | null): SQL | undefined {
  return position
    ? sql`(${leads.createdAt}, ${leads.id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`
    : undefined;
}

/**
 * The priorities a page of the priority order reads, in order: from the cursor's priority on
 * (the first page: from "kritisk"), only the one filtered for when there is a filter.
 */
export function prioritiesToRead(
  filter: LeadPriority | undefined,
  position: ListPosition | null,
): LeadPriority[] {
  const from = position?.priority ? leadPriorityRank[position.priority] : 0;
  return [...leadPriorities]
    .sort((a, b) => leadPriorityRank[a] - leadPriorityRank[b])
    .filter((priority) => leadPriorityRank[priority] >= from && (!filter || priority === filter));
}
