import type { Page } from '@playwright/test';
import { expect, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/page-helpers';
import { sender } from './support/sender';

const form = (page: Page) => page.getByRole('form', { name: 'Akut henvendelse' });
const toasts = (page: Page) => page.getByRole('region', { name: /Meddelelser/ });

async function fillEmergency(page: Page, values: { name: string; phone: string; address: string }) {
  const f = form(page);
  await f.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(values.name);
  await f.getByRole('combobox', { name: 'Adresse' }).fill(values.address);
  await f.getByRole('combobox', { name: 'Adresse' }).press('Escape');
  await f.getByRole('textbox', { name: 'Telefon', exact: true }).fill(values.phone);
  await f.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`dublet.${uniqueSuffix()}@example.dk`);
  await f.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
  await f.getByLabel('Skadetype').selectOption({ label: 'Vandskade' });
}

test.describe('the same emergency sent twice', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the second is told it repeats one of theirs, never its reference, with scripts and without', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two forms, two pages and two axe scans: more than one journey's usual time.
    test.slow();
    // Other journeys' emergencies must not link to this one: its own phone and street.
    const { digits: phone, street } = sender();
    await gotoHydrated(page, '/akut-skade');
    const firstAnswer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
    await fillEmergency(page, { name: 'Sofie Skybrud', phone, address: `${street}, 2. th., 4000 Roskilde` });
    await form(page).getByRole('button', { name: 'Send akut henvendelse' }).click();
    const first = (await (await firstAnswer).json()) as { reference: string };
    await expect(toasts(page)).toContainText('Vi ringer til dig inden for');

    // Again from the same phone (the page opened anew: the confirmation holds the first one's place),
    // the address written another way: linked, not paged again.
    await gotoHydrated(page, '/akut-skade');
    await fillEmergency(page, {
      name: 'Sofie Skybrud',
      phone: `${phone.slice(0, 2)} ${phone.slice(2, 4)} ${phone.slice(4, 6)} ${phone.slice(6)}`,
      address: `${street.toLowerCase()} 2.th 4000 roskilde`,
    });
    await form(page).getByRole('button', { name: 'Send akut henvendelse' }).click();
    await expect(toasts(page)).toContainText(
      'Vi har allerede en akut henvendelse fra dig – vi ringer til dig så hurtigt som muligt.',
    );
    await expectNoAxeViolations(page, '/akut-skade with the duplicate toast at 390 px');

    // The same sender once more, without scripts: the server's /tak says the same.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 390, height: 844 },
    });
    const plain = await context.newPage();
    await plain.goto('/akut-skade');
    await fillEmergency(plain, {
      name: 'Sofie Skybrud',
      phone: `+45 ${phone}`,
      address: `${street.toUpperCase()}, 2 TH, 4000 ROSKILDE`,
    });
    await form(plain).getByRole('button', { name: /Send/ }).click();
    await expect(plain).toHaveURL(/\/tak\?ref=SK-[A-Z0-9]{6}&type=akut-skade&dublet=1#tak-besked$/);
    await expect(plain.locator('#tak-besked')).toContainText(
      'Vi har allerede en akut henvendelse fra dig – vi ringer til dig så hurtigt som muligt.',
    );
    await expect(plain.locator('#tak-besked')).not.toContainText('Vi ringer til dig inden for');
    const thanks = plain.url();
    await context.close();
    // axe runs as a script: the same server-rendered /tak, scanned in the scripted browser.
    await page.goto(thanks);
    await expect(page.locator('#tak-besked')).toContainText('Vi har allerede en akut henvendelse fra dig');
    await expect(page.locator('#tak-besked')).not.toContainText(first.reference);
    await expectNoAxeViolations(page, '/tak of a duplicate at 390 px');
  });
});
