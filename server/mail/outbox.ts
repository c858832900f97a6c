/**
 * The mail outbox: services enqueue mail jobs in the statement or transaction that stores the
 * lead, so a lead is never stored without its e-mails or the other way round. Jobs carry the
 * lead's id only; the worker reads the current row when it sends.
 */
import type { DbOrTx, SqlClient, Statement } from '../db/client.ts';
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

/**
 * The statement that writes a lead and enqueues its mail jobs at once: `insert` (an
 * INSERT … ON CONFLICT (reference) DO NOTHING RETURNING id, reference) and one mail_jobs row per
 * job in data-modifying CTEs, so they commit together even outside a transaction and cost a
 * single round trip. It returns the new row's reference, or no row when the reference was taken
 * (nothing written then). Built once per statement at module load.
 */
export function leadWithMailStatement(
  name: string,
  insert: string,
  jobs: readonly MailJobKind[],
  /** Further data-modifying CTEs reading `inserted`, e.g. the on-call page (server/oncall/pages.ts). */
  extraCtes: readonly string[] = [],
): Statement {
  // Kinds and keys are the fixed literals above, never user input, so they are written inline.
  const values = jobs.map((kind) => `('${kind}')`).join(', ');
  return {
    name,
    text: `with inserted as (${insert}),
    jobs as (
      insert into mail_jobs (kind, payload, lead_id)
      select job.kind, jsonb_build_object('leadId', inserted.id::text), inserted.id
      from inserted cross join (values ${values}) as job(kind)
    )${extraCtes
      .map(
        (cte) => `,
    ${cte}`,
      )
      .join('')}
    select reference from inserted`,
  };
}

/** Runs a leadWithMailStatement: the new row's reference, or null when the reference was taken. */
export async function insertReturningReferenceWithMail(
  client: SqlClient,
  statement: Statement,
  values: readonly unknown[],
): Promise<string | null> {
  const rows = await client.query<{ reference: string }>(statement, values);
  return rows[0]?.reference ?? null;
}
