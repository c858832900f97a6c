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
import { caseClockFactsWhere, leadIdIn, loadCaseClockFacts } from './case-clock-facts.ts';

const closedStatuses: LeadStatus[] = ['done', 'spam'];

function closed(status: LeadStatus, facts: CaseClockFacts): boolean {
  return closedStatuses.includes(status) || facts.milestones.some((m) => m.kind === 'afsluttet');
}

/**
 * The next deadline of each given lead whose case is open and has one, by lead id. Facts already
 * read (`known`, the overdue filter's) are not read again.
 */
export async function nextDeadlines(
  db: DbOrTx,
  rows: readonly { id: string; status: LeadStatus }[],
  known: ReadonlyMap<string, CaseClockFacts> = new Map(),
): Promise<Map<string, CaseDeadline>> {
  const open = rows.filter((row) => !closedStatuses.includes(row.status));
  const loaded = await loadCaseClockFacts(
    db,
    open.filter((row) => !known.has(row.id)).map((row) => row.id),
  );
  const found = new Map<string, CaseDeadline>();
  for (const row of open) {
    const lead = known.get(row.id) ?? loaded.get(row.id);
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
 * The facts of the open cases whose `clock` may be running, by lead id. First the leads with a
 * start not withdrawn that no end not withdrawn follows (at or after it), from the milestones
 * alone (`lead_milestones_open_kind_idx` holds both kinds); then the facts of those of them that
 * are open, by primary key. Never one query joining the milestones to the leads by status:
 * PostgreSQL plans that as a scan of every open lead (about 25 ms more at 100,000 leads).
 */
export async function runningClockFacts(
  db: DbOrTx,
  clock: OverdueClock,
): Promise<Map<string, CaseClockFacts>> {
  const { start, end } = clockSpans[clock];
  const running = await db
    .selectDistinct({ id: leadMilestones.leadId })
    .from(leadMilestones)
    .where(
      and(
        eq(leadMilestones.kind, start),
        isNull(leadMilestones.withdrawnAt),
        sql`not exists (select 1 from "lead_milestones" as e where e."kind" = ${end} and e."lead_id" = ${leadMilestones.leadId} and e."withdrawn_at" is null and e."at" >= ${leadMilestones.at})`,
      ),
    );
  if (running.length === 0) return new Map();
  const facts = await caseClockFactsWhere(
    db,
    and(leadIdIn(running.map((row) => row.id)), notInArray(leads.status, closedStatuses))!,
  );
  for (const [id, lead] of facts) if (lead.milestones.some((m) => m.kind === 'afsluttet')) facts.delete(id);
  return facts;
}

/**
 * The open cases whose `clock` is overdue at `now` (its deadline passed and not met), with the
 * facts read to find them, by lead id: the list draws its rows' next deadlines from them.
 */
export async function overdueCases(
  db: DbOrTx,
  clock: OverdueClock,
  now: Date,
): Promise<Map<string, CaseClockFacts>> {
  const facts = await runningClockFacts(db, clock);
  for (const [id, lead] of facts)
    if (!caseDeadlines(lead).some((d) => d.kind === clock && !d.metAt && now > d.dueAt)) facts.delete(id);
  return facts;
}
