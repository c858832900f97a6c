/**
 * The figures the public pages claim (domain/claims.ts), counted: the customers' satisfaction
 * answers and the damages handled, each from the recorded facts plus the baseline from before the
 * site measured them (CLAIMS_BASELINE_FILE). Why and how: docs/decisions/claimed-figures.md.
 *
 * Counted at most once an hour and kept in memory: every page request asks for them, and a page
 * must cost no query. Two aggregate queries an hour, whatever the traffic.
 */
import { and, count, eq, gte, inArray, isNotNull, isNull, min, sql } from 'drizzle-orm';
import { satisfactionMinAnswers, type ClaimFigures } from '../../domain/claims.ts';
import { hasReceipt, leadKinds } from '../../domain/lead-kinds.ts';
import { isSatisfied, satisfactionScores } from '../../domain/satisfaction-scale.ts';
import { copenhagenMidnight, localParts } from '../../domain/zoned-time.ts';
import type { DbOrTx } from '../db/client.ts';
import { customerSatisfaction, leads } from '../db/schema.ts';
import type { ClaimsBaseline } from './baseline.ts';

/** How long counted figures are used before they are counted again. */
export const claimsCacheMs = 60 * 60_000;
/** After a failed count, the next try comes this much later (the last figures stay meanwhile). */
export const claimsRetryMs = 60_000;

/**
 * The damages the site counts as handled: leads closed as done ("Afsluttet"; spam has its own
 * status) of the kinds that have a case page (a resource request is a PDF, not a damage), not
 * repeats of another emergency (the same damage, called in twice).
 */
export const handledCaseKinds = leadKinds.filter(hasReceipt);

/** What the site recorded itself, from `from` on (null: all). */
export interface MeasuredClaims {
  answers: number;
  satisfiedAnswers: number;
  firstAnswerAt: Date | null;
  handledCases: number;
  firstClosedAt: Date | null;
}

/** When a lead was closed: its last status change (a lead stored closed has none: its creation). */
const closedAt = sql`coalesce(${leads.statusChangedAt}, ${leads.createdAt})`;

export async function countMeasuredClaims(db: DbOrTx, from: Date | null): Promise<MeasuredClaims> {
  const satisfiedScore = satisfactionScores.find(isSatisfied)!;
  const [[answers], [cases]] = await Promise.all([
    db
      .select({
        answers: count(),
        satisfied: sql`count(*) filter (where ${customerSatisfaction.score} >= ${satisfiedScore})`.mapWith(
          Number,
        ),
        first: min(customerSatisfaction.answeredAt),
      })
      .from(customerSatisfaction)
      .where(
        and(
          isNotNull(customerSatisfaction.score),
          from ? gte(customerSatisfaction.answeredAt, from) : undefined,
        ),
      ),
    db
      .select({ handled: count(), first: sql`min(${closedAt})`.mapWith(leads.createdAt) })
      .from(leads)
      .where(
        and(
          eq(leads.status, 'done'),
          inArray(leads.kind, handledCaseKinds),
          isNull(leads.duplicateOf),
          from ? sql`${closedAt} >= ${from.toISOString()}::timestamptz` : undefined,
        ),
      ),
  ]);
  return {
    answers: answers?.answers ?? 0,
    satisfiedAnswers: answers?.satisfied ?? 0,
    firstAnswerAt: answers?.first ?? null,
    handledCases: cases?.handled ?? 0,
    firstClosedAt: (cases?.first as Date | null | undefined) ?? null,
  };
}

/** The first Copenhagen day after the baseline: the site counts from its midnight. */
export function measuredFrom(baseline: ClaimsBaseline | null): Date | null {
  if (!baseline) return null;
  const [year, month, day] = baseline.period.to.split('-').map(Number) as [number, number, number];
  return copenhagenMidnight(new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10));
}

function copenhagenDay(at: Date): string {
  const { year, month, day } = localParts(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function earliest(...days: Array<string | null>): string | null {
  const given = days.filter((day): day is string => day !== null).sort();
  return given[0] ?? null;
}

/**
 * The baseline and the measured counts together. A baseline's period counts as the start of a
 * figure only if it holds some of that figure (a baseline of damages alone says nothing of since
 * when customers answer). The share is rounded down: never more satisfied than counted.
 */
export function combineClaims(measured: MeasuredClaims, baseline: ClaimsBaseline | null): ClaimFigures {
  const answers = (baseline?.answers ?? 0) + measured.answers;
  const satisfied = (baseline?.satisfiedAnswers ?? 0) + measured.satisfiedAnswers;
  const handledCases = (baseline?.handledCases ?? 0) + measured.handledCases;
  const baselineStart = (counted: number) => (baseline && counted > 0 ? baseline.period.from : null);
  return {
    satisfiedPercent: answers >= satisfactionMinAnswers ? Math.floor((satisfied * 100) / answers) : null,
    answers,
    since: earliest(
      baselineStart(baseline?.answers ?? 0),
      measured.firstAnswerAt && copenhagenDay(measured.firstAnswerAt),
    ),
    handledCases,
    handledSince: earliest(
      baselineStart(baseline?.handledCases ?? 0),
      measured.firstClosedAt && copenhagenDay(measured.firstClosedAt),
    ),
  };
}

export interface ClaimsService {
  /**
   * The figures, at most claimsCacheMs old. Never fails: when counting fails, the last figures
   * counted (null before any), tried again after claimsRetryMs.
   */
  current(): Promise<ClaimFigures | null>;
}

export function createClaimsService(deps: {
  db: DbOrTx;
  baseline: ClaimsBaseline | null;
  clock?: () => Date;
  log: { warn(object: object, message: string): void };
}): ClaimsService {
  const clock = deps.clock ?? (() => new Date());
  const from = measuredFrom(deps.baseline);
  let kept: { until: number; figures: Promise<ClaimFigures | null> } | null = null;
  let lastCounted: ClaimFigures | null = null;
  return {
    current() {
      const now = clock().getTime();
      if (kept && now < kept.until) return kept.figures;
      // Concurrent callers share the one count in flight.
      const entry: { until: number; figures: Promise<ClaimFigures | null> } = {
        until: now + claimsCacheMs,
        figures: countMeasuredClaims(deps.db, from).then(
          (measured) => (lastCounted = combineClaims(measured, deps.baseline)),
          (error: unknown) => {
            deps.log.warn(
              { err: error },
              'could not count the claimed figures: the pages keep the last ones',
            );
            entry.until = now + claimsRetryMs;
            return lastCounted;
          },
        ),
      };
      kept = entry;
      return entry.figures;
    },
  };
}
