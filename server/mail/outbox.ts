/**
 * The mail outbox: services enqueue mail jobs in the statement or transaction that stores the
 * lead, so a lead is never stored without its e-mails or the other way round. Jobs carry the
 * lead's id only; the worker reads the current row when it sends.
 */
import type { DbOrTx } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';
import type { CaseMailJob } from './case-mail.ts';
import type { OncallMailJob } from './oncall-mail.ts';

export type MailJobInput =
  /** The staff notification of any lead. */
  | { kind: 'lead-notification'; payload: { leadId: string } }
  /** The requested PDF to the sender of a resource request. */
  | { kind: 'resource-delivery'; payload: { leadId: string } }
  /**
   * The sender's receipt of a contact lead, damage report or emergency: reference, what they
   * sent, what happens next. Never for spam.
   */
  | { kind: 'lead-receipt'; payload: { leadId: string } }
  /** On-call paging's e-mails (server/mail/oncall-mail.ts). */
  | OncallMailJob
  /** The customer's case page: a new link, added photos, a message (server/mail/case-mail.ts). */
  | CaseMailJob;

export type MailJobKind = MailJobInput['kind'];

/**
 * Enqueues mail jobs for leads already stored, in the caller's transaction: the change that
 * causes a mail (e.g. a lead taken out of spam) and its job commit together or not at all. The
 * caller wakes the worker after the commit.
 */
export async function enqueueMailJobs(db: DbOrTx, jobs: readonly MailJobInput[]): Promise<void> {
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
