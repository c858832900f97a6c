/**
 * Who is working the queue (docs/decisions/all-hands.md): the people who took an emergency or
 * opened the queue page in the last 15 minutes. The expected wait divides the queue among them,
 * not among everybody in the chain: a person asleep works no emergency.
 */
import { and, gt, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { leads, oncallDispatch } from '../../db/schema.ts';

/** Took or opened the list within this long ago: working. */
export const workingWindowMs = 15 * 60_000;

/** The person opened their queue page at `now` (each load, the page's own reload included). */
export async function recordListOpened(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .insert(oncallDispatch)
    .values({ id: userId, status: 'idle', listOpenedAt: now })
    .onConflictDoUpdate({
      target: oncallDispatch.id,
      set: { listOpenedAt: sql`greatest(${oncallDispatch.listOpenedAt}, ${now.toISOString()}::timestamptz)` },
    });
}

/** The ids of the people working the queue at `now`. */
export async function workingPeople(db: DbOrTx, now: Date): Promise<Set<string>> {
  const since = new Date(now.getTime() - workingWindowMs);
  // One after the other: inside a transaction, one connection takes one query at a time.
  const opened = await db
    .select({ id: oncallDispatch.id })
    .from(oncallDispatch)
    .where(and(isNotNull(oncallDispatch.listOpenedAt), gt(oncallDispatch.listOpenedAt, since)));
  const took = await db
    .selectDistinct({ id: leads.acknowledgedBy })
    .from(leads)
    .where(
      and(isNotNull(leads.acknowledgedAt), gt(leads.acknowledgedAt, since), isNotNull(leads.acknowledgedBy)),
    );
  return new Set([...opened.map((row) => row.id), ...took.flatMap((row) => (row.id ? [row.id] : []))]);
}
