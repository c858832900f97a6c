/**
 * The first-response deadlines of damage reports, contacts and assignments stored without one
 * (docs/decisions/first-response-deadlines.md). Their weekday or business hours skip Danish
 * holidays, which SQL cannot compute as the server does, so the migration leaves them to this job:
 * it computes each with the same function a new lead uses (an assignment with its insurer's
 * rule), a batch at a time. A lead that pages never needs one (it has its callback's, or none as
 * a repeat). Once done it finds nothing (a
 * partial index holds exactly the rows it looks for), so it runs daily at no cost.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { firstResponseDue } from '../../domain/first-response.ts';
import { clockDeadlineKinds } from '../../domain/lead-kinds.ts';
import type { Db } from '../db/client.ts';
import { insurers, leads } from '../db/schema.ts';
import type { PeriodicJob } from '../queue/periodic.ts';

/**
 * Sets the missing deadlines, `batchSize` leads per statement and at most `maxBatches` batches
 * per call (a later run goes on). The number of leads given a deadline.
 */
export async function backfillFirstResponseDeadlines(
  db: Db,
  { batchSize = 500, maxBatches = 200 }: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  let done = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const rows = await db
      .select({
        id: leads.id,
        kind: leads.kind,
        createdAt: leads.createdAt,
        insurerResponseHours: insurers.firstResponseHours,
      })
      .from(leads)
      .leftJoin(insurers, sql`${insurers.name} = ${leads.details}->>'forsikringsselskab'`)
      .where(
        and(
          isNull(leads.firstResponseDueAt),
          eq(leads.pagesOnCall, false),
          inArray(leads.kind, clockDeadlineKinds),
        ),
      )
      .orderBy(asc(leads.id))
      .limit(batchSize);
    if (rows.length === 0) break;
    const values = rows.map(
      (row) =>
        sql`(${row.id}::uuid, ${firstResponseDue({ ...row, pagesOnCall: false }, row.createdAt)!.toISOString()}::timestamptz)`,
    );
    await db.execute(sql`
      update ${leads} set first_response_due_at = given.due
      from (values ${sql.join(values, sql`, `)}) as given (id, due)
      where ${leads.id} = given.id and ${leads.firstResponseDueAt} is null`);
    done += rows.length;
    if (rows.length < batchSize) break;
  }
  return done;
}

/** The backfill as a periodic job: soon after start, then daily for leads stored by other means. */
export function firstResponseBackfillJob(deps: { db: Db }): PeriodicJob {
  return {
    id: 'first-response-backfill',
    name: 'first-response deadlines: setting the missing ones',
    intervalMs: 24 * 60 * 60_000,
    firstRunAfterMs: 10_000,
    run: () => backfillFirstResponseDeadlines(deps.db),
  };
}
