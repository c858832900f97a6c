/**
 * The counted figures in the browser: with a baseline (CLAIMS_BASELINE_FILE) the home page's card
 * says the handled damages with their basis, with scripts off and on (hydration keeps it), and a
 * client-side visit of /about reads the satisfaction the same way from the page data. The journey
 * runs its own server, so its baseline reaches no other journey.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startBuiltServer } from './support/built-server';
import { waitForHydration, markDocument, isSameDocument } from './support/page-helpers';
import { expect, test } from './fixtures';

/** A stat card by its line below the value, as the visitor reads it: value, then line. */
const card = (page: Page, line: string) =>
  page
    .getByRole('main')
    .locator('dl > div')
    .filter({ has: page.getByText(line, { exact: true }) });

test('the home page says the handled damages counted, with scripts off and on', async ({ browser }) => {
  test.setTimeout(120_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'claims-e2e-'));
  const baselineFile = path.join(dir, 'baseline.json');
  await writeFile(
    baselineFile,
    JSON.stringify({
      handledCases: 3512,
      answers: 1234,
      satisfiedAnswers: 1210,
      period: { from: '2019-03-01', to: '2026-06-30' },
      source: 'Sagssystemet og spørgeskemaerne 2019–2026',
    }),
  );
  const server = await startBuiltServer({
    env: { CLAIMS_BASELINE_FILE: baselineFile, ADDRESS_API_KIND: 'off' },
  });
  try {
    const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    const withoutScripts = await plain.newPage();
    await withoutScripts.goto('/');
    await expect(card(withoutScripts, 'skader håndteret siden 2019')).toContainText('3.512');
    await expect(withoutScripts.getByText('følges, til den er afsluttet')).toHaveCount(0);
    await plain.close();

    const scripted = await browser.newContext({ baseURL: server.url });
    const page = await scripted.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await expect(card(page, 'skader håndteret siden 2019')).toContainText('3.512');
    await expect(page.getByText('Hver sag', { exact: true })).toHaveCount(0);

    // Client-side to /about: its page data carries the counted figures too.
    await markDocument(page);
    await page
      .getByRole('navigation', { name: 'Hovedmenu' })
      .getByRole('link', { name: 'Om os', exact: true })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    expect(await isSameDocument(page)).toBe(true);
    // 1210 of 1234 satisfied: 98.05 %, said as 98 %.
    await expect(card(page, 'af 1.234 kunder, der har svaret siden 2019, er tilfredse')).toContainText(
      '98 %',
    );
    await expect(page.getByText('Vi spørger', { exact: true })).toHaveCount(0);
    await scripted.close();
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
