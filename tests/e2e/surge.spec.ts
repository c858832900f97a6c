/**
 * Surge mode in the browser: with many emergencies waiting, every page carries the notice at its
 * top, also with scripts off, on a phone; the page stays free of axe violations. The journey runs
 * its own server, so the surge it causes reaches no other journey.
 */
import { startBuiltServer } from './support/built-server';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './fixtures';

const notice =
  'Vi har mange akutte henvendelser lige nu. Forventet ventetid på opkald: ca. 30 minutter. Er der fare for personer, så ring 112.';

test('with many emergencies waiting, a phone without scripts sees the expected wait on every page', async ({
  browser,
}) => {
  // Its own server, three leads and an axe scan on a loaded machine.
  test.setTimeout(120_000);
  const server = await startBuiltServer({
    env: {
      SPAM_CHECKS: 'off',
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
      ADDRESS_API_KIND: 'off',
      // Three callers, three clients: one client counts once in the surge count.
      TRUST_PROXY: 'true',
    },
  });
  try {
    // Nobody on call counts as one person: 3 waiting × 10 minutes = 30 minutes.
    for (let i = 1; i <= 3; i += 1) {
      const response = await fetch(`${server.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({
          kind: 'akut-skade',
          fuldeNavn: 'Per Jensen',
          adresse: `Strandvejen ${i}, 2900 Hellerup`,
          telefon: `20 12 34 0${i}`,
          email: `per${i}@example.dk`,
          forsikringsselskab: 'Tryg',
          skadetype: 'vandskade',
        }),
      });
      expect(response.status).toBe(201);
    }
    await expect
      .poll(async () => (await (await fetch(`${server.url}/api/beredskab`)).json()).mode, { timeout: 15_000 })
      .toBe('travlt');

    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    for (const path of ['/', '/akut-skade']) {
      await page.goto(path);
      const region = page.getByRole('region', { name: 'Ventetid på opkald' });
      await expect(region).toHaveText(notice);
      await expect(region).toBeInViewport();
      await expect(region.getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    }
    await context.close();

    // With scripts on, hydration keeps the notice.
    const scripted = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const withScripts = await scripted.newPage();
    await withScripts.goto('/');
    await withScripts.waitForLoadState('networkidle');
    await expect(withScripts.getByRole('region', { name: 'Ventetid på opkald' })).toHaveText(notice);
    // axe runs as a script in the page, so it scans the page with scripts on.
    await expectNoAxeViolations(withScripts, '/ in surge');
    await scripted.close();
  } finally {
    await server.stop();
  }
});
