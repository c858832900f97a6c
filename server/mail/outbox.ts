/**
 * The mail outbox (DESIGN decision 6): services enqueue mail jobs inside the transaction that
 * stores the submission, so a lead is never stored without its e-mail or the other way round.
 * Jobs carry ids only; the worker reads the current row when it sends.
 */
import type { DbOrTx, SqlClient, Statement } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';

export type MailJobInput =
  /** Staff notification for a contact, emergency or report submission. */
  | { kind: 'submission-notification'; payload: { submissionId: string } }
  /** The requested PDF to the requester. */
  | { kind: 'resource-delivery'; payload: { requestId: string } }
  /** Staff notification for a resource request. */
  | { kind: 'resource-notification'; payload: { requestId: string } };

export type MailJobKind = MailJobInput['kind'];

export interface ClaimedMailJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
}

export async function enqueueMail(db: DbOrTx, jobs: readonly MailJobInput[]): Promise<void> {
  if (jobs.length === 0) return;
  await db.insert(mailJobs).values(jobs.map((job) => ({ kind: job.kind, payload: job.payload })));
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
  jobs: readonly { kind: MailJobKind; idKey: 'submissionId' | 'requestId' }[],
): Statement {
  // Kinds and keys are the fixed literals above, never user input, so they are written inline.
  const values = jobs.map((job) => `('${job.kind}', '${job.idKey}')`).join(', ');
  return {
    name,
    text: `with inserted as (${insert}),
    jobs as (
      insert into mail_jobs (kind, payload)
      select job.kind, jsonb_build_object(job.id_key, inserted.id::text)
      from inserted cross join (values ${values}) as job(kind, id_key)
    )
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
