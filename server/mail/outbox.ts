/**
 * The mail outbox: services enqueue mail jobs in the statement or transaction that stores the
 * lead, so a lead is never stored without its e-mails or the other way round. Jobs carry the
 * lead's id only; the worker reads the current row when it sends.
 */
import type { DbOrTx } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';

/**
 * A mail job as the outbox keeps it: the kind names the composer of the feature that queued it
 * (server/mail-composers.ts); the payload names the lead it is about (erasure finds it by that),
 * or null, and whatever else that composer needs. Each feature types its own kinds.
 */
export interface MailJob {
  kind: string;
  payload: { leadId: string | null };
}

/**
 * Enqueues mail jobs for leads already stored, in the caller's transaction: the change that
 * causes a mail (e.g. a lead taken out of spam) and its job commit together or not at all. The
 * caller wakes the worker after the commit.
 */
export async function enqueueMailJobs<Job extends MailJob>(db: DbOrTx, jobs: readonly Job[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insert(mailJobs)
    .values(jobs.map((job) => ({ kind: job.kind, payload: job.payload, leadId: job.payload.leadId })));
}

export interface ClaimedMailJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
}
