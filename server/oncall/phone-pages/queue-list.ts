/**
 * The open emergencies of the on-call queue page, a page of 100 at a time with keyset cursors:
 * "Næste 100" continues after the last row shown, "Forrige" goes back before the first. A cursor
 * names a row by its sort key (critical or not, the time it came in to the microsecond, its id),
 * so an emergency that arrives or is taken between two loads never makes a row appear twice or
 * slip past, as an offset would. Each load reads at most one page (plus one row) and one count,
 * however long the list is.
 */
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { leads, oncallPages } from '../../db/schema.ts';
import { isPossibleSpam } from '../paging/dispatch.ts';

/** Rows per page: a phone scrolls 100 compact rows; more pages are a tap away. */
export const queuePageSize = 100;

/** `kritisk`: critical first, then oldest (the default). `nyeste`: the newest arrivals first. */
export type QueueOrder = 'kritisk' | 'nyeste';

export interface QueueCursor {
  /** 0 for a critical emergency, 1 for the others. */
  rank: 0 | 1;
  /** When it came in, ISO 8601 in UTC to the microsecond (the database's precision). */
  at: string;
  id: string;
}

/** Which part of the list to show: from the start, after a cursor or before one. */
export interface QueueView {
  order: QueueOrder;
  after?: QueueCursor;
  before?: QueueCursor;
}

export interface QueueItem {
  id: string;
  reference: string;
  priority: (typeof leads.$inferSelect)['priority'];
  damageType: string | undefined;
  address: string | undefined;
  phone: string | null;
  createdAt: Date;
  possibleSpam: boolean;
  cursor: QueueCursor;
}

export interface OpenPage {
  items: QueueItem[];
  /** Open emergencies in all. */
  total: number;
  /** How many come before the first row shown, in this order. */
  preceding: number;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const cursorPattern = /^([01])-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{6})-(.{36})$/;

/** `1-20261126192841123456-<uuid>`: short, URL-safe, no characters to escape. */
export function cursorText(cursor: QueueCursor): string {
  return `${cursor.rank}-${cursor.at.replace(/\D/g, '')}-${cursor.id}`;
}

/** The cursor a link carried, or null when it is not one this server writes. */
export function parseCursor(text: string): QueueCursor | null {
  const match = cursorPattern.exec(text);
  if (!match) return null;
  const [, rank, year, month, day, hour, minute, second, micro, id] = match;
  if (!uuidPattern.test(id!)) return null;
  const at = `${year}-${month}-${day}T${hour}:${minute}:${second}.${micro}Z`;
  // A date the calendar does not have (month 13, 31 February) would reach the database as an error.
  const millis = `${at.slice(0, 23)}Z`;
  const parsed = new Date(millis);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString() !== millis) return null;
  return { rank: rank === '0' ? 0 : 1, at, id: id! };
}

/**
 * The view a query string asks for (`orden=nyeste`, `efter=<cursor>`, `foer=<cursor>`); null when
 * it names an order or a cursor that is not ours (a repeated parameter included).
 */
export function parseQueueView(query: Record<string, unknown>): QueueView | null {
  const { orden, efter, foer } = query;
  for (const value of [orden, efter, foer]) if (value !== undefined && typeof value !== 'string') return null;
  if (orden !== undefined && orden !== 'nyeste') return null;
  if (efter !== undefined && foer !== undefined) return null;
  const view: QueueView = { order: orden === 'nyeste' ? 'nyeste' : 'kritisk' };
  if (typeof efter === 'string') {
    const after = parseCursor(efter);
    if (!after) return null;
    view.after = after;
  }
  if (typeof foer === 'string') {
    const before = parseCursor(foer);
    if (!before) return null;
    view.before = before;
  }
  return view;
}

/** The query string of a view (plus `auto=1` when asked), '' for the default start. */
export function viewQuery(view: QueueView, auto = false): string {
  const params = new URLSearchParams();
  if (view.order === 'nyeste') params.set('orden', 'nyeste');
  if (view.after) params.set('efter', cursorText(view.after));
  if (view.before) params.set('foer', cursorText(view.before));
  if (auto) params.set('auto', '1');
  const text = params.toString();
  return text ? `?${text}` : '';
}

const rank = sql`(case when ${leads.priority} = 'kritisk' then 0 else 1 end)`;
const open = and(ne(oncallPages.status, 'acknowledged'), inArray(leads.status, ['new', 'in-progress']));
const microFormat = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

/** The row's sort key, and the cursor's, as SQL row values in the order's direction. */
function keys(order: QueueOrder, cursor: QueueCursor): { row: SQL; at: SQL } {
  return order === 'kritisk'
    ? {
        row: sql`(${rank}, ${leads.createdAt}, ${leads.id})`,
        at: sql`(${cursor.rank}::int, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
      }
    : {
        row: sql`(${leads.createdAt}, ${leads.id})`,
        at: sql`(${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
      };
}

/** Rows that come after the cursor in the order (`forward`), or before it. */
function beyond(order: QueueOrder, cursor: QueueCursor, forward: boolean): SQL {
  const { row, at } = keys(order, cursor);
  // Critical-first ascends (rank, then oldest); newest-first descends.
  const ascending = order === 'kritisk';
  return forward === ascending ? sql`${row} > ${at}` : sql`${row} < ${at}`;
}

function orderBy(order: QueueOrder, forward: boolean): SQL[] {
  const dir = sql.raw(forward === (order === 'kritisk') ? 'asc' : 'desc');
  return order === 'kritisk'
    ? [sql`${rank} ${dir}`, sql`${leads.createdAt} ${dir}`, sql`${leads.id} ${dir}`]
    : [sql`${leads.createdAt} ${dir}`, sql`${leads.id} ${dir}`];
}

/** One page of the open emergencies nobody took, in the view's order, with the list's total. */
export async function loadOpenPage(db: DbOrTx, view: QueueView): Promise<OpenPage> {
  const forward = !view.before;
  const cursor = view.before ?? view.after;
  const rows = await db
    .select({
      lead: leads,
      at: sql<string>`to_char(${leads.createdAt} at time zone 'UTC', ${microFormat})`,
    })
    .from(oncallPages)
    .innerJoin(leads, eq(leads.id, oncallPages.leadId))
    .where(and(open, cursor ? beyond(view.order, cursor, forward) : undefined))
    .orderBy(...orderBy(view.order, forward))
    .limit(queuePageSize);
  if (!forward) rows.reverse();
  const items = rows.map(({ lead, at }) => ({
    id: lead.id,
    reference: lead.reference,
    priority: lead.priority,
    damageType: lead.details.skadetype,
    address: lead.details.adresse,
    phone: lead.phone,
    createdAt: lead.createdAt,
    possibleSpam: isPossibleSpam(lead),
    cursor: { rank: lead.priority === 'kritisk' ? 0 : 1, at, id: lead.id } satisfies QueueCursor,
  }));
  const first = items[0]?.cursor;
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      preceding: first
        ? sql<number>`(count(*) filter (where ${beyond(view.order, first, false)}))::int`
        : sql<number>`0`,
    })
    .from(oncallPages)
    .innerJoin(leads, eq(leads.id, oncallPages.leadId))
    .where(open);
  const total = Number(counts?.total ?? 0);
  // Nothing left past a cursor (taken meanwhile): after the end everything precedes, before the
  // start nothing does.
  const preceding = first ? Number(counts?.preceding ?? 0) : view.after ? total : 0;
  return { items, total, preceding };
}
