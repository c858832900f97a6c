/**
 * The home and about pages as the server sends them (build/client: `npm test` builds first),
 * read without scripts: their cards say the counted figures with their basis, in the HTML and in
 * the data the page hydrates from, and follow a new baseline and new answers; too few answers and
 * the satisfaction card says that we ask.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { unmeasuredClaims } from '../../domain/claims.ts';
import { claimsBaseline, recordCase } from '../test/claims-cases.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { ClaimsBaseline } from './baseline.ts';

const clientDir = join(import.meta.dirname, '..', '..', 'build', 'client');
if (!existsSync(join(clientDir, 'about', 'index.html'))) {
  throw new Error('These tests answer with the built pages: run `npm run build` first.');
}

/** Each stat card of the page as a reader sees it: its value, then its line. */
function cardsOf(html: string): string[] {
  const cards = html.matchAll(
    /<dt\b[^>]*>([^<]*)<\/dt><dd\b[^>]*>(?:<svg\b[^>]*>(?:<use\b[^>]*><\/use>)?<\/svg>)?([^<]*)<\/dd>/g,
  );
  return [...cards].map(([, label, value]) => `${value} ${label}`);
}

/** Every text the pages are built with for the two cards. */
const builtTexts = Object.values(unmeasuredClaims).flatMap((card) => [card.value, card.label]);

describe('the claimed figures in the served pages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'claimed-pages-'));
  let t: TestApp | undefined;
  let seq = 0;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const start = async (baseline: ClaimsBaseline | null) => {
    const env: Record<string, string> = {};
    if (baseline) {
      env.CLAIMS_BASELINE_FILE = join(dir, `baseline-${++seq}.json`);
      writeFileSync(env.CLAIMS_BASELINE_FILE, JSON.stringify(baseline));
    }
    t = await createTestApp({ clientDir, env, mail: { startWorker: false }, oncall: { startWorker: false } });
    return t;
  };
  const page = async (url: string) => {
    const response = await t!.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  /** The home page shows the handled-cases card; /about shows it and the satisfaction card. */
  const expectCards = async (handledCases: string, satisfaction: string) => {
    expect(cardsOf(await page('/'))).toContain(handledCases);
    const about = await page('/about');
    expect(cardsOf(about)).toEqual(['10+ års erfaring', handledCases, satisfaction, '24/7 beredskab']);
    return about;
  };

  it('says the baseline and the answers since, then a new baseline and fewer answers', async () => {
    await start(claimsBaseline);
    await recordCase(t!, ++seq, { closedAt: '2026-07-01T09:00:00Z', score: 5 });
    await recordCase(t!, ++seq, { closedAt: '2026-07-02T09:00:00Z', score: 4 });

    const home = await page('/');
    // 1172 of 1202 satisfied: 97.5 %, said as 97 %.
    const about = await expectCards(
      '3.402 skader håndteret siden 2019',
      '97 % af 1.202 kunder, der har svaret siden 2019, er tilfredse',
    );
    // The data the page hydrates from says the same (inlined and as the page's data file), so
    // the cards do not turn back once the scripts run.
    expect(about).toContain('\\"97 %\\"');
    expect(about).toContain('\\"af 1.202 kunder, der har svaret siden 2019, er tilfredse\\"');
    const aboutData = await page('/about.data');
    expect(aboutData).toContain('"3.402"');
    expect(aboutData).toContain('"97 %"');
    for (const text of builtTexts) {
      expect(home).not.toContain(text);
      expect(about).not.toContain(text);
      expect(aboutData).not.toContain(`"${text}"`);
    }
    // A page without the cards goes out exactly as built.
    expect(await page('/contact')).toBe(readFileSync(join(clientDir, 'contact', 'index.html'), 'utf8'));
    await t!.close();

    // A new baseline, for damages since 2024 and few answers, and fewer answers since.
    await start({
      handledCases: 250,
      answers: 12,
      satisfiedAnswers: 11,
      period: { from: '2024-01-01', to: '2026-06-30' },
      source: 'Sagssystemet 2024–2026',
    });
    for (const score of [5, 5, 2])
      await recordCase(t!, ++seq, {
        closedAt: '2026-08-01T09:00:00Z',
        score,
        answeredAt: '2026-08-03T09:00:00Z',
      });
    // Asked, not answered: a handled damage, no answer.
    await recordCase(t!, ++seq, { closedAt: '2026-08-04T09:00:00Z', score: null });

    const fewAnswers = await expectCards(
      '254 skader håndteret siden 2024',
      'Vi spørger alle kunder, når sagen er afsluttet',
    );
    expect(fewAnswers).not.toContain('er tilfredse');
  });

  it('claims no number while nothing is counted: the pages go out as built', async () => {
    await start(null);
    await expectCards(
      'Hver sag følges, til den er afsluttet',
      'Vi spørger alle kunder, når sagen er afsluttet',
    );
  });
});
