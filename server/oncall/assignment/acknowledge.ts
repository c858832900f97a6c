/**
 * "Jeg tager den": the first acknowledgement of an emergency assigns the lead (and its duplicates)
 * to that person, stops the escalation, cancels page SMS not yet on their way and tells the
 * others who already got the page who took it. Later acknowledgements learn who was first.
 */
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leads, oncallPages, oncallSms, users } from '../../db/schema.ts';
import { wakeAfterCommit } from '../../queue/jobs.ts';
import { recordAudit } from '../../staff/audit.ts';
import { withoutAckTokensSql } from '../paging/ack-link.ts';
import { displayName } from '../rota/rota-store.ts';
import { assignDuplicates } from './duplicate-assignment.ts';
import { callbackReminderAfterMs } from '../paging/callback-watch.ts';
import { smsFreeAt, smsPerPersonHour, lockSmsBudget } from '../paging/sms-budget.ts';
import { takenSmsText } from '../paging/sms-text.ts';

export type AckResult =
  | { kind: 'taken'; reference: string; notified: number }
  | { kind: 'already'; reference: string; byName: string; at: Date; self: boolean }
  | { kind: 'not-found' }
  /** The account is disabled: nothing assigned, nothing stopped, nobody told. */
  | { kind: 'refused' };

export async function acknowledgePage(
  deps: { db: Db; clock: () => Date },
  input: { leadId: string; userId: string; ip?: string | null },
): Promise<AckResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [page] = await tx
      .select()
      .from(oncallPages)
      .where(eq(oncallPages.leadId, input.leadId))
      .for('update');
    const [lead] = await tx.select().from(leads).where(eq(leads.id, input.leadId));
    const [person] = await tx.select().from(users).where(eq(users.id, input.userId));
    if (person?.disabledAt) return { kind: 'refused' };
    if (!page || !lead || !person) return { kind: 'not-found' };
    if (page.status === 'acknowledged' && page.acknowledgedBy && page.acknowledgedAt) {
      const [first] = await tx.select().from(users).where(eq(users.id, page.acknowledgedBy));
      return {
        kind: 'already',
        reference: lead.reference,
        byName: first ? displayName(first) : 'en kollega',
        at: page.acknowledgedAt,
        self: page.acknowledgedBy === person.id,
      };
    }
    await tx
      .update(oncallPages)
      .set({
        status: 'acknowledged',
        acknowledgedBy: person.id,
        acknowledgedAt: now,
        lockedUntil: null,
        // No "Ringet op" by then: a reminder, later the chain again (server/oncall/paging/callback-watch.ts).
        callbackDueAt: lead.calledBackAt ? null : new Date(now.getTime() + callbackReminderAfterMs),
        remindedAt: null,
        updatedAt: now,
      })
      .where(eq(oncallPages.id, page.id));
    await tx
      .update(leads)
      .set({
        assignedTo: person.id,
        acknowledgedAt: now,
        acknowledgedBy: person.id,
        ...(lead.status === 'new'
          ? { status: 'in-progress' as const, statusChangedAt: now, statusChangedBy: person.id }
          : {}),
      })
      .where(eq(leads.id, lead.id));
    await assignDuplicates(
      tx,
      {
        originalId: lead.id,
        assignee: person.id,
        actor: { userId: person.id, email: person.email, ip: input.ip ?? null },
        reference: lead.reference,
      },
      now,
    );
    // Pages not yet on their way are not sent at all (one being sent right now is left alone);
    // what they keep of their link no longer opens the page.
    await tx
      .update(oncallSms)
      .set({ status: 'cancelled', lockedUntil: null, body: withoutAckTokensSql(oncallSms.body) })
      .where(
        and(
          eq(oncallSms.pageId, page.id),
          eq(oncallSms.purpose, 'page'),
          eq(oncallSms.status, 'pending'),
          or(isNull(oncallSms.lockedUntil), lt(oncallSms.lockedUntil, now)),
        ),
      );
    const reached = await tx
      .selectDistinct({ userId: oncallSms.userId, phone: oncallSms.phone })
      .from(oncallSms)
      .where(
        and(
          eq(oncallSms.pageId, page.id),
          eq(oncallSms.purpose, 'page'),
          or(
            eq(oncallSms.status, 'sent'),
            and(eq(oncallSms.status, 'pending'), gt(oncallSms.lockedUntil, now)),
          ),
          sql`${oncallSms.userId} is distinct from ${person.id}`,
        ),
      );
    const reachedOnce = [...new Map(reached.map((row) => [row.userId ?? row.phone, row])).values()];
    // Not to someone whose hour of SMS is full: the page they got says who took it.
    await lockSmsBudget(
      tx,
      reachedOnce.flatMap((other) => (other.userId ? [other.userId] : [])),
    );
    const others = [];
    for (const other of reachedOnce)
      if (!other.userId || (await smsFreeAt(tx, other.userId, now, smsPerPersonHour)) <= now)
        others.push(other);
    const body = takenSmsText(lead.reference, displayName(person));
    if (others.length > 0) {
      await tx.insert(oncallSms).values(
        others.map((other) => ({
          pageId: page.id,
          leadId: lead.id,
          userId: other.userId,
          purpose: 'taken' as const,
          step: page.step,
          phone: other.phone,
          body,
          runAt: now,
          createdAt: now,
        })),
      );
      wakeAfterCommit(tx, 'oncall.sms');
    }
    await recordAudit(
      tx,
      {
        userId: person.id,
        actor: person.email,
        action: 'oncall-acknowledged',
        leadId: lead.id,
        details: { reference: lead.reference },
        ip: input.ip ?? null,
      },
      now,
    );
    return { kind: 'taken', reference: lead.reference, notified: others.length };
  });
}

/** What the acknowledgement page shows. */
export async function pageSummary(db: Db, leadId: string) {
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead) return null;
  const [page] = await db.select().from(oncallPages).where(eq(oncallPages.leadId, leadId));
  let takenBy: { name: string; at: Date; userId: string } | null = null;
  if (page?.status === 'acknowledged' && page.acknowledgedBy && page.acknowledgedAt) {
    const [first] = await db
      .select()
      .from(users)
      .where(inArray(users.id, [page.acknowledgedBy]));
    takenBy = {
      name: first ? displayName(first) : 'en kollega',
      at: page.acknowledgedAt,
      userId: page.acknowledgedBy,
    };
  }
  return { lead, takenBy };
}
