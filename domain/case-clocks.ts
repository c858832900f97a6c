/**
 * The clocks of a case after the call: when each party may expect the next fact, computed from
 * the recorded facts alone (docs/decisions/case-clocks.md). Business days follow the calendar the
 * first-response deadlines use (domain/business-hours.ts: Danish holidays, Copenhagen time).
 *
 * - On site: an emergency (a kind answered by call-back) within the insurer's hours of the
 *   call-back; any other kind by the visit time staff agreed. No call-back or visit: no clock yet.
 * - First report: by the end of the insurer's business day after the damage stop.
 * - Moisture: while drying runs, a reading at least every 7 days after the last one (or the start).
 */
import { isWorkingDay } from './business-hours.ts';
import { insurerDefaults, reportRuleBusinessDays, type ReportRule } from './insurers.ts';
import type { LeadKind } from './lead-kinds.ts';
import type { MilestoneKind } from './milestones.ts';
import { localParts, zonedTime } from './zoned-time.ts';

export const clockKinds = ['paa-adressen', 'rapport-sendt', 'fugtmaaling'] as const;
export type ClockKind = (typeof clockKinds)[number];

export const clockLabels: Record<ClockKind, string> = {
  'paa-adressen': 'På adressen',
  'rapport-sendt': 'Første rapport',
  fugtmaaling: 'Fugtmåling',
};

export interface CaseRules {
  onSiteHours: number;
  reportRule: ReportRule;
}

/** An insurer's rules with the defaults filled in (no insurer, or one that names no rule). */
export function caseRules(insurer: { onSiteHours: number | null; reportRule: ReportRule } | null): CaseRules {
  return {
    onSiteHours: insurer?.onSiteHours ?? insurerDefaults.onSiteHours,
    reportRule: insurer?.reportRule ?? insurerDefaults.reportRule,
  };
}

export interface CaseClockFacts {
  kind: LeadKind;
  /** It paged the on-call staff (leads.pages_on_call): on site counts from the callback. */
  pagesOnCall: boolean;
  calledBackAt: Date | null;
  visitAt: Date | null;
  /** The milestones not withdrawn, any order. */
  milestones: readonly { kind: MilestoneKind; at: Date }[];
  /** When each moisture reading not withdrawn was taken, any order. */
  readingTimes: readonly Date[];
  rules: CaseRules;
}

export interface CaseDeadline {
  kind: ClockKind;
  dueAt: Date;
  /** When the fact the clock waits for was recorded (late or not); null: not yet. */
  metAt: Date | null;
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** The end (next midnight, Copenhagen) of the `businessDays`-th working day after `at`'s day; 0: that day's, or the next working day's if it is none. */
export function endOfBusinessDay(at: Date, businessDays: number): Date {
  const p = localParts(at);
  let date = new Date(Date.UTC(p.year, p.month - 1, p.day));
  const working = () => isWorkingDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  const step = () => (date = new Date(date.getTime() + dayMs));
  while (!working()) step();
  for (let left = businessDays; left > 0; left -= 1) {
    step();
    while (!working()) step();
  }
  return zonedTime(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate() + 1);
}

/** When the first report is due after a damage stop at `damageStopAt` under `rule`. */
export function reportDueAt(damageStopAt: Date, rule: ReportRule): Date {
  return endOfBusinessDay(damageStopAt, reportRuleBusinessDays[rule]);
}

function first(facts: CaseClockFacts, kind: MilestoneKind): Date | null {
  let found: Date | null = null;
  for (const m of facts.milestones) if (m.kind === kind && (!found || m.at < found)) found = m.at;
  return found;
}

function last(facts: CaseClockFacts, kind: MilestoneKind): Date | null {
  let found: Date | null = null;
  for (const m of facts.milestones) if (m.kind === kind && (!found || m.at > found)) found = m.at;
  return found;
}

/** The case's deadlines, in the order a case meets them. */
export function caseDeadlines(facts: CaseClockFacts): CaseDeadline[] {
  const deadlines: CaseDeadline[] = [];
  const onSite = first(facts, 'paa-adressen');
  const onSiteDue = facts.pagesOnCall
    ? facts.calledBackAt && new Date(facts.calledBackAt.getTime() + facts.rules.onSiteHours * hourMs)
    : facts.visitAt;
  if (onSiteDue) deadlines.push({ kind: 'paa-adressen', dueAt: onSiteDue, metAt: onSite });

  const damageStop = first(facts, 'skadestop');
  if (damageStop) {
    const sent = facts.milestones.filter((m) => m.kind === 'rapport-sendt' && m.at >= damageStop);
    const firstSent = sent.reduce<Date | null>((a, m) => (!a || m.at < a ? m.at : a), null);
    deadlines.push({
      kind: 'rapport-sendt',
      dueAt: reportDueAt(damageStop, facts.rules.reportRule),
      metAt: firstSent,
    });
  }

  const dryingStart = last(facts, 'affugtning-startet');
  const dryingEnd = last(facts, 'affugtning-afsluttet');
  if (dryingStart && !(dryingEnd && dryingEnd >= dryingStart)) {
    const since = facts.readingTimes.reduce((a, t) => (t > a ? t : a), dryingStart);
    const interval = insurerDefaults.moistureIntervalDays * dayMs;
    deadlines.push({ kind: 'fugtmaaling', dueAt: new Date(since.getTime() + interval), metAt: null });
  }
  return deadlines;
}

/** The deadline to show next: the earliest not met; null when every clock is met or none runs. */
export function nextDeadline(deadlines: readonly CaseDeadline[]): CaseDeadline | null {
  const open = deadlines.filter((d) => !d.metAt);
  return open.reduce<CaseDeadline | null>((a, d) => (!a || d.dueAt < a.dueAt ? d : a), null);
}

/** True when a deadline was missed: met after it, or not met and already past. */
export function isOverdue(deadline: CaseDeadline, now: Date): boolean {
  return deadline.metAt ? deadline.metAt > deadline.dueAt : now > deadline.dueAt;
}
