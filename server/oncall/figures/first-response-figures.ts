/**
 * The share of leads answered in time, per kind, for the Beredskab figures
 * (docs/decisions/first-response-deadlines.md): over the leads received in the period that have a
 * deadline and are not spam, a lead is in time when its first answer came by its deadline, late
 * when it came after or when none came and the deadline has passed; a lead whose deadline is still
 * ahead and has no answer yet is pending and left out of the share.
 */
import { and, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { kindsWithDeadline } from '../../../domain/first-response.ts';
import type { LeadKind } from '../../../domain/lead.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';

export interface FirstResponseRow {
  kind: LeadKind;
  /** In time plus late: the leads the share is over. */
  counted: number;
  inTime: number;
  late: number;
  /** No answer yet, deadline still ahead. */
  pending: number;
  /** inTime / counted; null when none is counted. */
  inTimeShare: number | null;
}

/** One row per kind with a deadline, in a fixed order, zeros included. */
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
    .groupBy(leads.kind);
  return kindsWithDeadline.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const inTime = Number(row?.inTime ?? 0);
    const late = Number(row?.late ?? 0);
    const counted = inTime + late;
    return {
      kind,
      counted,
      inTime,
      late,
      pending: Number(row?.pending ?? 0),
      inTimeShare: counted > 0 ? inTime / counted : null,
    };
  });
}
