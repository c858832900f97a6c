/**
 * The customer's answer to "Hvor tilfreds er du med vores hjælp?", given on the case page: one
 * answer per case, changeable for 14 days from the first (domain/satisfaction.ts). An answer that
 * turns unhappy (1 or 2) e-mails the koordinators and the lead's assignee in the transaction that
 * records it, and waits in the inbox ("Utilfreds kunde") until a koordinator marks it followed up.
 * The question itself is asked when staff close the case with a notice
 * (server/messages/outgoing/satisfaction-question.ts).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
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

/** The insurer the lead's form named, trimmed; null for none. The figures count per insurer by it. */
export const insurerOfLead = sql<string | null>`nullif(trim(${leads.details}->>'forsikringsselskab'), '')`;

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

/** What an answer does to the one recorded before it (none: `previous` null or unanswered). */
export type AnswerChange =
  | { refused: 'too-late'; message: string }
  | { recorded: 'first' | 'changed'; answeredAt: Date; changedAt: Date | null; turnsUnhappy: boolean };

/**
 * The rule both questions share, the customer's and the adjuster's: the first answer, or a change
 * within 14 days of the first (refused after); it turns unhappy going to 1–2 from none or from 3–5.
 */
export function answerChange(
  previous: { score: number | null; answeredAt: Date | null } | null,
  score: SatisfactionScore,
  now: Date,
): AnswerChange {
  const answeredAt = previous?.answeredAt ?? null;
  if (answeredAt && !satisfactionChangeable(answeredAt, now))
    return { refused: 'too-late', message: satisfactionMessages.tooLate };
  const before = previous?.score ?? null;
  return {
    recorded: answeredAt ? 'changed' : 'first',
    answeredAt: answeredAt ?? now,
    changedAt: answeredAt ? now : null,
    turnsUnhappy: isUnhappy(score) && (before === null || !isUnhappy(before)),
  };
}

/**
 * Records the customer's answer by answerChange's rule. An answer that turns unhappy is followed
 * up again: the koordinators and the assignee get an e-mail and the inbox lists it until it is
 * handled.
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
    const change = answerChange(row, answer.score, now);
    if ('refused' in change) return change;
    await tx
      .update(customerSatisfaction)
      .set({
        score: answer.score,
        comment: answer.comment,
        answeredAt: change.answeredAt,
        changedAt: change.changedAt,
        ...(change.turnsUnhappy ? { handledAt: null, handledBy: null, handledByName: null } : {}),
      })
      .where(eq(customerSatisfaction.leadId, leadId));
    if (change.turnsUnhappy) await queueUnhappyMails(tx, leadId, answer, { respondent: 'kunde' });
    return { recorded: change.recorded, score: answer.score };
  });
}

/** Who gave an unhappy answer: the customer, or the adjuster of a link (by name). */
export type UnhappyRespondent = { respondent: 'kunde' } | { respondent: 'taksator'; adjusterName: string };

/** The unhappy answer to the lead's assignee and every koordinator, once each. */
export async function queueUnhappyMails(
  tx: DbOrTx,
  leadId: string,
  answer: SatisfactionAnswer,
  who: UnhappyRespondent,
) {
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
      respondent: who.respondent,
      adjusterName: who.respondent === 'taksator' ? who.adjusterName : null,
    })),
  );
}

/**
 * An unhappy answer, the customer's or an adjuster's, to one koordinator or the assignee: the
 * score, the comment, the lead's link.
 */
export const unhappyCustomerMail = mailKind(
  'satisfaction-unhappy',
  z.object({
    leadId: z.uuid(),
    to: z.object({ name: z.string(), address: z.string() }),
    reference: z.string(),
    score: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    // Jobs queued before adjusters were asked carry neither: they are the customer's.
    respondent: z.enum(['kunde', 'taksator']).default('kunde'),
    adjusterName: z.string().nullable().default(null),
  }),
  (deps, job) => {
    const { reference, score, comment, leadId, respondent, adjusterName } = job.payload;
    const label = satisfactionLabels[score as SatisfactionScore];
    const words = unhappyMailText[respondent];
    const subject = words.subject(reference, score);
    const intro = words.intro(reference, score, label, adjusterName ?? '');
    const link = `${deps.publicUrl}/indbakke/henvendelse/${encodeURIComponent(leadId)}`;
    const said = comment ? words.comment(comment) : words.noComment;
    return {
      ...messageBase(deps, job),
      to: job.payload.to,
      subject,
      text: plainText([intro, '', said, '', words.followUp, link]),
      html: layout(
        subject,
        escapeHtml(intro),
        [
          `<p style="margin:0 0 12px">${multilineHtml(said)}</p>`,
          `<p style="margin:0 0 12px">${escapeHtml(words.followUp)}</p>`,
          `<p><a href="${escapeHtml(link)}">${escapeHtml(words.open)}</a></p>`,
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
