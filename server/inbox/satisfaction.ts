/**
 * The satisfaction answers for staff, the customers' or the loss adjusters' (never mixed): the list
 * with its figures (the share satisfied, 4–5, per Copenhagen month of the first answer and per
 * insurer: the one the lead named, an adjuster's as recorded with their answer), one lead's
 * answer for its page, and a koordinator's follow-up of an unhappy answer (audited). Every figure
 * is counted from the recorded answers; a lead not answered is not counted.
 */
import { and, asc, eq, gte, isNotNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { isSatisfied, isUnhappy } from '../../domain/satisfaction-scale.ts';
import type {
  LeadSatisfactionAnswer,
  SatisfactionFigures,
  SatisfactionQuery,
} from '../../domain/staff-api/satisfaction.ts';
import { copenhagenMidnight, localParts } from '../../domain/zoned-time.ts';
import type { Db } from '../db/client.ts';
import { adjusterSatisfaction, customerSatisfaction, leads } from '../db/schema.ts';
import { insurerOfLead, markSatisfactionHandled } from '../case/satisfaction.ts';
import { LeadNotFound } from '../plugins/service-errors.ts';
import { auditBy, recordAudit, type StaffActor } from '../staff/audit.ts';

function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

function share(scores: readonly number[]) {
  const satisfied = scores.filter(isSatisfied).length;
  return {
    answered: scores.length,
    satisfied,
    sharePercent: scores.length === 0 ? null : Math.round((satisfied * 100) / scores.length),
  };
}

function groupShares<Key extends string>(rows: readonly { key: string; score: number }[], name: Key) {
  const groups = new Map<string, number[]>();
  for (const row of rows) groups.set(row.key, [...(groups.get(row.key) ?? []), row.score]);
  return [...groups.keys()]
    .sort((a, b) => a.localeCompare(b, 'da'))
    .map(
      (key) =>
        ({ [name]: key, ...share(groups.get(key)!) }) as Record<Key, string> & ReturnType<typeof share>,
    );
}

type AnsweredRow = Omit<SatisfactionFigures['answers'][number], 'answeredAt' | 'changedAt' | 'handledAt'> & {
  answeredAt: Date | null;
  changedAt: Date | null;
  handledAt: Date | null;
};

/** The customers' answers matching the filters, oldest first. */
async function customerRows(db: Db, query: SatisfactionQuery): Promise<AnsweredRow[]> {
  const answer = customerSatisfaction;
  const conditions: SQL[] = [isNotNull(answer.score), ...answerFilters(query, answer, insurerOfLead)];
  const rows = await db
    .select({
      leadId: leads.id,
      reference: leads.reference,
      insurer: insurerOfLead,
      score: answer.score,
      comment: answer.comment,
      answeredAt: answer.answeredAt,
      changedAt: answer.changedAt,
      handledAt: answer.handledAt,
      handledByName: answer.handledByName,
    })
    .from(answer)
    .innerJoin(leads, eq(leads.id, answer.leadId))
    .where(and(...conditions))
    .orderBy(asc(answer.answeredAt));
  return rows.map((row) => ({ ...row, score: row.score!, respondent: 'kunde', adjusterName: null }));
}

/** The adjusters' answers matching the filters (the insurer: theirs as recorded), oldest first. */
async function adjusterRows(db: Db, query: SatisfactionQuery): Promise<AnsweredRow[]> {
  const answer = adjusterSatisfaction;
  const rows = await db
    .select({
      leadId: leads.id,
      reference: leads.reference,
      insurer: answer.insurer,
      adjusterName: answer.adjusterName,
      score: answer.score,
      comment: answer.comment,
      answeredAt: answer.answeredAt,
      changedAt: answer.changedAt,
    })
    .from(answer)
    .innerJoin(leads, eq(leads.id, answer.leadId))
    .where(and(...answerFilters(query, answer, answer.insurer)))
    .orderBy(asc(answer.answeredAt), asc(answer.adjusterLinkId));
  return rows.map((row) => ({ ...row, respondent: 'taksator', handledAt: null, handledByName: null }));
}

/** The query's filters on either table's answers. */
function answerFilters(
  query: SatisfactionQuery,
  answer: typeof customerSatisfaction | typeof adjusterSatisfaction,
  insurer: SQL | SQLWrapper,
): SQL[] {
  const conditions: SQL[] = [];
  if (query.from) conditions.push(gte(answer.answeredAt, copenhagenMidnight(query.from)));
  if (query.to) conditions.push(lt(answer.answeredAt, copenhagenMidnight(nextDay(query.to))));
  if (query.score) conditions.push(eq(answer.score, query.score));
  if (query.insurer) conditions.push(sql`lower(${insurer}) = lower(${query.insurer})`);
  return conditions;
}

/** The answers matching the filters, the customers' or the adjusters', newest first, and their figures. */
export async function satisfactionFigures(db: Db, query: SatisfactionQuery): Promise<SatisfactionFigures> {
  const rows = await (query.respondent === 'taksator' ? adjusterRows : customerRows)(db, query);
  const answered = rows.map((row) => ({ ...row, answeredAt: row.answeredAt! }));
  const month = (at: Date) => {
    const parts = localParts(at);
    return `${parts.year}-${String(parts.month).padStart(2, '0')}`;
  };
  return {
    answers: answered.toReversed().map((row) => ({
      ...row,
      answeredAt: row.answeredAt.toISOString(),
      changedAt: row.changedAt?.toISOString() ?? null,
      handledAt: row.handledAt?.toISOString() ?? null,
    })),
    total: share(answered.map((row) => row.score)),
    months: groupShares(
      answered.map((row) => ({ key: month(row.answeredAt), score: row.score })),
      'month',
    ),
    insurers: groupShares(
      answered.map((row) => ({ key: row.insurer ?? '', score: row.score })),
      'insurer',
    ),
  };
}

/** One lead's question and answer; 404 for a lead that does not exist. */
export async function leadSatisfaction(db: Db, leadId: string): Promise<LeadSatisfactionAnswer> {
  const [row] = await db
    .select({ lead: leads.id, answer: customerSatisfaction })
    .from(leads)
    .leftJoin(customerSatisfaction, eq(customerSatisfaction.leadId, leads.id))
    .where(eq(leads.id, leadId));
  if (!row) throw new LeadNotFound();
  const answer = row.answer;
  if (!answer) return { satisfaction: null };
  return {
    satisfaction: {
      askedAt: answer.askedAt.toISOString(),
      score: answer.score,
      comment: answer.comment,
      answeredAt: answer.answeredAt?.toISOString() ?? null,
      changedAt: answer.changedAt?.toISOString() ?? null,
      needsFollowUp: answer.score !== null && isUnhappy(answer.score) && answer.handledAt === null,
      handledAt: answer.handledAt?.toISOString() ?? null,
      handledByName: answer.handledByName,
    },
  };
}

/**
 * A koordinator marks the lead's unhappy answer followed up: it leaves the "Utilfreds kunde"
 * filter. False when there is no unhappy answer waiting (none, happy, or handled already).
 */
export async function followUpSatisfaction(
  db: Db,
  leadId: string,
  actor: StaffActor,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ score: customerSatisfaction.score, handledAt: customerSatisfaction.handledAt })
      .from(customerSatisfaction)
      .where(eq(customerSatisfaction.leadId, leadId))
      .for('update');
    if (!row || row.score === null || !isUnhappy(row.score) || row.handledAt) return false;
    await markSatisfactionHandled(tx, leadId, actor, now);
    await recordAudit(
      tx,
      auditBy(actor, { action: 'satisfaction-followed-up', leadId, details: { score: row.score } }),
      now,
    );
    return true;
  });
}

/** The list's filter "Utilfreds kunde": leads whose answer is 1–2 and not followed up. */
export const unhappyUnhandled = sql`exists (select 1 from "customer_satisfaction" where "customer_satisfaction"."lead_id" = "leads"."id" and "customer_satisfaction"."score" <= 2 and "customer_satisfaction"."handled_at" is null)`;
