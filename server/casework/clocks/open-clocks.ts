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

/** A milestone of the lead in the outer query, not withdrawn, of `kind` (a literal). */
const milestone = (kind: string, extra = sql``) =>
  sql`exists (select 1 from "lead_milestones" as m where m."lead_id" = "leads"."id" and m."withdrawn_at" is null and m."kind" = ${kind} ${extra})`;

/** The last time the lead's milestone of `kind` happened (null: never), not withdrawn. */
const lastAt = (kind: string) =>
  sql`(select max(m."at") from "lead_milestones" as m where m."lead_id" = "leads"."id" and m."withdrawn_at" is null and m."kind" = ${kind})`;

/** SQL's part: the open cases whose clock may be running (the computation decides). */
const running: Record<OverdueClock, SQL> = {
  'rapport-sendt': sql`(${milestone('skadestop')} and not ${milestone(
    'rapport-sendt',
    sql`and m."at" >= (select s."at" from "lead_milestones" as s where s."lead_id" = "leads"."id" and s."withdrawn_at" is null and s."kind" = 'skadestop')`,
  )})`,
  fugtmaaling: sql`(${lastAt('affugtning-startet')} > coalesce(${lastAt('affugtning-afsluttet')}, '-infinity'::timestamptz))`,
};

/** The facts of the open cases SQL finds with `clock` possibly running, by lead id. */
export async function runningClockFacts(
  db: DbOrTx,
  clock: OverdueClock,
): Promise<Map<string, CaseClockFacts>> {
  const candidates = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(notInArray(leads.status, closedStatuses), running[clock], sql`not ${milestone('afsluttet')}`));
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
