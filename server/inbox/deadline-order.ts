/**
 * The list's order by first-response deadline (docs/decisions/first-response-deadlines.md): first
 * the open leads (new, in progress) still waiting for a first answer, soonest deadline first,
 * read from leads_awaiting_first_response_idx; then every other lead of the filter, newest first,
 * from the created-at indexes. Each page reads at most two index ranges, like the priority order.
 * The cursor names the part and the position in it: `w|deadline|id` or `r|created_at|id`.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { leads } from '../db/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { InvalidCursor } from '../plugins/service-errors.ts';
import { after, isStoredInstant, newestFirst, uuidText } from './lead-order.ts';

/**
 * Waiting for a first answer. Written out with literals, as the partial index's predicate is, so
 * the planner can use the index for any parameters.
 */
export const awaitingFirstResponse = sql`(${leads.firstResponseAt} is null and ${leads.firstResponseDueAt} is not null and ${leads.status} in ('new', 'in-progress'))`;

interface DeadlinePosition {
  part: 'w' | 'r';
  /** The deadline (waiting part) or created_at (the rest), in PostgreSQL's text form. */
  at: string;
  id: string;
}

function encode(position: DeadlinePosition): string {
  return Buffer.from([position.part, position.at, position.id].join('|')).toString('base64url');
}

function decode(cursor: string | undefined): DeadlinePosition | null {
  if (!cursor) return null;
  const [part, at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    rest.length > 0 ||
    (part !== 'w' && part !== 'r') ||
    !at ||
    !id ||
    !isStoredInstant(at) ||
    !uuidText.test(id)
  ) {
    throw new InvalidCursor();
  }
  return { part, at, id };
}

/** The row fields the order needs besides the caller's own columns. */
interface OrderedRow {
  id: string;
  cursorAt: string;
  cursorDue?: string | null;
}

/**
 * One page of `conditions` in the deadline order, after `cursor`, with `columns` of each lead;
 * `nextCursor` when more follow.
 */
export async function deadlinePage<Row extends OrderedRow>(
  db: DbOrTx,
  columns: Record<string, unknown>,
  conditions: readonly SQL[],
  cursor: string | undefined,
  limit: number,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const position = decode(cursor);
  const select = { ...columns, cursorDue: sql<string | null>`${leads.firstResponseDueAt}::text` };
  const page: Array<Row & { part: 'w' | 'r' }> = [];
  if (!position || position.part === 'w') {
    const within = position
      ? sql`(${leads.firstResponseDueAt}, ${leads.id}) > (${position.at}::timestamptz, ${position.id}::uuid)`
      : undefined;
    const waiting = (await db
      .select(select as never)
      .from(leads)
      .where(and(...conditions, awaitingFirstResponse, within))
      .orderBy(sql`${leads.firstResponseDueAt} asc`, sql`${leads.id} asc`)
      .limit(limit + 1)) as Row[];
    page.push(...waiting.map((row) => ({ ...row, part: 'w' as const })));
  }
  if (page.length <= limit) {
    const within = position?.part === 'r' ? after({ createdAt: position.at, id: position.id }) : undefined;
    const rest = (await db
      .select(select as never)
      .from(leads)
      .where(and(...conditions, sql`not ${awaitingFirstResponse}`, within))
      .orderBy(...newestFirst)
      .limit(limit + 1 - page.length)) as Row[];
    page.push(...rest.map((row) => ({ ...row, part: 'r' as const })));
  }
  const rows = page.slice(0, limit);
  const last = rows.at(-1);
  const nextCursor =
    page.length > limit && last
      ? encode({ part: last.part, at: last.part === 'w' ? last.cursorDue! : last.cursorAt, id: last.id })
      : null;
  return { rows, nextCursor };
}
