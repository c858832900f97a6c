/**
 * The claim-and-lease mechanism of every job table, written once. A job table is any table with
 * the engine's columns: `id`, `status` ('pending' while it waits), `run_at` (due time),
 * `locked_until` (the lease), `attempts` and `last_error`. The mail outbox, the on-call pages, the
 * on-call SMS and the periodic jobs are such tables (server/queue/job-kinds.ts); each keeps the
 * columns of its own next to them.
 *
 * - Due jobs are claimed in ONE statement: UPDATE … SET locked_until = now + lease WHERE id IN
 *   (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING *. Several server copies never claim the
 *   same row at once and never wait for each other.
 * - A worker renews the lease of the jobs it still holds; a copy that dies (kill -9, power loss)
 *   stops renewing, and its jobs are free for any copy when the lease runs out.
 * - A worker that is its database's only one (PGlite: one process owns the data directory) frees
 *   the leases a killed process left behind at start, instead of waiting for them to run out.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client.ts';

/** The engine's columns of a job table (drizzle property names, the same on every table). */
export type JobTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  runAt: PgColumn;
  lockedUntil: PgColumn;
  attempts: PgColumn;
  lastError: PgColumn;
};

export interface ClaimOptions {
  now: Date;
  leaseMs: number;
  batchSize: number;
  /** Further conditions on the rows to claim (e.g. only some kinds). */
  where?: SQL | undefined;
  /** Claimed before the due time orders them (e.g. the urgent kinds first). */
  orderBy?: readonly SQL[] | undefined;
}

/** Claims the due jobs of `table` at `now`, earliest first; returns their whole rows. */
export async function claimDue<T extends JobTable>(
  db: Db,
  table: T,
  options: ClaimOptions,
): Promise<T['$inferSelect'][]> {
  const { now } = options;
  // The database keeps microseconds, JavaScript milliseconds: a job written in this very
  // millisecond is due too (else a notify right after the commit could miss it).
  const dueBefore = new Date(now.getTime() + 1);
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(
      and(
        eq(table.status, 'pending'),
        lt(table.runAt, dueBefore),
        or(isNull(table.lockedUntil), lt(table.lockedUntil, now)),
        options.where,
      ),
    )
    .orderBy(...(options.orderBy ?? []), asc(table.runAt))
    .limit(options.batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(table as PgTable)
    .set({ lockedUntil: new Date(now.getTime() + options.leaseMs) } as never)
    .where(inArray(table.id, due))
    .returning();
  return claimed as T['$inferSelect'][];
}

/** Keeps the listed jobs reserved until `until` while they are still pending. */
export async function renewLeases(
  db: DbOrTx,
  table: JobTable,
  ids: readonly string[],
  until: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(table as PgTable)
    .set({ lockedUntil: until } as never)
    .where(and(inArray(table.id, [...ids]), eq(table.status, 'pending')));
}

/**
 * Puts jobs back for a later time without counting an attempt (the provider, not the job, failed):
 * the table records the time, so other server copies leave them alone too.
 */
export async function putBack(
  db: DbOrTx,
  table: JobTable,
  ids: readonly string[],
  values: { runAt: Date; lastError: string },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(table as PgTable)
    .set({ runAt: values.runAt, lastError: values.lastError.slice(0, 2000), lockedUntil: null } as never)
    .where(and(inArray(table.id, [...ids]), eq(table.status, 'pending')));
}

/**
 * The columns that record a failed attempt: the count, the error, the lease given up and the next
 * try's time from the kind's back-off (server/queue/backoff.ts).
 */
export function failedAttempt(attempts: number, error: unknown, retryAt: Date) {
  return { attempts, lastError: errorText(error), lockedUntil: null, runAt: retryAt };
}

/** Frees every lease on `table`; the ids say which jobs a stopped process held. */
export async function releaseLeftLeases(db: Db, table: JobTable): Promise<string[]> {
  const freed = await db
    .update(table as PgTable)
    .set({ lockedUntil: null } as never)
    .where(and(eq(table.status, 'pending'), sql`${table.lockedUntil} is not null`))
    .returning({ id: table.id });
  return freed.map((row) => String(row.id));
}

/** An error as the text a job row keeps (at most 2000 characters). */
export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}
