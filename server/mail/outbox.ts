/**
 * The mail outbox: services enqueue mail jobs in the statement or transaction that stores the
 * lead, so a lead is never stored without its e-mails or the other way round. Jobs carry the
 * lead's id only; the worker reads the current row when it sends.
 */
import type { z } from 'zod';
import { transactionSql, type DbOrTx, type Statement } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';
import { wakeAfterCommit } from '../queue/jobs.ts';

/**
 * What the outbox needs of a mail kind to queue it (`mailKind` of ./compose.ts declares it): the
 * name of its composer (server/mail-composers.ts) and the schema of its payload, which types what
 * may be queued. The payload names the lead it is about as `leadId` (erasure finds the job by it),
 * or `leadId: null`.
 */
export interface QueueableMailKind<Schema extends z.ZodType> {
  readonly name: string;
  readonly payload: Schema;
}

/** What a queued job's row may say beyond the defaults. */
export interface MailJobOptions {
  /** The jobs' ids, in the payloads' order, when the caller records them elsewhere first (a message's `mail_job_id`). */
  ids?: readonly string[];
  /** Due later than now (e.g. the end of a minute that gathers several leads). */
  runAt?: Date;
  createdAt?: Date;
}

/**
 * The one writer of mail_jobs. Queues jobs of one kind, one per payload, in the caller's
 * transaction (or at once, outside one): the change that causes a mail (e.g. a lead taken out of
 * spam) and its job commit together or not at all, and the mail worker is woken after the commit.
 * A payload is typed by its kind's schema, so a wrong one does not compile. Returns the ids in order.
 */
export async function enqueueMail<Schema extends z.ZodType>(
  db: DbOrTx,
  kind: QueueableMailKind<Schema>,
  payloads: z.input<Schema> | readonly z.input<Schema>[],
  options: MailJobOptions = {},
): Promise<string[]> {
  const list = isList(payloads) ? payloads : [payloads];
  if (list.length === 0) return [];
  if (options.ids && options.ids.length !== list.length)
    throw new Error(`${options.ids.length} ids for ${list.length} ${kind.name} jobs`);
  const rows = await db
    .insert(mailJobs)
    .values(
      list.map((payload, index) => ({
        kind: kind.name,
        payload,
        leadId: leadIdIn(payload),
        ...(options.ids ? { id: options.ids[index] } : {}),
        ...(options.runAt ? { runAt: options.runAt } : {}),
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      })),
    )
    .returning({ id: mailJobs.id });
  wakeAfterCommit(db, 'mail');
  return rows.map((row) => row.id);
}

/** Array.isArray, telling the type checker of a readonly list too. */
function isList<T>(value: T | readonly T[]): value is readonly T[] {
  return Array.isArray(value);
}

function leadIdIn(payload: unknown): string | null {
  const named = payload !== null && typeof payload === 'object' ? Object.entries(payload) : [];
  const leadId = named.find(([name]) => name === 'leadId')?.[1];
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
