/**
 * The customers' satisfaction answers for staff: the list with its figures (the share satisfied,
 * 4–5, per Copenhagen month of the first answer and per insurer the lead named), one lead's
 * answer for its page, and a koordinator's follow-up of an unhappy answer (audited). Every figure
 * is counted from the recorded answers; a lead not answered is not counted.
 */
import { and, asc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { isSatisfied, isUnhappy } from '../../domain/satisfaction-scale.ts';
import type {
  LeadSatisfactionAnswer,
  SatisfactionFigures,
  SatisfactionQuery,
} from '../../domain/staff-api/satisfaction.ts';
import { copenhagenMidnight, localParts } from '../../domain/zoned-time.ts';
import type { Db } from '../db/client.ts';
import { customerSatisfaction, leads } from '../db/schema.ts';
import { markSatisfactionHandled } from '../case/satisfaction.ts';
import { LeadNotFound } from '../plugins/service-errors.ts';
import { auditBy, recordAudit, type StaffActor } from '../staff/audit.ts';

const insurerOfLead = sql<string | null>`nullif(trim(${leads.details}->>'forsikringsselskab'), '')`;

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

/** The answers matching the filters, newest first, and their figures. */
export async function satisfactionFigures(db: Db, query: SatisfactionQuery): Promise<SatisfactionFigures> {
  const conditions: SQL[] = [isNotNull(customerSatisfaction.score)];
  if (query.from) conditions.push(gte(customerSatisfaction.answeredAt, copenhagenMidnight(query.from)));
  if (query.to) conditions.push(lt(customerSatisfaction.answeredAt, copenhagenMidnight(nextDay(query.to))));
  if (query.score) conditions.push(eq(customerSatisfaction.score, query.score));
  if (query.insurer) conditions.push(sql`lower(${insurerOfLead}) = lower(${query.insurer})`);
  const rows = await db
    .select({
      leadId: leads.id,
      reference: leads.reference,
      insurer: insurerOfLead,
      score: customerSatisfaction.score,
      comment: customerSatisfaction.comment,
      answeredAt: customerSatisfaction.answeredAt,
      changedAt: customerSatisfaction.changedAt,
      handledAt: customerSatisfaction.handledAt,
      handledByName: customerSatisfaction.handledByName,
    })
    .from(customerSatisfaction)
    .innerJoin(leads, eq(leads.id, customerSatisfaction.leadId))
    .where(and(...conditions))
    .orderBy(asc(customerSatisfaction.answeredAt));
  const answered = rows.map((row) => ({ ...row, score: row.score!, answeredAt: row.answeredAt! }));
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
