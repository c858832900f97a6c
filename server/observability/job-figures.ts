/**
 * What GET /metrics reports from the database, read at scrape time: every server copy reads the
 * same rows, so two copies report the same truth, and nothing is kept in memory between scrapes.
 * Each count stops at `countCap` rows, so a scrape stays cheap however far a queue has grown.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Above this a count reads as this: an alert fires long before, and a scrape must stay cheap. */
export const countCap = 10_000;

/** A job table and what "failed" means in it. */
interface JobKind {
  table: string;
  /** Rows that gave up or are failing now (the table's own end state, or attempts in a row). */
  failed: string;
}

/** The job kinds by label; the tables are those of docs/decisions/job-engine.md. */
export const jobKinds = {
  mail: { table: 'mail_jobs', failed: `status = 'failed'` },
  oncall_sms: { table: 'oncall_sms', failed: `status = 'failed'` },
  // A page that ended with nobody acknowledging it: the chain ran out, or nobody was on call.
  oncall_page: { table: 'oncall_pages', failed: `status in ('exhausted', 'nobody')` },
  // A person's digest whose sending fails now (the row stays pending and retries).
  oncall_dispatch: { table: 'oncall_dispatch', failed: `status = 'pending' and attempts > 0` },
  message_sms: { table: 'lead_message_sms', failed: `status = 'failed'` },
  // A periodic job is always pending; failing runs in a row count it as failed.
  periodic: { table: 'periodic_jobs', failed: `attempts > 0` },
} as const satisfies Record<string, JobKind>;

export type JobKindName = keyof typeof jobKinds;

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
