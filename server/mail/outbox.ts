/**
 * The mail outbox: services enqueue mail jobs in the statement or transaction that stores the
 * lead, so a lead is never stored without its e-mails or the other way round. Jobs carry the
 * lead's id only; the worker reads the current row when it sends.
 */
import type { DbOrTx } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';
import { wakeAfterCommit } from '../queue/jobs.ts';

/**
 * A mail job as the outbox keeps it: the kind names the composer of the feature that queued it
 * (server/mail-composers.ts); the payload names the lead it is about (erasure finds it by that),
 * or null, and whatever else that composer needs. Each feature types its own kinds.
 */
export interface MailJob {
  kind: string;
  payload: { leadId: string | null };
}

/** A mail job to queue, and what its row may say beyond the defaults. */
export type MailToQueue = {
  kind: string;
  /** Names the lead it is about as `leadId` (erasure finds the job by it), or none. */
  payload: object;
  /** The job's id when the caller records it elsewhere first (a message's `mail_job_id`). */
  id?: string;
  /** Due later than now (e.g. the end of a minute that gathers several leads). */
  runAt?: Date;
  createdAt?: Date;
};

/**
 * The one writer of mail_jobs. Queues mail jobs in the caller's transaction (or at once, outside
 * one): the change that causes a mail (e.g. a lead taken out of spam) and its job commit together
 * or not at all, and the mail worker is woken after the commit. Returns the jobs' ids in order.
 */
export async function enqueueMail<Mail extends MailToQueue>(
  db: DbOrTx,
  mails: Mail | readonly Mail[],
): Promise<string[]> {
  const list: readonly MailToQueue[] = Array.isArray(mails) ? mails : [mails as Mail];
  if (list.length === 0) return [];
  const rows = await db
    .insert(mailJobs)
    .values(
      list.map((mail) => ({
        kind: mail.kind,
        payload: mail.payload,
        leadId: leadIdIn(mail.payload),
        ...(mail.id ? { id: mail.id } : {}),
        ...(mail.runAt ? { runAt: mail.runAt } : {}),
        ...(mail.createdAt ? { createdAt: mail.createdAt } : {}),
      })),
    )
    .returning({ id: mailJobs.id });
  wakeAfterCommit(db, 'mail');
  return rows.map((row) => row.id);
}

function leadIdIn(payload: object): string | null {
  const leadId = (payload as { leadId?: unknown }).leadId;
  return typeof leadId === 'string' ? leadId : null;
}

export interface ClaimedMailJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
}
