/**
 * The mail outbox (DESIGN decision 6): services enqueue mail jobs inside the transaction that
 * stores the submission, so a lead is never stored without its e-mail or the other way round.
 * Jobs carry ids only; the worker reads the current row when it sends.
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
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
 * Runs `inserted` (an INSERT … ON CONFLICT (reference) DO NOTHING RETURNING id, reference) and
 * enqueues its mail jobs in ONE statement (data-modifying CTEs): they commit together even
 * outside a transaction and cost a single round trip. Returns the new row's reference, or null
 * when the reference was taken (nothing written then).
 */
export async function insertReturningReferenceWithMail(
  db: DbOrTx,
  inserted: SQLWrapper,
  jobs: readonly { kind: MailJobKind; idKey: 'submissionId' | 'requestId' }[],
): Promise<string | null> {
  const kinds = sql.join(
    jobs.map((job) => sql`(${job.kind}::text, ${job.idKey}::text)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with inserted as ${inserted},
    jobs as (
      insert into ${mailJobs} (kind, payload)
      select job.kind, jsonb_build_object(job.id_key, inserted.id::text)
      from inserted cross join (values ${kinds}) as job(kind, id_key)
    )
    select reference from inserted`)) as unknown as { rows: { reference: string }[] };
  return result.rows[0]?.reference ?? null;
}
