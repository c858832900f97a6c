/**
 * GET /api/tal through HTTP, on PGlite and PostgreSQL: the customers' recorded answers and the
 * closed cases counted after the baseline and added to it; what is not a handled damage or a
 * customer's answer left out; counted at most once an hour; without a baseline, the measured
 * figures alone, with no share below 20 answers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { claimsBaseline, recordCase } from '../test/claims-cases.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { claimsCacheMs } from './claims.ts';
import { claimsCacheControl } from './routes.ts';

describeEachDatabase('GET /api/tal', (target) => {
  const dir = mkdtempSync(join(tmpdir(), 'claims-api-'));
  const baselineFile = join(dir, 'baseline.json');
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  let withBaseline: TestApp;
  let measuredOnly: TestApp;
  let seq = 0;
  const tal = async (t: TestApp) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tal' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(claimsCacheControl);
    return response.json();
  };
  /** What GET /api/tal says with the baseline, counted since the baseline's first day. */
  const withBaselineFigures = (satisfiedPercent: number, answers: number, handledCases: number) => ({
    satisfiedPercent,
    answers,
    since: '2019-03-01',
    handledCases,
    handledSince: '2019-03-01',
  });

  beforeAll(async () => {
    writeFileSync(baselineFile, JSON.stringify(claimsBaseline));
    const options = { database: target, oncall: { startWorker: false, clock }, mail: { startWorker: false } };
    withBaseline = await createTestApp({ ...options, env: { CLAIMS_BASELINE_FILE: baselineFile } });
    measuredOnly = await createTestApp(options);
  });
  afterAll(async () => {
    await withBaseline?.close();
    await measuredOnly?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds the answers and closed cases recorded after the baseline, and nothing else', async () => {
    const t = withBaseline;
    // Counted: closed as done after the baseline, of every kind with a case page; answers 5, 4, 3, 1.
    const first = await recordCase(t, ++seq, {
      kind: 'akut-skade',
      closedAt: '2026-07-01T09:00:00Z',
      score: 5,
    });
    await recordCase(t, ++seq, { kind: 'kontakt', closedAt: '2026-07-03T09:00:00Z', score: 4 });
    await recordCase(t, ++seq, { kind: 'rekvisition', closedAt: '2026-07-04T09:00:00Z', score: 3 });
    await recordCase(t, ++seq, { closedAt: '2026-07-05T09:00:00Z', score: 1 });
    // Not counted: closed within the baseline's period (in its counts already), asked but not
    // answered, a repeat of another emergency, a resource request, spam, a case still open.
    await recordCase(t, ++seq, {
      closedAt: '2026-06-30T20:00:00Z',
      score: 5,
      answeredAt: '2026-06-30T21:00:00Z',
    });
    await recordCase(t, ++seq, { closedAt: '2026-07-06T09:00:00Z', score: null });
    await recordCase(t, ++seq, { kind: 'akut-skade', closedAt: '2026-07-01T09:05:00Z', duplicateOf: first });
    await recordCase(t, ++seq, { kind: 'ressource', closedAt: '2026-07-07T09:00:00Z' });
    await recordCase(t, ++seq, { status: 'spam', closedAt: '2026-07-07T09:00:00Z' });
    await recordCase(t, ++seq, { status: 'in-progress' });

    // 1170 + 2 satisfied of 1200 + 4 answers: 97.3 %, said as 97 %.
    expect(await tal(t)).toEqual(withBaselineFigures(97, 1204, 3405));
  });

  it('counts again at most once an hour', async () => {
    const t = withBaseline;
    const before = await tal(t);
    await recordCase(t, ++seq, {
      closedAt: '2026-08-01T09:00:00Z',
      score: 5,
      answeredAt: '2026-08-02T09:00:00Z',
    });
    offset += claimsCacheMs - 60_000;
    expect(await tal(t)).toEqual(before);
    offset += 120_000;
    expect(await tal(t)).toEqual(withBaselineFigures(97, 1205, 3406));
  });

  it('without a baseline says the measured figures, and no share below 20 answers', async () => {
    const t = measuredOnly;
    expect(await tal(t)).toEqual({
      satisfiedPercent: null,
      answers: 0,
      since: null,
      handledCases: 0,
      handledSince: null,
    });
    for (let answer = 0; answer < 19; answer++) {
      await recordCase(t, ++seq, {
        closedAt: '2026-09-01T10:00:00Z',
        score: answer === 0 ? 2 : 5,
        answeredAt: `2026-09-${String(10 + (answer % 10)).padStart(2, '0')}T10:00:00Z`,
      });
    }
    offset += claimsCacheMs;
    expect(await tal(t)).toEqual({
      satisfiedPercent: null,
      answers: 19,
      since: '2026-09-10',
      handledCases: 19,
      handledSince: '2026-09-01',
    });
    await recordCase(t, ++seq, {
      closedAt: '2026-08-20T10:00:00Z',
      score: 4,
      answeredAt: '2026-08-21T10:00:00Z',
    });
    offset += claimsCacheMs;
    // 19 of 20 satisfied.
    expect(await tal(t)).toEqual({
      satisfiedPercent: 95,
      answers: 20,
      since: '2026-08-21',
      handledCases: 20,
      handledSince: '2026-08-20',
    });
  });
});
