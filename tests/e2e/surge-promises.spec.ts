/**
 * Surge mode's one time on every page: with many emergencies waiting, the pages that promise a
 * callback say the expected wait instead of 15 minutes, in the text, the meta and Open Graph
 * descriptions and the data the page hydrates from, so nothing changes back when the scripts
 * start or the visitor moves on within the site; on a phone, free of axe violations. The journey
 * runs its own server, so the surge it causes reaches no other journey.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitInWords } from '../../domain/surge';
import { startBuiltServer } from './support/built-server';
import { staffCommand } from './support/staff-command';
import { logInFirstTime } from './support/staff-login';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './fixtures';

const promisingPages = ['/akut-skade', '/akut-skadeservice', '/', '/skadeservice', '/contact'];

const staff = {
  email: 'kirsten@skade-test.example',
  name: 'Kirsten Koordinator',
  password: 'Sikker adgangskode til skybruddet 2026',
};

test('in surge, every page that promises a callback says the expected wait, also after hydration', async ({
  browser,
}) => {
  // Its own server, a login and five pages scanned twice on a loaded machine.
  test.setTimeout(240_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-surge-promises-'));
  staffCommand(
    dataDir,
    ['add', staff.email, '--name', staff.name, '--role', 'koordinator'],
    `${staff.password}\n`,
  );
  const server = await startBuiltServer({ dataDir, env: { SPAM_CHECKS: 'off', ADDRESS_API_KIND: 'off' } });
  try {
    // A koordinator switches surge on by hand, as on the evening of a cloudburst.
    const inbox = await browser.newPage();
    await logInFirstTime(inbox, server.url, staff);
    await inbox.goto(`${server.url}/indbakke/beredskab`);
    await inbox.getByLabel('Begrundelse').fill('Skybrud i Storkøbenhavn');
    await inbox.getByRole('button', { name: 'Slå travlt til' }).click();
    await expect(inbox.getByText(/Slået til af/)).toBeVisible();
    await inbox.close();
    await expect
      .poll(async () => (await (await fetch(`${server.url}/api/beredskab`)).json()).mode, { timeout: 15_000 })
      .toBe('travlt');
    const { expectedCallbackMinutes } = await (await fetch(`${server.url}/api/beredskab`)).json();
    const wait = waitInWords(expectedCallbackMinutes);

    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({
        javaScriptEnabled,
        baseURL: server.url,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      for (const path of promisingPages) {
        await page.goto(path);
        if (javaScriptEnabled) await page.waitForLoadState('networkidle');
        await expect(page.getByRole('region', { name: 'Ventetid på opkald' })).toContainText(wait);
        // The whole document, its inline page data included: the wait, never the 15 minutes.
        const text = (await page.locator('html').textContent()) ?? '';
        expect(text, `${path} with scripts ${javaScriptEnabled ? 'on' : 'off'}`).not.toContain('15 minutter');
        expect(text, path).toContain(`om ${wait}`);
        for (const selector of ['meta[name="description"]', 'meta[property="og:description"]']) {
          const description = (await page.locator(selector).getAttribute('content')) ?? '';
          expect(description, `${path} ${selector}`).not.toContain('15 minutter');
        }
        if (javaScriptEnabled) await expectNoAxeViolations(page, `${path} in surge`);
      }
      if (javaScriptEnabled) {
        // Moving on within the site reads the next page's data, which says the same wait.
        await page.goto('/skadeservice');
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => {
          (window as unknown as { __stayed: boolean }).__stayed = true;
        });
        await page.locator('a[href="/contact"]:visible').first().click();
        await expect(page).toHaveURL(/\/contact$/);
        await expect(page.getByText(`Vi ringer tilbage om ${wait} på akutte henvendelser`)).toBeVisible();
        // A navigation in the page, not a new document.
        expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
        expect((await page.locator('html').textContent()) ?? '').not.toContain('15 minutter');
      }
      await context.close();
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
