/**
 * The case's milestones as the customer and the adjuster read them: one plain Danish sentence per
 * recorded fact, made from the fact alone ("Skaden blev stoppet kl. 15.05"). Only milestones not
 * withdrawn are given here; nothing is said of a milestone before it is recorded.
 */
import type { MilestoneKind } from './milestones.ts';
import { formatClock, localParts } from './zoned-time.ts';

/** A milestone as recorded (lead_milestones), not withdrawn. */
export interface RecordedMilestone {
  kind: MilestoneKind;
  at: Date;
  details: Record<string, unknown>;
}

export interface MilestoneLine {
  kind: MilestoneKind;
  at: Date;
  /** The Danish calendar day ("3.12."), given only when it differs from the line before. */
  day: string | null;
  text: string;
}

/** The insurer the forms name that is no insurer's name: the report went to "dit forsikringsselskab". */
const unnamedInsurer = 'Andet forsikringsselskab';

/** "12.3.": a Danish calendar day as a short date. */
export function shortDay(date: Date): string {
  const p = localParts(date);
  return `${p.day}.${p.month}.`;
}

function sameDay(a: Date, b: Date): boolean {
  const [x, y] = [localParts(a), localParts(b)];
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function onTheWay(at: Date, details: Record<string, unknown>): string {
  const eta = typeof details.etaAt === 'string' ? new Date(details.etaAt) : null;
  if (!eta || Number.isNaN(eta.getTime())) return 'Vi er på vej';
  const when = sameDay(eta, at) ? `kl. ${formatClock(eta)}` : `i morgen kl. ${formatClock(eta)}`;
  return `Vi er på vej – forventet ${when}`;
}

function dryingStarted(details: Record<string, unknown>): string {
  const { affugtere, forventetDage } = details;
  if (typeof affugtere !== 'number' || typeof forventetDage !== 'number') return 'Affugtningen er startet';
  return `Affugtning: ${count(affugtere, 'affugter', 'affugtere')}, forventet ca. ${count(forventetDage, 'dag', 'dage')}`;
}

/** The sentence of one milestone; `insurer` is the name the lead's form recorded, if any. */
export function milestoneText(milestone: RecordedMilestone, insurer: string | null): string {
  const { at, details } = milestone;
  switch (milestone.kind) {
    case 'paa-vej':
      return onTheWay(at, details);
    case 'paa-adressen':
      return `Vi er nået frem kl. ${formatClock(at)}`;
    case 'skadestop':
      return `Skaden blev stoppet kl. ${formatClock(at)}`;
    case 'affugtning-startet':
      return dryingStarted(details);
    case 'affugtning-afsluttet':
      return `Affugtningen er afsluttet ${shortDay(at)}`;
    case 'rapport-sendt': {
      const named = insurer?.trim() && insurer.trim() !== unnamedInsurer ? insurer.trim() : null;
      return `Rapporten er sendt til ${named ?? 'dit forsikringsselskab'} ${shortDay(at)}`;
    }
    case 'afsluttet':
      return `Sagen er afsluttet ${shortDay(at)}`;
  }
}

/** The lines of a case's milestones, oldest first, each day named once. */
export function milestoneLines(
  milestones: readonly RecordedMilestone[],
  facts: { insurer: string | null },
): MilestoneLine[] {
  const sorted = [...milestones].sort((a, b) => a.at.getTime() - b.at.getTime());
  return sorted.map((milestone, index) => {
    const before = sorted[index - 1];
    return {
      kind: milestone.kind,
      at: milestone.at,
      day: before && sameDay(before.at, milestone.at) ? null : shortDay(milestone.at),
      text: milestoneText(milestone, facts.insurer),
    };
  });
}
