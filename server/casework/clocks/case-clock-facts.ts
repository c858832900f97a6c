/**
 * The recorded facts a case's clocks are computed from (domain/case-clocks.ts), read for many
 * leads at once in two queries whatever their number: the insurers, and the leads with their
 * milestones not withdrawn and the times of their moisture readings not withdrawn. The inbox's
 * list reads a page of leads with it, the reminder job the cases whose report is due.
 */
import { sql, type SQL } from 'drizzle-orm';
import { caseRules, type CaseClockFacts } from '../../../domain/case-clocks.ts';
import type { MilestoneKind } from '../../../domain/milestones.ts';
import type { Insurer } from '../../../domain/staff-api/insurers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';
import { listInsurers } from '../insurers/insurers.ts';

/**
 * The insurers by the name a form records, compared as `insurerNamed` compares them (case and
 * outer spaces aside): the table is a short list, read whole rather than once per lead.
 */
async function insurersByName(db: DbOrTx): Promise<Map<string, Insurer>> {
  const byName = new Map<string, Insurer>();
  // Inactive first, so an active row of the same name wins.
  const list = (await listInsurers(db)).sort((a, b) => Number(a.active) - Number(b.active));
  for (const insurer of list) byName.set(insurer.name.trim().toLowerCase(), insurer);
  return byName;
}

/**
 * `leads.id` is one of `ids`, sent as one array parameter rather than one parameter per id: a
 * thousand ids are cheaper to send and to plan, and the primary key finds each.
 */
export function leadIdIn(ids: readonly string[]): SQL {
  return sql`${leads.id} = any(${`{${ids.join(',')}}`}::uuid[])`;
}

/** Each given lead's facts by its id; an unknown id is left out. */
export async function loadCaseClockFacts(
  db: DbOrTx,
  leadIds: readonly string[],
): Promise<Map<string, CaseClockFacts>> {
  const ids = [...new Set(leadIds)];
  if (ids.length === 0) return new Map();
  return caseClockFactsWhere(db, leadIdIn(ids));
}

/** The facts of the leads `condition` (on `leads`) picks, by lead id. */
export async function caseClockFactsWhere(db: DbOrTx, condition: SQL): Promise<Map<string, CaseClockFacts>> {
  const facts = new Map<string, CaseClockFacts>();
  // Two queries at once: the short list of insurers, and the leads with their milestones and
  // reading times gathered by the (lead_id, …) indexes, so a list page waits for one round trip.
  const [insurers, rows] = await Promise.all([
    insurersByName(db),
    db
      .select({
        id: leads.id,
        kind: leads.kind,
        pagesOnCall: leads.pagesOnCall,
        calledBackAt: leads.calledBackAt,
        visitAt: leads.visitAt,
        insurer: sql<string | null>`${leads.details}->>'forsikringsselskab'`,
        milestones: sql<
          [MilestoneKind, string][]
        >`(select coalesce(json_agg(json_build_array(m."kind", m."at")), '[]'::json) from "lead_milestones" as m where m."lead_id" = "leads"."id" and m."withdrawn_at" is null)`,
        readingTimes: sql<
          string[]
        >`(select coalesce(json_agg(r."at"), '[]'::json) from "moisture_readings" as r where r."lead_id" = "leads"."id" and r."withdrawn_at" is null)`,
      })
      .from(leads)
      .where(condition),
  ]);
  for (const row of rows) {
    facts.set(row.id, {
      kind: row.kind,
      pagesOnCall: row.pagesOnCall,
      calledBackAt: row.calledBackAt,
      visitAt: row.visitAt,
      milestones: row.milestones.map(([kind, at]) => ({ kind, at: new Date(at) })),
      readingTimes: row.readingTimes.map((at) => new Date(at)),
      // A case keeps its insurer's rules when the insurer is made inactive.
      rules: caseRules(insurers.get(row.insurer?.trim().toLowerCase() ?? '') ?? null),
    });
  }
  return facts;
}
