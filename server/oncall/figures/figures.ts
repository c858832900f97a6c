/**
 * "The promise measured": how quickly emergencies were acknowledged and called back, for a month
 * or a week in Copenhagen time (docs/decisions/on-call-inbox.md has the exact definitions):
 *
 * - an emergency is a lead of kind akut-skade received in the period whose status is not spam;
 * - time to acknowledgement: acknowledged_at − created_at, over the acknowledged ones;
 *   time to callback: called_back_at − created_at, over the called-back ones;
 * - median and 90th percentile by linear interpolation between the closest ranks (PostgreSQL's
 *   percentile_cont): for sorted x₀…xₙ₋₁, h = (n − 1)·p, value x⌊h⌋ + (h − ⌊h⌋)(x⌊h⌋₊₁ − x⌊h⌋);
 * - within 15 minutes: called back at most 15 minutes after it came in; an emergency never called
 *   back counts as not within once its time has passed, so the share is (called back within 15
 *   min) / (called back, or whose time has passed); the others still wait and are counted apart
 *   (`waiting`), as neither kept nor broken;
 * - per person: acknowledgements by who acknowledged, callbacks by who called back; a person's
 *   share is over the emergencies they answer for: called back by them, or (never called back)
 *   acknowledged by them, or (neither) assigned to them.
 *
 * - surge mode (docs/decisions/surge-mode.md): an emergency told a longer wait in surge is
 *   measured against what it was told, apart: its announced time, its time to callback, and the
 *   share called back within the announced time. `total` and the people keep the 15-minute
 *   measure over the others.
 *
 * One query reads the period's emergencies; the rest is the pure computeFigures, tested with
 * hand-computed numbers. Also: the CSV of the figures (the weekly e-mail: ./figures-mail.ts).
 */
import { and, eq, gte, lt, ne } from 'drizzle-orm';
import { promises } from '../../../domain/constants.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { leads, users } from '../../db/schema.ts';
import { csvCell } from '../../../domain/csv.ts';
import { firstResponseRowLabel } from '../../../domain/first-response.ts';
import { displayName } from '../rota/rota-store.ts';
import { localParts, weekdayOf, zonedTime } from '../../../domain/zoned-time.ts';
import { firstResponseFigures, type FirstResponseRow } from './first-response-figures.ts';

export const callbackLimitSeconds = promises.emergencyCallbackMinutes * 60;

/** One emergency's times (seconds after it came in) and people. */
export interface EmergencyTimes {
  ackSeconds: number | null;
  acknowledgedBy: string | null;
  callbackSeconds: number | null;
  calledBackBy: string | null;
  assignedTo: string | null;
  /** Told a wait in surge mode: measured apart, against these minutes. */
  announcedInSurge?: boolean;
  announcedMinutes?: number | null;
  /** Seconds from its arrival to when the figures were made; absent: long past any limit. */
  ageSeconds?: number;
}

/** The emergencies told a wait in surge mode, measured against what each was told. */
export interface SurgeFigures {
  emergencies: number;
  /** The announced waits, in seconds like the other times. */
  announced: Spread;
  calledBack: Spread;
  /** Called back within the time it was told; never called back counts as not within once it passed. */
  within: number;
  /** Called back, or never called back with the time told passed: the share's base. */
  counted: number;
  /** Not called back with the time told still ahead: neither kept nor broken yet. */
  waiting: number;
  /** within / counted; null without any counted. */
  withinShare: number | null;
}

export interface Spread {
  count: number;
  /** Seconds; null without any. */
  median: number | null;
  p90: number | null;
}

export interface FigureRow {
  acknowledged: Spread;
  calledBack: Spread;
  /** The emergencies counted for the share (all received, or the ones a person answers for). */
  emergencies: number;
  within: number;
  /** Called back, or never called back with the 15 minutes passed: the share's base. */
  counted: number;
  /** Not called back with the 15 minutes still ahead: neither kept nor broken yet. */
  waiting: number;
  /** within / counted; null without any counted. */
  withinShare: number | null;
}

export interface PersonFigures extends FigureRow {
  userId: string;
  name: string;
}

export interface Figures {
  /** 'YYYY-MM' for a month, 'YYYY-MM-DD' (its Monday) for a week. */
  period: string;
  from: string;
  to: string;
  total: FigureRow;
  people: PersonFigures[];
  /** Absent in weekly e-mails queued before surge mode existed (their payload is older). */
  surge: SurgeFigures;
  /** The share answered by the first-response deadline, per kind (server/oncall/figures/first-response-figures.ts). */
  firstResponse?: FirstResponseRow[];
}

/** Linear interpolation between closest ranks; `sorted` ascending. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const h = (sorted.length - 1) * p;
  const low = Math.floor(h);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (h - low) * (sorted[high]! - sorted[low]!);
}

function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, median: percentile(sorted, 0.5), p90: percentile(sorted, 0.9) };
}

/** Not called back, and the time it was told has not passed yet. */
function stillWaiting(r: EmergencyTimes, limitSeconds: number): boolean {
  return r.callbackSeconds === null && r.ageSeconds !== undefined && r.ageSeconds <= limitSeconds;
}

/** How many were called back in time, over those whose time has passed or who were called. */
function keptShare(rows: readonly EmergencyTimes[], limitSeconds: (r: EmergencyTimes) => number) {
  const within = rows.filter(
    (r) => r.callbackSeconds !== null && r.callbackSeconds <= limitSeconds(r),
  ).length;
  const waiting = rows.filter((r) => stillWaiting(r, limitSeconds(r))).length;
  const counted = rows.length - waiting;
  return { within, counted, waiting, withinShare: counted > 0 ? within / counted : null };
}

function row(rows: readonly EmergencyTimes[], acks: number[], callbacks: number[]): FigureRow {
  return {
    acknowledged: spread(acks),
    calledBack: spread(callbacks),
    emergencies: rows.length,
    ...keptShare(rows, () => callbackLimitSeconds),
  };
}

/** The person an emergency's callback counts for (see the module comment). */
function answerableFor(r: EmergencyTimes): string | null {
  if (r.callbackSeconds !== null) return r.calledBackBy;
  return r.acknowledgedBy ?? r.assignedTo;
}

function surgeFigures(rows: readonly EmergencyTimes[]): SurgeFigures {
  const announcedSeconds = (r: EmergencyTimes) => (r.announcedMinutes ?? 0) * 60;
  return {
    emergencies: rows.length,
    announced: spread(rows.map(announcedSeconds)),
    calledBack: spread(rows.flatMap((r) => (r.callbackSeconds === null ? [] : [r.callbackSeconds]))),
    ...keptShare(rows, announcedSeconds),
  };
}

/**
 * The figures of a period's emergencies; people sorted by name, without the unnamed. Those told a
 * wait in surge count apart (`surge`).
 */
export function computeFigures(
  all: readonly EmergencyTimes[],
  names: ReadonlyMap<string, string>,
): { total: FigureRow; people: PersonFigures[]; surge: SurgeFigures } {
  const emergencies = all.filter((r) => !r.announcedInSurge);
  const acked = emergencies.filter((r) => r.ackSeconds !== null);
  const called = emergencies.filter((r) => r.callbackSeconds !== null);
  const total = row(
    emergencies,
    acked.map((r) => r.ackSeconds!),
    called.map((r) => r.callbackSeconds!),
  );
  const ids = new Set<string>();
  for (const r of emergencies) {
    for (const id of [r.acknowledgedBy, r.calledBackBy, answerableFor(r)]) if (id) ids.add(id);
  }
  const people = [...ids].map((userId) => ({
    userId,
    name: names.get(userId) ?? 'Tidligere medarbejder',
    ...row(
      emergencies.filter((r) => answerableFor(r) === userId),
      acked.filter((r) => r.acknowledgedBy === userId).map((r) => r.ackSeconds!),
      called.filter((r) => r.calledBackBy === userId).map((r) => r.callbackSeconds!),
    ),
  }));
  people.sort((a, b) => a.name.localeCompare(b.name, 'da'));
  return { total, people, surge: surgeFigures(all.filter((r) => r.announcedInSurge)) };
}

/** 'YYYY-MM' → the month's first instant and the next month's, in Copenhagen time. */
export function monthRange(month: string): { from: Date; to: Date } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new RangeError(`not a month: ${month}`);
  const year = Number(match[1]);
  const m = Number(match[2]);
  return { from: zonedTime(year, m, 1), to: zonedTime(m === 12 ? year + 1 : year, m === 12 ? 1 : m + 1, 1) };
}

/** The Monday (Copenhagen) of the week before the one `now` is in, and that week's range. */
export function previousWeek(now: Date): { weekStart: string; from: Date; to: Date } {
  const p = localParts(now);
  const thisMonday = zonedTime(p.year, p.month, p.day - weekdayOf(p.year, p.month, p.day));
  const m = localParts(thisMonday);
  const from = zonedTime(m.year, m.month, m.day - 7);
  const f = localParts(from);
  const weekStart = `${f.year}-${String(f.month).padStart(2, '0')}-${String(f.day).padStart(2, '0')}`;
  return { weekStart, from, to: thisMonday };
}

/** The figures of the emergencies received in [from, to), and the first answers of every kind at `now`. */
export async function periodFigures(
  db: DbOrTx,
  period: string,
  from: Date,
  to: Date,
  now = new Date(),
): Promise<Figures> {
  const rows = await db
    .select({
      createdAt: leads.createdAt,
      acknowledgedAt: leads.acknowledgedAt,
      acknowledgedBy: leads.acknowledgedBy,
      calledBackAt: leads.calledBackAt,
      calledBackBy: leads.calledBackBy,
      assignedTo: leads.assignedTo,
      announcedInSurge: leads.announcedInSurge,
      announcedMinutes: leads.announcedCallbackMinutes,
    })
    .from(leads)
    .where(
      and(
        eq(leads.pagesOnCall, true),
        ne(leads.status, 'spam'),
        gte(leads.createdAt, from),
        lt(leads.createdAt, to),
      ),
    );
  const seconds = (at: Date | null, start: Date) =>
    at ? Math.max(at.getTime() - start.getTime(), 0) / 1000 : null;
  const emergencies = rows.map((r) => ({
    ackSeconds: seconds(r.acknowledgedAt, r.createdAt),
    acknowledgedBy: r.acknowledgedAt ? r.acknowledgedBy : null,
    callbackSeconds: seconds(r.calledBackAt, r.createdAt),
    calledBackBy: r.calledBackAt ? r.calledBackBy : null,
    assignedTo: r.assignedTo,
    announcedInSurge: r.announcedInSurge,
    announcedMinutes: r.announcedMinutes,
    ageSeconds: Math.max(now.getTime() - r.createdAt.getTime(), 0) / 1000,
  }));
  const names = new Map(
    (await db.select({ id: users.id, name: users.name, email: users.email }).from(users)).map((u) => [
      u.id,
      displayName(u),
    ]),
  );
  return {
    period,
    from: from.toISOString(),
    to: to.toISOString(),
    ...computeFigures(emergencies, names),
    firstResponse: await firstResponseFigures(db, from, to, now),
  };
}

export async function monthFigures(db: Db, month: string, now = new Date()): Promise<Figures> {
  const { from, to } = monthRange(month);
  return periodFigures(db, month, from, to, now);
}

/** Minutes with one decimal and a decimal comma ('4,5'); '' without a value. */
export function minutesText(seconds: number | null): string {
  if (seconds === null) return '';
  return (Math.round(seconds / 6) / 10).toLocaleString('da-DK', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** '80 %' (whole per cent; one decimal when not whole); '' without a value. */
export function shareText(share: number | null): string {
  if (share === null) return '';
  return `${(Math.round(share * 1000) / 10).toLocaleString('da-DK', { maximumFractionDigits: 1 })} %`;
}

export const figuresCsvHeaders = [
  'Medarbejder',
  'Akutte skader',
  'Kvitteret',
  'Kvittering, median (min)',
  'Kvittering, 90 % (min)',
  'Ringet op',
  'Opringning, median (min)',
  'Opringning, 90 % (min)',
  `Ringet op inden for ${promises.emergencyCallbackMinutes} min`,
  `Andel inden for ${promises.emergencyCallbackMinutes} min`,
  'Venter, tiden ikke gået',
];

function csvRow(name: string, r: FigureRow): string[] {
  return [
    name,
    String(r.emergencies),
    String(r.acknowledged.count),
    minutesText(r.acknowledged.median),
    minutesText(r.acknowledged.p90),
    String(r.calledBack.count),
    minutesText(r.calledBack.median),
    minutesText(r.calledBack.p90),
    String(r.within),
    shareText(r.withinShare),
    String(r.waiting),
  ];
}

/** The first answers by their deadline, per kind: the block under the people's in the CSV. */
const firstResponseCsvHeaders = [
  'Første svar til tiden',
  'Med frist',
  'Til tiden',
  'For sent',
  'Andel til tiden',
  'Frist ikke nået',
];

function firstResponseCsvRow(row: FirstResponseRow): string[] {
  return [
    firstResponseRowLabel(row),
    String(row.counted),
    String(row.inTime),
    String(row.late),
    shareText(row.inTimeShare),
    String(row.pending),
  ];
}

/**
 * The figures as CSV for Excel in Danish, like the lead export (server/inbox/lead-csv.ts):
 * UTF-8 with a byte order mark, semicolons, CRLF; the people, then 'I alt'; after an empty line,
 * the first answers by their deadline per kind.
 */
export function figuresCsv(figures: Figures): string {
  const firstResponse = figures.firstResponse ?? [];
  const lines = [
    figuresCsvHeaders,
    ...figures.people.map((p) => csvRow(p.name, p)),
    csvRow('I alt', figures.total),
    ...(firstResponse.length > 0
      ? [[], firstResponseCsvHeaders, ...firstResponse.map(firstResponseCsvRow)]
      : []),
  ];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
