/**
 * What GET /metrics reports from the database, read at scrape time: every server copy reads the
 * same rows, so two copies report the same truth, and nothing is kept in memory between scrapes.
 * Each count stops at `countCap` rows, so a scrape stays cheap however far a queue has grown.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobKinds as kindsOfJob } from '../queue/job-kinds.ts';

/** Above this a count reads as this: an alert fires long before, and a scrape must stay cheap. */
export const countCap = 10_000;

/** The job kinds by their /metrics label (server/queue/job-kinds.ts lists them). */
export const jobKinds: Readonly<Record<string, { table: string; failed: string }>> = Object.fromEntries(
  Object.values(kindsOfJob).map(({ metricsLabel, table, failed }) => [metricsLabel, { table, failed }]),
);

/** A job kind's /metrics label. */
export type JobKindName = (typeof kindsOfJob)[keyof typeof kindsOfJob]['metricsLabel'];

export interface JobFigures {
  kind: JobKindName;
  pending: number;
  failed: number;
  /** Seconds since the oldest pending job became due; 0 when none is due. */
  oldestDueSeconds: number;
}

function cappedCount(table: string, where: string): SQL {
  return sql.raw(`(select count(*) from (select 1 from ${table} where ${where} limit ${countCap}) c)`);
}

/** One statement for every kind: pending (the partial due indexes), failed, the oldest due. */
export async function readJobFigures(db: Db): Promise<JobFigures[]> {
  const parts = Object.entries(jobKinds).map(
    ([kind, { table, failed }]) =>
      sql`select ${kind}::text as kind, ${cappedCount(table, `status = 'pending'`)} as pending, ${cappedCount(table, failed)} as failed, ${sql.raw(`(select extract(epoch from now() - min(run_at)) from ${table} where status = 'pending' and run_at <= now())`)} as oldest`,
  );
  const rows = await execute<{ kind: JobKindName; pending: unknown; failed: unknown; oldest: unknown }>(
    db,
    sql.join(parts, sql` union all `),
  );
  return rows.map((row) => ({
    kind: row.kind,
    pending: Number(row.pending),
    failed: Number(row.failed),
    oldestDueSeconds: Math.max(0, Number(row.oldest ?? 0)),
  }));
}

/** Seconds since the oldest pending due e-mail of each mail kind became due (staff mail vs customer mail). */
export async function readMailAges(db: Db): Promise<{ mailKind: string; oldestDueSeconds: number }[]> {
  const rows = await execute<{ kind: string; oldest: unknown }>(
    db,
    sql`select kind, extract(epoch from now() - min(run_at)) as oldest from mail_jobs
        where status = 'pending' and run_at <= now() group by kind`,
  );
  return rows.map((row) => ({ mailKind: row.kind, oldestDueSeconds: Math.max(0, Number(row.oldest)) }));
}

/**
 * Leads per kind, read from the database: those stored now (lead_counts, kept by triggers: a
 * handful of rows; retention and erasure lower it) and those received in the last hour (the
 * created_at index; what an alert on a silent form wants).
 */
export async function readLeadFigures(db: Db): Promise<{ kind: string; stored: number; lastHour: number }[]> {
  const rows = await execute<{ kind: string; stored: unknown; last_hour: unknown }>(
    db,
    sql`select kind, sum(stored) as stored, sum(last_hour) as last_hour from (
          select kind, n as stored, 0 as last_hour from lead_counts
          union all
          select kind, 0, count(*) from leads where created_at > now() - interval '1 hour' group by kind
        ) figures group by kind`,
  );
  return rows.map((row) => ({ kind: row.kind, stored: Number(row.stored), lastHour: Number(row.last_hour) }));
}

async function execute<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
