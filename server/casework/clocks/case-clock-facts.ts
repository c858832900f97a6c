/**
 * The recorded facts a case's clocks are computed from (domain/case-clocks.ts), read for many
 * leads at once in four queries whatever their number: the insurers, the leads, their milestones
 * not withdrawn, and the times of their moisture readings not withdrawn. The inbox's
 * list reads a page of leads with it, the reminder job the cases whose report is due.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { caseRules, type CaseClockFacts } from '../../../domain/case-clocks.ts';
import type { Insurer } from '../../../domain/staff-api/insurers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leadMilestones, leads, moistureReadings } from '../../db/schema.ts';
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

function groupBy<Row extends { leadId: string }, T>(rows: readonly Row[], value: (row: Row) => T) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.leadId);
    if (group) group.push(value(row));
    else groups.set(row.leadId, [value(row)]);
  }
  return groups;
}

/** Each given lead's facts by its id; an unknown id is left out. */
export async function loadCaseClockFacts(
  db: DbOrTx,
  leadIds: readonly string[],
): Promise<Map<string, CaseClockFacts>> {
  const ids = [...new Set(leadIds)];
  const facts = new Map<string, CaseClockFacts>();
  if (ids.length === 0) return facts;
  const [insurers, rows, milestones, readings] = await Promise.all([
    insurersByName(db),
    db
      .select({
        id: leads.id,
        kind: leads.kind,
        calledBackAt: leads.calledBackAt,
        visitAt: leads.visitAt,
        insurer: sql<string | null>`${leads.details}->>'forsikringsselskab'`,
      })
      .from(leads)
      .where(inArray(leads.id, ids)),
    db
      .select({ leadId: leadMilestones.leadId, kind: leadMilestones.kind, at: leadMilestones.at })
      .from(leadMilestones)
      .where(and(inArray(leadMilestones.leadId, ids), isNull(leadMilestones.withdrawnAt))),
    db
      .select({ leadId: moistureReadings.leadId, at: moistureReadings.at })
      .from(moistureReadings)
      .where(and(inArray(moistureReadings.leadId, ids), isNull(moistureReadings.withdrawnAt))),
  ]);
  const milestonesOf = groupBy(milestones, (m) => ({ kind: m.kind, at: m.at }));
  const readingsOf = groupBy(readings, (r) => r.at);
  for (const row of rows) {
    facts.set(row.id, {
      kind: row.kind,
      calledBackAt: row.calledBackAt,
      visitAt: row.visitAt,
      milestones: milestonesOf.get(row.id) ?? [],
      readingTimes: readingsOf.get(row.id) ?? [],
      // A case keeps its insurer's rules when the insurer is made inactive.
      rules: caseRules(insurers.get(row.insurer?.trim().toLowerCase() ?? '') ?? null),
    });
  }
  return facts;
}
