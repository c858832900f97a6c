/**
 * The month's cases per insurer, for the figures page and its CSV: how many leads named the
 * insurer, the median time from the lead coming in to the first "På adressen" and to the damage
 * stop, and how many first reports were sent by their deadline (domain/case-clocks.ts, by the
 * insurer's rule). Only recorded milestones count (withdrawn ones do not); spam is left out.
 */
import { and, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { reportDueAt } from '../../../domain/case-clocks.ts';
import { csvLine } from '../../../domain/csv.ts';
import { insurerDefaults, type ReportRule } from '../../../domain/insurers.ts';
import type { InsurerFigures, InsurerFiguresAnswer } from '../../../domain/staff-api/insurers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leadMilestones, leads } from '../../db/schema.ts';
import { minutesText, monthRange, percentile, shareText } from '../../oncall/figures/figures.ts';
import { listInsurers } from './insurers.ts';

interface CaseFacts {
  insurer: string;
  createdAt: Date;
  onSite: Date | null;
  damageStop: Date | null;
  reports: Date[];
}

async function monthCases(db: DbOrTx, from: Date, to: Date): Promise<CaseFacts[]> {
  const insurer = sql<string>`${leads.details}->>'forsikringsselskab'`;
  const rows = await db
    .select({
      id: leads.id,
      insurer,
      createdAt: leads.createdAt,
      kind: leadMilestones.kind,
      at: leadMilestones.at,
    })
    .from(leads)
    .leftJoin(
      leadMilestones,
      and(
        eq(leadMilestones.leadId, leads.id),
        isNull(leadMilestones.withdrawnAt),
        inArray(leadMilestones.kind, ['paa-adressen', 'skadestop', 'rapport-sendt']),
      ),
    )
    .where(
      and(
        gte(leads.createdAt, from),
        lt(leads.createdAt, to),
        ne(leads.status, 'spam'),
        sql`coalesce(${insurer}, '') <> ''`,
      ),
    );
  const cases = new Map<string, CaseFacts>();
  for (const row of rows) {
    let facts = cases.get(row.id);
    if (!facts) {
      facts = {
        insurer: row.insurer,
        createdAt: row.createdAt,
        onSite: null,
        damageStop: null,
        reports: [],
      };
      cases.set(row.id, facts);
    }
    if (!row.kind || !row.at) continue;
    const at = row.at;
    if (row.kind === 'rapport-sendt') facts.reports.push(at);
    else {
      const key = row.kind === 'paa-adressen' ? 'onSite' : 'damageStop';
      if (!facts[key] || at < facts[key]) facts[key] = at;
    }
  }
  return [...cases.values()];
}

const median = (values: number[]) =>
  percentile(
    values.sort((a, b) => a - b),
    0.5,
  );

/** Per insurer named by the month's leads, the insurers with a row first by name, then the others. */
export async function insurerFigures(
  db: DbOrTx,
  month: string,
  now = new Date(),
): Promise<InsurerFiguresAnswer> {
  const { from, to } = monthRange(month);
  const [cases, known] = await Promise.all([monthCases(db, from, to), listInsurers(db)]);
  const rules = new Map<string, ReportRule>(known.map((row) => [row.name.toLowerCase(), row.reportRule]));
  const byInsurer = new Map<string, CaseFacts[]>();
  for (const facts of cases) byInsurer.set(facts.insurer, [...(byInsurer.get(facts.insurer) ?? []), facts]);
  const rows: InsurerFigures[] = [...byInsurer].map(([insurer, list]) => {
    const rule = rules.get(insurer.toLowerCase()) ?? insurerDefaults.reportRule;
    let reportsDue = 0;
    let reportsOnTime = 0;
    for (const { damageStop, reports } of list) {
      if (!damageStop) continue;
      const due = reportDueAt(damageStop, rule);
      const sent = reports.filter((at) => at >= damageStop).sort((a, b) => a.getTime() - b.getTime())[0];
      if (!sent && due > now) continue;
      reportsDue += 1;
      if (sent && sent <= due) reportsOnTime += 1;
    }
    const seconds = (at: Date | null, start: Date) => (at ? (at.getTime() - start.getTime()) / 1000 : null);
    const spans = (pick: (facts: CaseFacts) => Date | null) =>
      list.map((facts) => seconds(pick(facts), facts.createdAt)).filter((value) => value !== null);
    return {
      insurer,
      leads: list.length,
      medianToOnSiteSeconds: median(spans((facts) => facts.onSite)),
      medianToDamageStopSeconds: median(spans((facts) => facts.damageStop)),
      reportsDue,
      reportsOnTime,
    };
  });
  rows.sort((a, b) => a.insurer.localeCompare(b.insurer, 'da'));
  return { month, rows };
}

export const insurerFiguresCsvHeaders = [
  'Forsikringsselskab',
  'Henvendelser',
  'Til fremmøde, median (min)',
  'Til skadestop, median (min)',
  'Første rapporter forfaldne',
  'Sendt til tiden',
  'Andel til tiden',
] as const;

/** The figures as CSV (semicolons, decimal commas, as the on-call figures' CSV). */
export function insurerFiguresCsv(figures: InsurerFiguresAnswer): string {
  const lines = figures.rows.map((row) =>
    csvLine([
      row.insurer,
      String(row.leads),
      minutesText(row.medianToOnSiteSeconds),
      minutesText(row.medianToDamageStopSeconds),
      String(row.reportsDue),
      String(row.reportsOnTime),
      shareText(row.reportsDue ? row.reportsOnTime / row.reportsDue : null),
    ]),
  );
  return `\uFEFF${csvLine(insurerFiguresCsvHeaders)}${lines.join('')}`;
}
