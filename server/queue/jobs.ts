/**
 * Named jobs: how features hand each other work without importing each other. A feature writes a
 * job by name in its own transaction, so the job commits with the change that causes it or not at
 * all, and after the commit wakes the name's worker (notify). The feature that owns a name
 * registers its worker when the app is built (server/app.ts): the lead service queues
 * 'oncall.page' for an emergency, and only the on-call feature knows what paging is.
 *
 *   mail         an e-mail: mail_jobs (kind, payload); the mail outbox sends it (server/mail/)
 *   oncall.page  the on-call chain for an emergency: oncall_pages (server/oncall/)
 *   oncall.sms   one SMS to a person on call: oncall_sms (server/oncall/)
 *   messages.sms the SMS copy of a message to a customer: lead_message_sms (server/messages/)
 */
import type { SqlClient, Statement } from '../db/client.ts';

export type JobName = 'mail' | 'oncall.page' | 'oncall.sms' | 'messages.sms';

/** What a registered worker offers the queue. */
export interface JobWorker {
  /** Jobs of its name were just committed: look now instead of at the next interval. */
  notify(): void;
}

export interface JobQueue {
  /** The owner of `name` registers the worker that runs its jobs. */
  register(name: JobName, worker: JobWorker): void;
  /** Jobs of these names were just committed: wake their workers (a name without one is fine). */
  notify(...names: JobName[]): void;
}

export function createJobQueue(): JobQueue {
  const workers = new Map<JobName, JobWorker[]>();
  return {
    register(name, worker) {
      workers.set(name, [...(workers.get(name) ?? []), worker]);
    },
    notify(...names) {
      for (const name of new Set(names)) for (const worker of workers.get(name) ?? []) worker.notify();
    },
  };
}

/** A job about a row written in the same statement (a lead): an e-mail of a kind, or a page. */
export type RowJob = { name: 'mail'; kind: string } | { name: 'oncall.page' };

/**
 * The statement that writes a row and queues its jobs at once: `insert` (an INSERT … ON CONFLICT
 * DO NOTHING RETURNING id, reference) and one job row per job in data-modifying CTEs, so they
 * commit together even outside a transaction and cost a single round trip. It returns the new
 * row's reference, or no row when the reference was taken (nothing written then). Built once per
 * set of jobs, at first use.
 */
export function insertWithJobsStatement(name: string, insert: string, jobs: readonly RowJob[]): Statement {
  // Kinds are fixed literals of the code, never user input, so they are written inline.
  const mailKinds = jobs.flatMap((job) => (job.name === 'mail' ? [`('${job.kind}')`] : []));
  const ctes = [`inserted as (${insert})`];
  if (mailKinds.length > 0) {
    ctes.push(`mail as (
      insert into mail_jobs (kind, payload, lead_id)
      select job.kind, jsonb_build_object('leadId', inserted.id::text), inserted.id
      from inserted cross join (values ${mailKinds.join(', ')}) as job(kind)
    )`);
  }
  // Due at once (run_at defaults to now()); the on-call worker takes it from there.
  if (jobs.some((job) => job.name === 'oncall.page')) {
    ctes.push('page as (insert into oncall_pages (lead_id) select id from inserted)');
  }
  return { name, text: `with ${ctes.join(',\n    ')}\n    select reference from inserted` };
}

/** Runs an insertWithJobsStatement: the new row's reference, or null when the reference was taken. */
export async function insertReturningReference(
  client: SqlClient,
  statement: Statement,
  values: readonly unknown[],
): Promise<string | null> {
  const rows = await client.query<{ reference: string }>(statement, values);
  return rows[0]?.reference ?? null;
}
