/**
 * The customer's answer to "Hvor tilfreds er du med vores hjælp?", given on the case page: one
 * answer per case, changeable for 14 days from the first (domain/satisfaction.ts). An answer that
 * turns unhappy (1 or 2) e-mails the koordinators and the lead's assignee in the transaction that
 * records it, and waits in the inbox ("Utilfreds kunde") until a koordinator marks it followed up.
 * The question itself is asked when staff close the case with a notice
 * (server/messages/outgoing/satisfaction-question.ts).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { satisfactionMessages, type SatisfactionAnswer } from '../../domain/satisfaction.ts';
import {
  isUnhappy,
  satisfactionChangeable,
  satisfactionLabels,
  type SatisfactionScore,
} from '../../domain/satisfaction-scale.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { customerSatisfaction, leads, users } from '../db/schema.ts';
import { escapeHtml, multilineHtml } from '../mail/html.ts';
import { layout, plainText } from '../mail/layout.ts';
import { mailComposersOf, mailKind, messageBase } from '../mail/compose.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { unhappyMailText } from './satisfaction-copy.ts';

export interface SatisfactionState {
  askedAt: Date;
  score: SatisfactionScore | null;
  comment: string | null;
  answeredAt: Date | null;
  /** The answer may still be given or changed. */
  open: boolean;
}

/** Whether the lead's customer was asked, and their answer; null: never asked. */
export async function satisfactionOf(
  db: DbOrTx,
  leadId: string,
  now: Date,
): Promise<SatisfactionState | null> {
  const [row] = await db.select().from(customerSatisfaction).where(eq(customerSatisfaction.leadId, leadId));
  if (!row) return null;
  return {
    askedAt: row.askedAt,
    score: row.score as SatisfactionScore | null,
    comment: row.comment,
    answeredAt: row.answeredAt,
    open: row.answeredAt === null || satisfactionChangeable(row.answeredAt, now),
  };
}

export type SatisfactionResult =
  | { recorded: 'first' | 'changed'; score: SatisfactionScore }
  | { refused: 'not-asked' | 'too-late'; message: string };

/**
 * Records the customer's answer: the first one, or a change within 14 days of the first (409
 * after). An answer that turns unhappy (from none or from 3–5) is followed up again: the
 * koordinators and the assignee get an e-mail and the inbox lists it until it is handled.
 */
export async function answerSatisfaction(
  db: Db,
  leadId: string,
  answer: SatisfactionAnswer,
  now: Date,
): Promise<SatisfactionResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(customerSatisfaction)
      .where(eq(customerSatisfaction.leadId, leadId))
      .for('update');
    if (!row) return { refused: 'not-asked', message: satisfactionMessages.notAsked };
    if (row.answeredAt && !satisfactionChangeable(row.answeredAt, now))
      return { refused: 'too-late', message: satisfactionMessages.tooLate };
    const turnsUnhappy = isUnhappy(answer.score) && (row.score === null || !isUnhappy(row.score));
    await tx
      .update(customerSatisfaction)
      .set({
        score: answer.score,
        comment: answer.comment,
        answeredAt: row.answeredAt ?? now,
        changedAt: row.answeredAt ? now : null,
        ...(turnsUnhappy ? { handledAt: null, handledBy: null, handledByName: null } : {}),
      })
      .where(eq(customerSatisfaction.leadId, leadId));
    if (turnsUnhappy) await queueUnhappyMails(tx, leadId, answer);
    return { recorded: row.answeredAt ? 'changed' : 'first', score: answer.score };
  });
}

/** The unhappy answer to the lead's assignee and every koordinator, once each. */
async function queueUnhappyMails(tx: DbOrTx, leadId: string, answer: SatisfactionAnswer) {
  const [lead] = await tx
    .select({ reference: leads.reference, assignedTo: leads.assignedTo })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead) return;
  const people = await tx
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(isNull(users.disabledAt))
    .orderBy(asc(users.email));
  const to = people.filter((person) => person.role === 'koordinator' || person.id === lead.assignedTo);
  await enqueueMail(
    tx,
    unhappyCustomerMail,
    to.map((person) => ({
      leadId,
      to: { name: person.name?.trim() || person.email, address: person.email },
      reference: lead.reference,
      score: answer.score,
      comment: answer.comment,
    })),
  );
}

/** An unhappy answer to one koordinator or the assignee: the score, the comment, the lead's link. */
export const unhappyCustomerMail = mailKind(
  'satisfaction-unhappy',
  z.object({
    leadId: z.uuid(),
    to: z.object({ name: z.string(), address: z.string() }),
    reference: z.string(),
    score: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
  }),
  (deps, job) => {
    const { reference, score, comment, leadId } = job.payload;
    const label = satisfactionLabels[score as SatisfactionScore];
    const subject = unhappyMailText.subject(reference, score);
    const intro = unhappyMailText.intro(reference, score, label);
    const link = `${deps.publicUrl}/indbakke/henvendelse/${encodeURIComponent(leadId)}`;
    const said = comment ? unhappyMailText.comment(comment) : unhappyMailText.noComment;
    return {
      ...messageBase(deps, job),
      to: job.payload.to,
      subject,
      text: plainText([intro, '', said, '', unhappyMailText.followUp, link]),
      html: layout(
        subject,
        escapeHtml(intro),
        [
          `<p style="margin:0 0 12px">${multilineHtml(said)}</p>`,
          `<p style="margin:0 0 12px">${escapeHtml(unhappyMailText.followUp)}</p>`,
          `<p><a href="${escapeHtml(link)}">${escapeHtml(unhappyMailText.open)}</a></p>`,
        ].join('\n'),
      ),
    };
  },
);

export const satisfactionMailComposers = mailComposersOf(unhappyCustomerMail);

/** A koordinator marks an unhappy answer followed up; false when there is none waiting. */
export async function markSatisfactionHandled(
  db: DbOrTx,
  leadId: string,
  actor: { userId: string; name: string | null; email: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(customerSatisfaction)
    .set({ handledAt: now, handledBy: actor.userId, handledByName: actor.name ?? actor.email })
    .where(and(eq(customerSatisfaction.leadId, leadId), isNull(customerSatisfaction.handledAt)))
    .returning({ score: customerSatisfaction.score });
  return rows.length === 1;
}
