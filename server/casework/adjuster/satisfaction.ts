/**
 * The loss adjuster's answer to the customer's question, "Hvor tilfreds er du med vores hjælp?",
 * on their page: asked once a report was sent to the insurer (a lead_reports row), one answer per
 * adjuster link, changeable for 14 days from the first by the customer's rule
 * (server/case/satisfaction.ts, answerChange), and an answer that turns unhappy (1–2) e-mails the
 * koordinators and the assignee like the customer's. Kept apart from the customers' answers
 * (adjuster_satisfaction), so the customers' figure stays the customers'.
 */
import { asc, eq } from 'drizzle-orm';
import type { SatisfactionAnswer } from '../../../domain/satisfaction.ts';
import type { SatisfactionScore } from '../../../domain/satisfaction-scale.ts';
import { satisfactionChangeable } from '../../../domain/satisfaction-scale.ts';
import {
  answerChange,
  insurerOfLead,
  queueUnhappyMails,
  type SatisfactionResult,
  type SatisfactionState,
} from '../../case/satisfaction.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { adjusterLinks, adjusterSatisfaction, leadReports, leads } from '../../db/schema.ts';
import { adjusterPageMessages } from './copy.ts';
import type { OpenAdjusterLink } from './links.ts';

/** When the first report on the lead was sent: the question is asked from then; null: none sent. */
async function firstReportAt(db: DbOrTx, leadId: string): Promise<Date | null> {
  const [first] = await db
    .select({ at: leadReports.createdAt })
    .from(leadReports)
    .where(eq(leadReports.leadId, leadId))
    .orderBy(asc(leadReports.createdAt))
    .limit(1);
  return first?.at ?? null;
}

/** The question on the page of `link` and its answer; null before a report was sent. */
export async function adjusterSatisfactionOf(
  db: DbOrTx,
  link: OpenAdjusterLink,
  now: Date,
): Promise<SatisfactionState | null> {
  const askedAt = await firstReportAt(db, link.leadId);
  if (!askedAt) return null;
  const [row] = await db
    .select()
    .from(adjusterSatisfaction)
    .where(eq(adjusterSatisfaction.adjusterLinkId, link.id));
  return {
    askedAt,
    score: (row?.score ?? null) as SatisfactionScore | null,
    comment: row?.comment ?? null,
    answeredAt: row?.answeredAt ?? null,
    open: !row || satisfactionChangeable(row.answeredAt, now),
  };
}

/** Records the adjuster's answer: refused before a report was sent, and 14 days after the first. */
export async function answerAdjusterSatisfaction(
  db: Db,
  link: OpenAdjusterLink,
  answer: SatisfactionAnswer,
  now: Date,
): Promise<SatisfactionResult> {
  return db.transaction(async (tx) => {
    // The link's row is locked first: two first answers at once are one first and one change.
    await tx
      .select({ id: adjusterLinks.id })
      .from(adjusterLinks)
      .where(eq(adjusterLinks.id, link.id))
      .for('update');
    if (!(await firstReportAt(tx, link.leadId)))
      return { refused: 'not-asked', message: adjusterPageMessages.satisfactionNotAsked };
    const [row] = await tx
      .select()
      .from(adjusterSatisfaction)
      .where(eq(adjusterSatisfaction.adjusterLinkId, link.id));
    const change = answerChange(row ?? null, answer.score, now);
    if ('refused' in change) return change;
    const [lead] = await tx.select({ insurer: insurerOfLead }).from(leads).where(eq(leads.id, link.leadId));
    const values = {
      score: answer.score,
      comment: answer.comment,
      answeredAt: change.answeredAt,
      changedAt: change.changedAt,
      adjusterName: link.name,
      insurer: link.insurer ?? lead?.insurer ?? null,
    };
    await tx
      .insert(adjusterSatisfaction)
      .values({ adjusterLinkId: link.id, leadId: link.leadId, ...values })
      .onConflictDoUpdate({ target: adjusterSatisfaction.adjusterLinkId, set: values });
    if (change.turnsUnhappy)
      await queueUnhappyMails(tx, link.leadId, answer, { respondent: 'taksator', adjusterName: link.name });
    return { recorded: change.recorded, score: answer.score };
  });
}
