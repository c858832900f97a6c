/**
 * Acknowledged, then forgotten (docs/decisions/callback-reminder.md). "Jeg tager den" makes the
 * page's callback due 15 minutes later (`oncall_pages.callback_due_at`). Then, with no "Ringet
 * op" stamped on the lead (`leads.called_back_at`):
 *
 * - first the person who took it gets a reminder SMS linking their own /vagt page;
 * - 15 minutes after that, still nothing: the acknowledgement is withdrawn (page pending again
 *   from step 0 with the chain as it is now, the lead's acknowledgement and assignment cleared,
 *   audited), and the worker pages the chain through the normal notices and dispatch.
 *
 * The reminder counts in the person's hourly SMS budget (server/oncall/paging/sms-budget.ts): when the
 * hour is full it waits for a free place, and the 15 minutes to the re-page start when it is sent.
 *
 * The worker runs this at the start of each round. Each due page is taken with FOR UPDATE SKIP
 * LOCKED and handled in a transaction of its own (page, lead, then the person's budget: the lock
 * order of the dispatch) that writes the SMS (or the re-page) together with the page's next
 * state: two server copies never both act on a page, a crash before the commit leaves it due
 * again, and after it the step is done. The SMS goes out through the worker's oncall_sms path
 * (retries, fallback e-mail).
 */
import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, leads, oncallPages, oncallSms, users } from '../../db/schema.ts';
import { recordAudit } from '../../staff/audit.ts';
import { displayName } from '../rota/rota-store.ts';
import { shortLink } from './short-link.ts';
import { lockSmsBudget, smsFreeAt, smsPerPersonHour } from './sms-budget.ts';
import { reminderSmsText } from './sms-text.ts';

/** After "Jeg tager den": the reminder SMS when "Ringet op" has not come by then. */
export const callbackReminderAfterMs = 15 * 60_000;
/** After the reminder: the page goes back to the chain when "Ringet op" still has not come. */
export const callbackRepageAfterMs = 15 * 60_000;

export interface CallbackWatchDeps {
  db: Db;
  config: { publicUrl: string; signingSecret: string };
}

export interface CallbackWatchResult {
  reminded: number;
  repaged: number;
}

type PageRow = typeof oncallPages.$inferSelect;
type LeadRow = typeof leads.$inferSelect;

/** Handles the acknowledged pages whose callback check is due at `now` (at most `limit`). */
export async function watchCallbacks(
  deps: CallbackWatchDeps,
  now: Date,
  { limit = 20, hourlyCap = smsPerPersonHour }: { limit?: number; hourlyCap?: number } = {},
): Promise<CallbackWatchResult> {
  const result: CallbackWatchResult = { reminded: 0, repaged: 0 };
  for (let handled = 0; handled < limit; handled++) {
    const outcome = await deps.db.transaction(async (tx) => {
      const [page] = await tx
        .select()
        .from(oncallPages)
        .where(
          and(
            eq(oncallPages.status, 'acknowledged'),
            isNotNull(oncallPages.callbackDueAt),
            lte(oncallPages.callbackDueAt, now),
          ),
        )
        .orderBy(asc(oncallPages.callbackDueAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!page) return 'done';
      // Locked: a "Ringet op" being stamped right now commits first, and is seen here.
      const [lead] = await tx.select().from(leads).where(eq(leads.id, page.leadId)).for('update');
      if (!lead || lead.calledBackAt || lead.status === 'done' || lead.status === 'spam') {
        await tx
          .update(oncallPages)
          .set({ callbackDueAt: null, updatedAt: now })
          .where(eq(oncallPages.id, page.id));
        return 'settled';
      }
      const reminder = page.remindedAt ? 'none' : await remind(tx, deps, page, lead, now, hourlyCap);
      if (reminder !== 'none') return reminder === 'sent' ? 'reminded' : 'settled';
      await repage(tx, page, lead, now);
      return 'repaged';
    });
    if (outcome === 'done') break;
    if (outcome === 'reminded') result.reminded++;
    if (outcome === 'repaged') result.repaged++;
  }
  return result;
}

/**
 * Writes the reminder SMS: 'none' when the person cannot get one (no phone, account disabled),
 * 'later' when their hour of SMS is full (the check is due again when a place frees).
 */
async function remind(
  tx: Tx,
  deps: CallbackWatchDeps,
  page: PageRow,
  lead: LeadRow,
  now: Date,
  hourlyCap: number,
): Promise<'sent' | 'later' | 'none'> {
  const [person] = page.acknowledgedBy
    ? await tx
        .select({ id: users.id, phone: users.phone, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.id, page.acknowledgedBy))
    : [];
  if (!person?.phone || person.disabledAt) return 'none';
  await lockSmsBudget(tx, [person.id]);
  const freeAt = await smsFreeAt(tx, person.id, now, hourlyCap);
  if (freeAt > now) {
    await tx
      .update(oncallPages)
      .set({ callbackDueAt: freeAt, updatedAt: now })
      .where(eq(oncallPages.id, page.id));
    return 'later';
  }
  const link = await shortLink(
    tx,
    deps.config.publicUrl,
    { purpose: 'page', leadId: lead.id, userId: person.id },
    now,
  );
  await tx.insert(oncallSms).values({
    pageId: page.id,
    leadId: lead.id,
    userId: person.id,
    purpose: 'reminder',
    step: page.step,
    phone: person.phone,
    critical: lead.priority === 'kritisk',
    body: reminderSmsText(lead.reference, link),
    runAt: now,
    createdAt: now,
  });
  await tx
    .update(oncallPages)
    .set({ remindedAt: now, callbackDueAt: new Date(now.getTime() + callbackRepageAfterMs), updatedAt: now })
    .where(eq(oncallPages.id, page.id));
  return 'sent';
}

/** Withdraws the acknowledgement and makes the page's first step due now. */
async function repage(tx: Tx, page: PageRow, lead: LeadRow, now: Date) {
  const [person] = page.acknowledgedBy
    ? await tx.select({ email: users.email }).from(users).where(eq(users.id, page.acknowledgedBy))
    : [];
  await tx
    .update(oncallPages)
    .set({
      status: 'pending',
      step: 0,
      // From the start of the chain as it is now (a handover may have passed meanwhile).
      chain: null,
      runAt: now,
      lockedUntil: null,
      attempts: 0,
      lastError: null,
      acknowledgedBy: null,
      acknowledgedAt: null,
      callbackDueAt: null,
      remindedAt: null,
      updatedAt: now,
    })
    .where(eq(oncallPages.id, page.id));
  // The acknowledgement moved the lead from new to in progress: back to new, so the inbox lists
  // it with the emergencies nobody has taken. A status somebody set since is left alone.
  const movedByAck =
    lead.status === 'in-progress' &&
    lead.statusChangedAt !== null &&
    lead.acknowledgedAt !== null &&
    lead.statusChangedAt.getTime() === lead.acknowledgedAt.getTime();
  await tx
    .update(leads)
    .set({
      assignedTo: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
      ...(movedByAck ? { status: 'new' as const, statusChangedAt: now, statusChangedBy: null } : {}),
    })
    .where(eq(leads.id, lead.id));
  await recordAudit(
    tx,
    {
      userId: null,
      actor: 'system',
      action: 'oncall-ack-withdrawn',
      leadId: lead.id,
      details: {
        reference: lead.reference,
        person: person?.email ?? null,
        // Who took it and when, for the lead's timeline and the SMS that pages it again.
        takenBy: page.acknowledgedBy,
        takenAt: page.acknowledgedAt?.toISOString() ?? null,
      },
    },
    now,
  );
}

/**
 * The last take of the lead withdrawn for want of "Ringet op" (who took it, when), for the SMS
 * that pages it again; null when none was.
 */
export async function lastWithdrawal(
  tx: Tx,
  leadId: string,
): Promise<{ takenBy: string; takenAt: Date } | null> {
  const [row] = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.leadId, leadId), eq(auditLog.action, 'oncall-ack-withdrawn')))
    .orderBy(desc(auditLog.at))
    .limit(1);
  const takenBy = row?.details.takenBy;
  const takenAt = row?.details.takenAt;
  if (typeof takenBy !== 'string' || typeof takenAt !== 'string') return null;
  const [person] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, takenBy));
  return { takenBy: person ? displayName(person) : 'en kollega', takenAt: new Date(takenAt) };
}
