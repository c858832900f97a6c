/**
 * The mail outbox: services enqueue mail jobs in the statement or transaction that stores the
 * lead, so a lead is never stored without its e-mails or the other way round. Jobs carry the
 * lead's id only; the worker reads the current row when it sends.
 */
import { transactionSql, type DbOrTx, type Statement } from '../db/client.ts';
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

/** A statement that writes a lead and queues its mails. */
export interface LeadWithMailsStatement extends Statement {
  readonly queuesMail: boolean;
}

/**
 * The hot path of a new lead (docs/decisions/submission-write-path.md): one statement that writes
 * the lead (`insertLead`: INSERT … ON CONFLICT DO NOTHING RETURNING id, reference) and queues its
 * mails of `kinds` in a data-modifying CTE, so they commit together at the cost of one round trip.
 * Kinds are fixed literals of the code, never user input, so they are written inline.
 */
export function leadWithMailsStatement(
  name: string,
  insertLead: string,
  kinds: readonly string[],
): LeadWithMailsStatement {
  const ctes = [`inserted as (${insertLead})`];
  if (kinds.length > 0) {
    ctes.push(`mail as (
      insert into mail_jobs (kind, payload, lead_id)
      select job.kind, jsonb_build_object('leadId', inserted.id::text), inserted.id
      from inserted cross join (values ${kinds.map((kind) => `('${kind}')`).join(', ')}) as job(kind)
    )`);
  }
  return {
    name,
    text: `with ${ctes.join(',\n    ')}\n    select reference from inserted`,
    queuesMail: kinds.length > 0,
  };
}

/**
 * Runs a leadWithMailsStatement in the caller's transaction: the new lead's reference, or null
 * when the reference was taken (nothing written then). Its mails wake the worker after the commit.
 */
export async function insertLeadWithMails(
  tx: DbOrTx,
  statement: LeadWithMailsStatement,
  values: readonly unknown[],
): Promise<string | null> {
  const rows = await transactionSql(tx).query<{ reference: string }>(statement, values);
  const reference = rows[0]?.reference ?? null;
  if (reference !== null && statement.queuesMail) wakeAfterCommit(tx, 'mail');
  return reference;
}

export interface ClaimedMailJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
}
