/**
 * The recorded facts a case's clocks are computed from (domain/case-clocks.ts), read for many
 * leads at once in three queries whatever their number: the leads with their insurer's rules, their
 * milestones not withdrawn, and the times of their moisture readings not withdrawn. The inbox's
 * list reads a page of leads with it, the reminder job the cases whose report is due.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { caseRules, type CaseClockFacts } from '../../../domain/case-clocks.ts';
import type { ReportRule } from '../../../domain/insurers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leadMilestones, leads, moistureReadings } from '../../db/schema.ts';

/**
 * The lead's insurer: the `insurers` row named as the form recorded it (case and spaces aside),
 * active or not (a case keeps the rules it started under), the active one first if names clash.
 */
function insurerColumn<T>(column: string) {
  return sql<T | null>`(select ${sql.identifier(column)} from "insurers" where lower("insurers"."name") = lower(trim("leads"."details"->>'forsikringsselskab')) order by "insurers"."active" desc, "insurers"."name" limit 1)`;
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
  const [rows, milestones, readings] = await Promise.all([
    db
      .select({
        id: leads.id,
        kind: leads.kind,
        calledBackAt: leads.calledBackAt,
        visitAt: leads.visitAt,
        reportRule: insurerColumn<ReportRule>('report_rule'),
        onSiteHours: insurerColumn<number>('on_site_hours'),
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
      // A row is found when its report rule is (the column is never null).
      rules: caseRules(
        row.reportRule ? { reportRule: row.reportRule, onSiteHours: row.onSiteHours ?? null } : null,
      ),
    });
  }
  return facts;
}
