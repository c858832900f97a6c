/**
 * A lead's version for the open lead page (docs/decisions/on-call-inbox.md, "Live updates"):
 * a hash of everything the page shows that someone else can change (the lead's own columns:
 * status, assignment, the on-call acknowledgement, the callback, the visit time, …; its notes,
 * milestones recorded and withdrawn,
 * messages both ways and the state of their e-mails and SMS, the customer's photos and the case
 * link) and of the on-call page's progress. One indexed query that reads no photo links and writes no audit row, so the
 * page can ask every few seconds and load the lead anew (and log the view) only when it changed.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { LeadNotFound } from '../plugins/service-errors.ts';

export async function leadVersion(db: DbOrTx, id: string): Promise<string> {
  // Only the columns that mean something to a person: the page's lease and next run change as
  // the worker goes, without anything to show.
  const result = (await db.execute(sql`
    select md5(concat_ws('|',
      row_to_json(l)::text,
      (select concat_ws(',', count(*), max(created_at)) from lead_notes where lead_id = l.id),
      (select concat_ws(',', count(*), max(created_at), count(withdrawn_at), max(withdrawn_at))
         from lead_milestones where lead_id = l.id),
      (select count(*) from lead_images where lead_id = l.id),
      (select count(*) from case_photos where lead_id = l.id),
      (select concat_ws(',', count(*), max(created_at), max(revoked_at), count(revoked_at))
         from case_links where lead_id = l.id),
      (select concat_ws(',', count(*), max(created_at)) from lead_messages where lead_id = l.id),
      (select string_agg(status, ',' order by id) from lead_message_sms where lead_id = l.id),
      (select string_agg(concat_ws(':', m.status, m.attempts), ',' order by m.id)
         from lead_messages lm join mail_jobs m on m.id = lm.mail_job_id where lm.lead_id = l.id),
      (select concat_ws(',', status, step, acknowledged_by, acknowledged_at)
         from oncall_pages where lead_id = l.id)
    )) as version
    from leads l
    where l.id = ${id}
  `)) as unknown as { rows: { version: string }[] };
  const version = result.rows[0]?.version;
  if (!version) throw new LeadNotFound();
  return version;
}
