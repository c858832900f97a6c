/**
 * The clocks of open cases at volume: each list row's next deadline, and which cases have the
 * first report or a moisture reading overdue (the list's filters). Clocks are computed only for a
 * page of leads, or for the few cases SQL finds with that clock running: a damage stop without a
 * report sent after it, or drying started and not ended; never for every lead.
 *
 * A closed case (status Afsluttet or spam, or an "Afsluttet" milestone) waits for nothing: it
 * shows no next deadline and is never overdue.
 */
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import {
  caseDeadlines,
  nextDeadline,
  type CaseClockFacts,
  type CaseDeadline,
} from '../../../domain/case-clocks.ts';
import type { LeadStatus } from '../../../domain/lead.ts';
import type { MilestoneKind } from '../../../domain/milestones.ts';
import type { OverdueClock } from '../../../domain/staff-api/leads.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leadMilestones, leads } from '../../db/schema.ts';
import { loadCaseClockFacts } from './case-clock-facts.ts';

const closedStatuses: LeadStatus[] = ['done', 'spam'];

function closed(status: LeadStatus, facts: CaseClockFacts): boolean {
  return closedStatuses.includes(status) || facts.milestones.some((m) => m.kind === 'afsluttet');
}

/** The next deadline of each given lead whose case is open and has one, by lead id. */
export async function nextDeadlines(
  db: DbOrTx,
  rows: readonly { id: string; status: LeadStatus }[],
): Promise<Map<string, CaseDeadline>> {
  const open = rows.filter((row) => !closedStatuses.includes(row.status));
  const facts = await loadCaseClockFacts(
    db,
    open.map((row) => row.id),
  );
  const found = new Map<string, CaseDeadline>();
  for (const row of open) {
    const lead = facts.get(row.id);
    const next = lead && !closed(row.status, lead) ? nextDeadline(caseDeadlines(lead)) : null;
    if (next) found.set(row.id, next);
  }
  return found;
}

/** The milestones that start and end each clock the list filters by. */
const clockSpans: Record<OverdueClock, { start: MilestoneKind; end: MilestoneKind }> = {
  // A damage stop with no report sent after it.
  'rapport-sendt': { start: 'skadestop', end: 'rapport-sendt' },
  // Drying started and not ended after it (the last start later than the last end).
  fugtmaaling: { start: 'affugtning-startet', end: 'affugtning-afsluttet' },
};

/**
 * The facts of the open cases whose `clock` may be running, by lead id: found from the
 * milestones (a start not withdrawn that no end not withdrawn follows, at or after it), joined to
 * their open leads by primary key; a few thousand rows at most, never every lead.
 */
export async function runningClockFacts(
  db: DbOrTx,
  clock: OverdueClock,
): Promise<Map<string, CaseClockFacts>> {
  const { start, end } = clockSpans[clock];
  const candidates = await db
    .select({ id: leadMilestones.leadId, status: leads.status })
    .from(leadMilestones)
    .innerJoin(leads, eq(leads.id, leadMilestones.leadId))
    .where(
      and(
        eq(leadMilestones.kind, start),
        isNull(leadMilestones.withdrawnAt),
        notInArray(leads.status, closedStatuses),
        sql`not exists (select 1 from "lead_milestones" as e where e."lead_id" = ${leadMilestones.leadId} and e."kind" = ${end} and e."withdrawn_at" is null and e."at" >= ${leadMilestones.at})`,
      ),
    );
  const facts = await loadCaseClockFacts(
    db,
    candidates.map((row) => row.id),
  );
  for (const row of candidates)
    if (facts.has(row.id) && closed(row.status, facts.get(row.id)!)) facts.delete(row.id);
  return facts;
}

/** The ids of the open cases whose `clock` is overdue at `now`: its deadline passed and not met. */
export async function overdueLeadIds(db: DbOrTx, clock: OverdueClock, now: Date): Promise<string[]> {
  const facts = await runningClockFacts(db, clock);
  return [...facts]
    .filter(([, lead]) => caseDeadlines(lead).some((d) => d.kind === clock && !d.metAt && now > d.dueAt))
    .map(([id]) => id);
}
