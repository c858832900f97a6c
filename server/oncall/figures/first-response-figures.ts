/**
 * The share of leads answered in time, per kind, for the Beredskab figures
 * (docs/decisions/first-response-deadlines.md): over the leads received in the period that have a
 * deadline and are not spam, a lead is in time when its first answer came by its deadline, late
 * when it came after or when none came and the deadline has passed; a lead whose deadline is still
 * ahead and has no answer yet is pending and left out of the share.
 */
import { and, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { firstResponseRowKeys, type FirstResponseRowKey } from '../../../domain/first-response.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';

export interface FirstResponseRow extends FirstResponseRowKey {
  /** In time plus late: the leads the share is over. */
  counted: number;
  inTime: number;
  late: number;
  /** No answer yet, deadline still ahead. */
  pending: number;
  /** inTime / counted; null when none is counted. */
  inTimeShare: number | null;
}

/** One row per kind with a deadline (an urgent assignment's apart), in a fixed order, zeros included. */
export async function firstResponseFigures(
  db: DbOrTx,
  from: Date,
  to: Date,
  now: Date,
): Promise<FirstResponseRow[]> {
  const at = now.toISOString();
  const rows = await db
    .select({
      kind: leads.kind,
      paged: leads.pagesOnCall,
      inTime: sql<number>`count(*) filter (where ${leads.firstResponseAt} <= ${leads.firstResponseDueAt})::int`,
      late: sql<number>`count(*) filter (where ${leads.firstResponseAt} > ${leads.firstResponseDueAt} or (${leads.firstResponseAt} is null and ${leads.firstResponseDueAt} < ${at}::timestamptz))::int`,
      pending: sql<number>`count(*) filter (where ${leads.firstResponseAt} is null and ${leads.firstResponseDueAt} >= ${at}::timestamptz)::int`,
    })
    .from(leads)
    .where(
      and(
        isNotNull(leads.firstResponseDueAt),
        ne(leads.status, 'spam'),
        gte(leads.createdAt, from),
        lt(leads.createdAt, to),
      ),
    )
    .groupBy(leads.kind, leads.pagesOnCall);
  // A kind shown in one row adds up its leads whether they paged or not.
  const split = new Set(firstResponseRowKeys.filter((key) => key.urgent).map((key) => key.kind));
  return firstResponseRowKeys.map((key) => {
    const mine = rows.filter(
      (r) => r.kind === key.kind && (!split.has(key.kind) || r.paged === (key.urgent ?? false)),
    );
    const sum = (pick: (r: (typeof rows)[number]) => number) => mine.reduce((n, r) => n + Number(pick(r)), 0);
    const inTime = sum((r) => r.inTime);
    const late = sum((r) => r.late);
    const counted = inTime + late;
    return {
      ...key,
      counted,
      inTime,
      late,
      pending: sum((r) => r.pending),
      inTimeShare: counted > 0 ? inTime / counted : null,
    };
  });
}
