/**
 * What a digest SMS counts (docs/decisions/paging-at-volume.md): the queue as everybody sees it,
 * not the notices of one person. "3 nye" are the waiting emergencies that came in after the
 * person's last page SMS; "34 venter" all waiting ones (server/oncall/surge/surge.ts counts the same
 * for the expected wait), so two people paged at the same moment read the same figures.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';
import { waitingEmergencies } from './surge.ts';

export interface QueueCounts {
  waiting: number;
  /** Of them, came in after `since` (all of them without a `since`). */
  fresh: number;
  critical: number;
  /** Of them, with weak spam reasons only (domain/spam.ts). */
  possibleSpam: number;
  /** When the oldest of them came in; null when none waits. */
  oldestAt: Date | null;
  /** When the newest of them came in; null when none waits. */
  newestAt: Date | null;
}

/** The waiting emergencies at `now`, and how many came in after `since`. One query. */
export async function queueCounts(db: DbOrTx, now: Date, since: Date | null): Promise<QueueCounts> {
  const sinceText = (since ?? new Date(0)).toISOString();
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      fresh: sql<number>`(count(*) filter (where ${leads.createdAt} > ${sinceText}::timestamptz))::int`,
      critical: sql<number>`(count(*) filter (where ${leads.priority} = 'kritisk'))::int`,
      possibleSpam: sql<number>`(count(*) filter (where cardinality(coalesce(${leads.spamReasons}, '{}')) > 0))::int`,
      oldestAt: sql<string | null>`min(${leads.createdAt})`,
      newestAt: sql<string | null>`max(${leads.createdAt})`,
    })
    .from(leads)
    .where(waitingEmergencies(now));
  const date = (value: string | Date | null | undefined) => (value ? new Date(value) : null);
  return {
    waiting: Number(row?.waiting ?? 0),
    fresh: Number(row?.fresh ?? 0),
    critical: Number(row?.critical ?? 0),
    possibleSpam: Number(row?.possibleSpam ?? 0),
    oldestAt: date(row?.oldestAt),
    newestAt: date(row?.newestAt),
  };
}
