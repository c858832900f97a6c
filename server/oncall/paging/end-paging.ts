/**
 * Paging ends with the lead: a lead closed ("Afsluttet") or filed as spam before anyone took it
 * pages nobody further. The status change calls endPaging in its own transaction (every path
 * goes through server/inbox/lead-changes.ts; erasure deletes the page with the lead), and a step
 * or a dispatch that finds the lead no longer open ends it too (server/oncall/paging/worker.ts,
 * dispatch.ts), so a change that raced a step never lets an SMS or "Ikke kvitteret" e-mail out.
 */
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { firstResponseDue } from '../../../domain/first-response.ts';
import type { LeadStatus } from '../../../domain/lead.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leads, mailJobs, oncallPageNotices, oncallPages, oncallSms } from '../../db/schema.ts';
import { wakeAfterCommit } from '../../queue/jobs.ts';
import { addSystemNote } from '../../leads/system-notes.ts';
import { withoutAckTokensSql } from './ack-link.ts';

/** The statuses whose emergencies are paged; any other ends the paging. */
export const pagedStatuses: readonly LeadStatus[] = ['new', 'in-progress'];

export function isPagedStatus(status: LeadStatus): boolean {
  return pagedStatuses.includes(status);
}

/** The on-call e-mails about one emergency that lose their point once it is closed. */
const pagingMailKinds = ['oncall-unacknowledged', 'oncall-page-fallback'];

/**
 * Ends the paging of these leads at `now`: a page not yet taken is 'ended' (no further step), a
 * taken one is no longer watched for its callback, waiting notices are dropped, page and reminder
 * SMS not yet on their way are cancelled (what they keep of their link opens nothing), and the
 * on-call e-mails about them not yet sent are removed. An SMS being sent right now is left alone.
 */
export async function endPaging(tx: DbOrTx, leadIds: readonly string[], now: Date): Promise<void> {
  if (leadIds.length === 0) return;
  const ids = [...leadIds];
  await tx
    .update(oncallPages)
    .set({ status: 'ended', lockedUntil: null, callbackDueAt: null, updatedAt: now })
    .where(
      and(inArray(oncallPages.leadId, ids), inArray(oncallPages.status, ['pending', 'exhausted', 'nobody'])),
    );
  await tx
    .update(oncallPages)
    .set({ callbackDueAt: null, updatedAt: now })
    .where(and(inArray(oncallPages.leadId, ids), isNotNull(oncallPages.callbackDueAt)));
  await tx
    .update(oncallPageNotices)
    .set({ status: 'dropped', dispatchedAt: now })
    .where(and(inArray(oncallPageNotices.leadId, ids), inArray(oncallPageNotices.status, ['waiting'])));
  const notOnTheirWay = and(
    inArray(oncallSms.status, ['pending']),
    or(isNull(oncallSms.lockedUntil), lt(oncallSms.lockedUntil, now)),
  );
  await tx
    .update(oncallSms)
    .set({ status: 'cancelled', lockedUntil: null, body: withoutAckTokensSql(oncallSms.body) })
    .where(
      and(inArray(oncallSms.leadId, ids), inArray(oncallSms.purpose, ['page', 'reminder']), notOnTheirWay),
    );
  const notSentYet = and(
    inArray(mailJobs.status, ['pending']),
    or(isNull(mailJobs.lockedUntil), lt(mailJobs.lockedUntil, now)),
  );
  await tx
    .delete(mailJobs)
    .where(and(inArray(mailJobs.leadId, ids), inArray(mailJobs.kind, pagingMailKinds), notSentYet));
  // A minute's "Ikke kvitteret" e-mail names several emergencies (payload.leadIds): these leave
  // it, and an e-mail left about none is not sent.
  const ended = sql`${JSON.stringify(ids)}::jsonb`;
  const unacknowledged = and(eq(mailJobs.kind, 'oncall-unacknowledged'), notSentYet);
  await tx
    .update(mailJobs)
    .set({
      payload: sql`jsonb_set(${mailJobs.payload}, '{leadIds}', (select coalesce(jsonb_agg(element.value), '[]'::jsonb) from jsonb_array_elements(${mailJobs.payload} -> 'leadIds') as element(value) where not ${ended} @> jsonb_build_array(element.value)))`,
    })
    .where(
      and(
        unacknowledged,
        sql`${mailJobs.payload} -> 'leadIds' ?| array(select jsonb_array_elements_text(${ended}))`,
      ),
    );
  await tx.delete(mailJobs).where(and(unacknowledged, sql`${mailJobs.payload} -> 'leadIds' = '[]'::jsonb`));
}

/**
 * The open duplicates of these originals (closed or filed as spam just now) stand on their own
 * and are paged at once: the original that held their page no longer does (a made-up emergency
 * filed as spam must not take a real one with it). Each gets its own first-answer deadline from
 * now and a note saying why. Returns how many were paged.
 */
export async function pageReleasedDuplicates(
  tx: DbOrTx,
  originals: readonly { id: string; reference: string }[],
  to: LeadStatus,
  now: Date,
): Promise<number> {
  if (originals.length === 0) return 0;
  const released = await tx
    .select({
      id: leads.id,
      duplicateOf: leads.duplicateOf,
      kind: leads.kind,
      announcedCallbackMinutes: leads.announcedCallbackMinutes,
    })
    .from(leads)
    .where(
      and(
        inArray(
          leads.duplicateOf,
          originals.map((original) => original.id),
        ),
        inArray(leads.status, [...pagedStatuses]),
        eq(leads.pagesOnCall, true),
      ),
    )
    .orderBy(leads.id)
    .for('update');
  if (released.length === 0) return 0;
  const references = new Map(originals.map((original) => [original.id, original.reference]));
  const why = to === 'spam' ? 'lagt i spam' : 'afsluttet';
  for (const lead of released) {
    await tx
      .update(leads)
      .set({
        duplicateOf: null,
        firstResponseDueAt: sql`coalesce(${leads.firstResponseDueAt}, ${firstResponseDue({ kind: lead.kind, pagesOnCall: true, announcedCallbackMinutes: lead.announcedCallbackMinutes }, now)!.toISOString()}::timestamptz)`,
      })
      .where(eq(leads.id, lead.id));
    await tx.insert(oncallPages).values({ leadId: lead.id, runAt: now }).onConflictDoNothing();
    await addSystemNote(
      tx,
      lead.id,
      `Var dublet af ${references.get(lead.duplicateOf ?? '') ?? 'en anden henvendelse'}, som blev ${why}: nu kaldt op som sin egen akutte skade.`,
      now,
    );
  }
  wakeAfterCommit(tx, 'oncall.page');
  return released.length;
}
