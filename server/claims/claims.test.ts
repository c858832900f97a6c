/**
 * The claimed figures as computed: a baseline plus the answers and closed cases counted after it,
 * the 20-answer threshold, no baseline, and what the cards then say; the baseline file checked at
 * start with a line naming the file and the field.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  claimSwaps,
  handledCasesClaim,
  satisfactionClaim,
  unmeasuredClaims,
  type ClaimFigures,
} from '../../domain/claims.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { swapPhrases } from '../static/routes.ts';
import type { DbOrTx } from '../db/client.ts';
import { claimsBaseline as baseline } from '../test/claims-cases.ts';
import {
  claimsCacheMs,
  claimsRetryMs,
  combineClaims,
  createClaimsService,
  measuredFrom,
  type MeasuredClaims,
} from './claims.ts';

const nothingMeasured: MeasuredClaims = {
  answers: 0,
  satisfiedAnswers: 0,
  firstAnswerAt: null,
  handledCases: 0,
  firstClosedAt: null,
};

describe('combineClaims', () => {
  it('adds what the site counted after the baseline to the baseline', () => {
    const figures = combineClaims(
      {
        answers: 34,
        satisfiedAnswers: 30,
        firstAnswerAt: new Date('2026-07-02T08:00:00Z'),
        handledCases: 112,
        firstClosedAt: new Date('2026-07-01T06:00:00Z'),
      },
      baseline,
    );
    // (1170 + 30) of (1200 + 34) satisfied: 97.24 %, said as 97 %.
    expect(figures).toEqual({
      satisfiedPercent: 97,
      answers: 1234,
      since: '2019-03-01',
      handledCases: 3512,
      handledSince: '2019-03-01',
    });
    expect(satisfactionClaim(figures)).toEqual({
      value: '97 %',
      label: 'af 1.234 kunder, der har svaret siden 2019, er tilfredse',
    });
    expect(handledCasesClaim(figures)).toEqual({ value: '3.512', label: 'skader håndteret siden 2019' });
  });

  it('rounds the share down: one unhappy answer in 300 is not 100 %', () => {
    const figures = combineClaims({ ...nothingMeasured, answers: 300, satisfiedAnswers: 299 }, null);
    expect(figures.satisfiedPercent).toBe(99);
  });

  it('claims no share below 20 answers, and says that we ask instead', () => {
    // Answers since 5 October 2026, no baseline.
    const measuredAnswers = (answers: number, satisfiedAnswers: number) =>
      combineClaims(
        { ...nothingMeasured, answers, satisfiedAnswers, firstAnswerAt: new Date('2026-10-05T10:00:00Z') },
        null,
      );
    const nineteen = measuredAnswers(19, 19);
    expect(nineteen).toMatchObject({ satisfiedPercent: null, answers: 19, since: '2026-10-05' });
    expect(satisfactionClaim(nineteen)).toEqual(unmeasuredClaims.satisfaction);
    const twenty = measuredAnswers(20, 19);
    expect(twenty.satisfiedPercent).toBe(95);
    expect(satisfactionClaim(twenty).label).toBe('af 20 kunder, der har svaret siden 2026, er tilfredse');
  });

  it('without a baseline counts only what was measured, since the first of it (Copenhagen days)', () => {
    const figures = combineClaims(
      {
        answers: 2,
        satisfiedAnswers: 1,
        // 23:30 UTC on 31 December is New Year's Day in Copenhagen.
        firstAnswerAt: new Date('2025-12-31T23:30:00Z'),
        handledCases: 1,
        firstClosedAt: new Date('2025-12-31T12:00:00Z'),
      },
      null,
    );
    expect(figures).toEqual({
      satisfiedPercent: null,
      answers: 2,
      since: '2026-01-01',
      handledCases: 1,
      handledSince: '2025-12-31',
    });
    expect(handledCasesClaim(figures)).toEqual({ value: '1', label: 'skade håndteret siden 2025' });
    expect(combineClaims(nothingMeasured, null)).toEqual({
      satisfiedPercent: null,
      answers: 0,
      since: null,
      handledCases: 0,
      handledSince: null,
    });
  });

  it("takes the baseline's start only for a figure the baseline holds", () => {
    const figures = combineClaims(
      {
        ...nothingMeasured,
        answers: 25,
        satisfiedAnswers: 25,
        firstAnswerAt: new Date('2026-08-01T09:00:00Z'),
      },
      { ...baseline, answers: 0, satisfiedAnswers: 0 },
    );
    expect(figures).toMatchObject({ since: '2026-08-01', handledSince: '2019-03-01', satisfiedPercent: 100 });
  });

  it('counts from the Copenhagen midnight after the baseline period', () => {
    expect(measuredFrom(baseline)).toEqual(new Date('2026-06-30T22:00:00Z'));
    expect(measuredFrom({ ...baseline, period: { from: '2019-01-01', to: '2025-12-31' } })).toEqual(
      new Date('2025-12-31T23:00:00Z'),
    );
    expect(measuredFrom(null)).toBeNull();
  });
});

describe('claimSwaps', () => {
  const counted: ClaimFigures = {
    satisfiedPercent: 98,
    answers: 1234,
    since: '2024-02-01',
    handledCases: 3512,
    handledSince: '2019-03-01',
  };

  it('says a card otherwise only where its whole text stands, never inside a sentence', () => {
    const page =
      '<p>Hver sag er forskellig. Vi spørger ind til skaden.</p>' +
      `<dt>${unmeasuredClaims.handledCases.label}</dt><dd><svg></svg>${unmeasuredClaims.handledCases.value}</dd>` +
      `<dt>${unmeasuredClaims.satisfaction.label}</dt><dd><svg></svg>${unmeasuredClaims.satisfaction.value}</dd>` +
      `<script>enqueue("[\\"${unmeasuredClaims.satisfaction.value}\\",\\"Hver sag er forskellig.\\"]")</script>`;
    expect(swapPhrases(page, claimSwaps(counted))).toBe(
      '<p>Hver sag er forskellig. Vi spørger ind til skaden.</p>' +
        '<dt>skader håndteret siden 2019</dt><dd><svg></svg>3.512</dd>' +
        '<dt>af 1.234 kunder, der har svaret siden 2024, er tilfredse</dt><dd><svg></svg>98 %</dd>' +
        '<script>enqueue("[\\"98 %\\",\\"Hver sag er forskellig.\\"]")</script>',
    );
    const data = `[{"value":"${unmeasuredClaims.handledCases.value}"},"Hver sag er forskellig."]`;
    expect(swapPhrases(data, claimSwaps(counted))).toBe('[{"value":"3.512"},"Hver sag er forskellig."]');
  });

  it('swaps nothing while nothing is counted: the pages go out as built', () => {
    expect(claimSwaps(combineClaims(nothingMeasured, null))).toEqual([]);
  });
});

describe('CLAIMS_BASELINE_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'claims-baseline-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (content: string) => {
    const file = join(dir, `baseline-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, content);
    return { file, load: () => loadConfig({ DATA_DIR: join(dir, 'data'), CLAIMS_BASELINE_FILE: file }) };
  };
  const problem = (content: string) => {
    const { file, load: start } = load(content);
    try {
      start();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).message.replace(file, '<file>');
    }
    throw new Error('expected a ConfigError');
  };

  it('is read into the configuration at start', () => {
    expect(load(JSON.stringify(baseline)).load().claimsBaseline).toEqual(baseline);
    expect(loadConfig({ DATA_DIR: join(dir, 'data') }).claimsBaseline).toBeNull();
  });

  it('stops the start with a line naming the file and the field', () => {
    expect(problem(JSON.stringify({ ...baseline, handledCases: -3 }))).toBe(
      'CLAIMS_BASELINE_FILE: <file>: handledCases must be a whole number of damages, 0 or more',
    );
    expect(problem(JSON.stringify({ ...baseline, period: { from: '2019-03-01', to: '30.06.2026' } }))).toBe(
      'CLAIMS_BASELINE_FILE: <file>: period.to must be a day written YYYY-MM-DD',
    );
    expect(problem(JSON.stringify({ ...baseline, satisfiedAnswers: 1201 }))).toBe(
      'CLAIMS_BASELINE_FILE: <file>: satisfiedAnswers must not be more than answers',
    );
    expect(problem(JSON.stringify({ ...baseline, source: ' ' }))).toBe(
      'CLAIMS_BASELINE_FILE: <file>: source must say where the counts come from',
    );
    expect(problem(JSON.stringify({ ...baseline, satisfiedPercent: 98 }))).toBe(
      'CLAIMS_BASELINE_FILE: <file>: satisfiedPercent is not a field of the baseline',
    );
    expect(problem('{ "handledCases": 3400,')).toMatch(/^CLAIMS_BASELINE_FILE: <file> is not JSON \(/);
    expect(problem(JSON.stringify({ ...baseline, period: { from: '2026-07-01', to: '2026-06-30' } }))).toBe(
      'CLAIMS_BASELINE_FILE: <file>: period.to must not be before period.from',
    );
  });

  it('names a file that cannot be read', () => {
    const missing = join(dir, 'missing.json');
    expect(() => loadConfig({ DATA_DIR: join(dir, 'data'), CLAIMS_BASELINE_FILE: missing })).toThrow(
      `CLAIMS_BASELINE_FILE: cannot read ${missing} (ENOENT)`,
    );
  });
});

describe('createClaimsService', () => {
  /** A database answering both counts with `row` (or failing), counting the queries asked. */
  function fakeDb() {
    const state = {
      queries: 0,
      failing: false,
      row: { answers: 25, satisfied: 24, handled: 7, first: new Date('2026-09-01T10:00:00Z') },
    };
    const db = {
      select: () => ({
        from: () => ({
          where: async () => {
            state.queries += 1;
            if (state.failing) throw new Error('the database is away');
            return [state.row];
          },
        }),
      }),
    } as unknown as DbOrTx;
    return { db, state };
  }

  it('counts once for concurrent callers, then not again within the hour', async () => {
    const { db, state } = fakeDb();
    let now = new Date('2026-10-01T12:00:00Z').getTime();
    const claims = createClaimsService({
      db,
      baseline: null,
      clock: () => new Date(now),
      log: { warn() {} },
    });
    const [first, second] = await Promise.all([claims.current(), claims.current()]);
    expect(first).toEqual({
      satisfiedPercent: 96,
      answers: 25,
      since: '2026-09-01',
      handledCases: 7,
      handledSince: '2026-09-01',
    });
    expect(second).toEqual(first);
    expect(state.queries).toBe(2);
    state.row = { ...state.row, answers: 30, satisfied: 30 };
    now += claimsCacheMs - 1;
    expect(await claims.current()).toEqual(first);
    expect(state.queries).toBe(2);
    now += 1;
    expect((await claims.current())?.satisfiedPercent).toBe(100);
    expect(state.queries).toBe(4);
  });

  it('keeps the last figures when counting fails, and tries again after a minute', async () => {
    const { db, state } = fakeDb();
    let now = new Date('2026-10-01T12:00:00Z').getTime();
    const warnings: string[] = [];
    const claims = createClaimsService({
      db,
      baseline: null,
      clock: () => new Date(now),
      log: { warn: (_object, message) => warnings.push(message) },
    });
    const counted = await claims.current();
    state.failing = true;
    now += claimsCacheMs;
    expect(await claims.current()).toEqual(counted);
    expect(warnings).toHaveLength(1);
    const asked = state.queries;
    now += claimsRetryMs - 1;
    expect(await claims.current()).toEqual(counted);
    expect(state.queries).toBe(asked);
    state.failing = false;
    state.row = { ...state.row, handled: 8 };
    now += 1;
    expect((await claims.current())?.handledCases).toBe(8);
  });

  it('answers null when it has never counted and cannot', async () => {
    const { db, state } = fakeDb();
    state.failing = true;
    const claims = createClaimsService({ db, baseline: null, log: { warn() {} } });
    expect(await claims.current()).toBeNull();
  });
});
