/**
 * The clocks of open cases at volume: each list row's next deadline, and which cases have the
 * first report or a moisture reading overdue (the list's filters). Clocks are computed only for a
 * page of leads, or for the few cases SQL finds with that clock running: a damage stop without a
 * report sent after it, or drying started and not ended; never for every lead.
 *
 * A closed case (status Afsluttet or spam, or an "Afsluttet" milestone) waits for nothing: it
 * shows no next deadline and is never overdue.
 */
import { and, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  caseDeadlines,
  nextDeadline,
  type CaseClockFacts,
  type CaseDeadline,
} from '../../../domain/case-clocks.ts';
import type { LeadStatus } from '../../../domain/lead.ts';
import type { OverdueClock } from '../../../domain/staff-api/leads.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';
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

/** The outer query's lead has no milestone of `kind` (a literal) that is not withdrawn. */
const hasNo = (kind: string) =>
  sql`not exists (select 1 from "lead_milestones" as m where m."lead_id" = "leads"."id" and m."withdrawn_at" is null and m."kind" = ${kind})`;

/**
 * SQL's part, driven from the milestones (a few thousand rows, not every lead): the leads with a
 * `start` milestone not withdrawn that no `end` milestone not withdrawn follows (at or after it).
 */
const startedNotEnded = (start: string, end: string) =>
  sql`${leads.id} in (select s."lead_id" from "lead_milestones" as s where s."kind" = ${start} and s."withdrawn_at" is null and not exists (select 1 from "lead_milestones" as e where e."lead_id" = s."lead_id" and e."kind" = ${end} and e."withdrawn_at" is null and e."at" >= s."at"))`;

/** The open cases whose clock may be running (the computation decides). */
const running: Record<OverdueClock, SQL> = {
  // A damage stop with no report sent after it.
  'rapport-sendt': startedNotEnded('skadestop', 'rapport-sendt'),
  // Drying started and not ended after it: the last start is later than the last end.
  fugtmaaling: startedNotEnded('affugtning-startet', 'affugtning-afsluttet'),
};

/** The facts of the open cases SQL finds with `clock` possibly running, by lead id. */
export async function runningClockFacts(
  db: DbOrTx,
  clock: OverdueClock,
): Promise<Map<string, CaseClockFacts>> {
  const candidates = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(running[clock], notInArray(leads.status, closedStatuses), hasNo('afsluttet')));
  return loadCaseClockFacts(
    db,
    candidates.map((row) => row.id),
  );
}

/** The ids of the open cases whose `clock` is overdue at `now`: its deadline passed and not met. */
export async function overdueLeadIds(db: DbOrTx, clock: OverdueClock, now: Date): Promise<string[]> {
  const facts = await runningClockFacts(db, clock);
  return [...facts]
    .filter(([, lead]) => caseDeadlines(lead).some((d) => d.kind === clock && !d.metAt && now > d.dueAt))
    .map(([id]) => id);
}
