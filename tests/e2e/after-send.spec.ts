import type { Page } from '@playwright/test';
import { makePng } from '../support/images';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/page-helpers';
import { sender } from './support/sender';

const form = (page: Page) => page.getByRole('form', { name: 'Akut henvendelse' });
const toasts = (page: Page) => page.getByRole('region', { name: /Meddelelser/ });
const confirmation = (page: Page) =>
  page.getByRole('region', { name: 'Tak – vi har modtaget din akutte henvendelse' });

/** The required fields, from a sender of this journey alone (not a duplicate of another's). */
async function fillRequired(page: Page, name: string) {
  const f = form(page);
  const { address, phone } = sender();
  await f.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(name);
  await f.getByRole('combobox', { name: 'Adresse' }).fill(address);
  await f.getByRole('combobox', { name: 'Adresse' }).press('Escape');
  await f.getByRole('textbox', { name: 'Telefon', exact: true }).fill(phone);
  await f.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`efter.${uniqueSuffix()}@example.dk`);
  await f.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
  await f.getByLabel('Skadetype').selectOption({ label: 'Vandskade' });
  return phone;
}

test.describe('the first minutes after sending', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the scripted emergency form is replaced by a confirmation that still shows the reference 15 s later', async ({
    page,
  }) => {
    test.slow();
    await gotoHydrated(page, '/akut-skade');
    const phone = await fillRequired(page, `Mette Efter ${uniqueSuffix()}`);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
    await form(page).getByRole('button', { name: 'Send akut henvendelse' }).click();
    const { reference } = (await (await answer).json()) as { reference: string };

    const sent = confirmation(page);
    await expect(sent).toBeVisible();
    await expect(sent.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(toasts(page)).toContainText('Akut henvendelse sendt!');
    await expectNoAxeViolations(page, '/akut-skade with the confirmation at 390 px');

    // Looking away for a while: the toast has gone, the confirmation has not, no form to send again.
    await page.waitForTimeout(15_000);
    await expect(toasts(page)).not.toContainText('Akut henvendelse sendt!');
    await expect(sent.getByTestId('reference')).toContainText(reference);
    await expect(sent).toContainText(`Vi ringer til dig inden for 15 minutter på ${phone}.`);
    await expect(sent).toContainText('Du får et link til din sag på e-mail');
    await expect(form(page)).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test('photos still uploading when the emergency is sent are waited for, said, and sent with it', async ({
    page,
    waitForMail,
  }) => {
    await gotoHydrated(page, '/akut-skade');
    const name = `Jonas Billeder ${uniqueSuffix()}`;
    await fillRequired(page, name);
    // The upload URLs are held back, so the photos are still uploading when the form is sent.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/objects/upload', async (route) => {
      await held;
      await route.continue();
    });
    await form(page)
      .getByLabel('Vælg billeder')
      .setInputFiles([
        { name: 'stue.png', mimeType: 'image/png', buffer: makePng(12, 12) },
        { name: 'gang.png', mimeType: 'image/png', buffer: makePng(14, 10) },
      ]);
    await expect(form(page).getByText('2 af 3 billeder valgt, 2 uploades')).toBeVisible();
    await form(page).getByRole('button', { name: 'Send akut henvendelse' }).click();
    await expect(form(page).getByRole('button', { name: 'Venter på billeder...' })).toBeDisabled();
    await expect(form(page)).toContainText(
      'Henvendelsen sendes, så snart billederne er uploadet. Et billede, der tager for lang tid, kan du fjerne.',
    );
    await expectNoAxeViolations(page, '/akut-skade waiting for photos at 390 px');

    release();
    await expect(confirmation(page)).toBeVisible();
    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.parsed.attachments.map((a) => a.filename).sort()).toEqual(['gang.png', 'stue.png']);
  });

  test('/tak for a resource speaks of the PDF, without damage advice or "Anmeld en skade mere"', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Sent without scripts: the server's /tak.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 390, height: 844 },
    });
    const plain = await context.newPage();
    await plain.goto('/resources#hent-skybrud');
    const section = plain.locator('#hent-skybrud');
    await section.getByLabel('Fulde navn').fill('Bo Ressource');
    await section.getByLabel('E-mail').fill(`ressource.${uniqueSuffix()}@example.dk`);
    await section.getByLabel('Telefonnummer').fill('22 34 56 78');
    // The form counts its age from the page: a person reads before sending.
    await plain.waitForTimeout(3_500);
    await section.getByRole('button', { name: /Send/ }).click();
    await expect(plain).toHaveURL(/\/tak\?ref=[A-Z]{2}-[A-Z0-9]{6}&type=ressource#tak-besked$/);
    const thanks = plain.url();
    await expect(plain.locator('#tak-besked')).toContainText('vi sender materialet til dig som PDF');
    await expect(plain.locator('#tak-besked')).not.toContainText('Er situationen blevet akut');
    await expect(plain.locator('#mens-du-venter')).toHaveCount(0);
    await expect(plain.getByRole('link', { name: 'Anmeld en skade mere' })).toHaveCount(0);
    await expect(plain.getByRole('link', { name: 'Se flere ressourcer' })).toBeVisible();
    await context.close();

    // The same page with scripts: hydrated without bringing the damage advice back.
    await gotoHydrated(page, new URL(thanks).pathname + new URL(thanks).search);
    await expect(page.locator('#tak-besked')).toContainText('vi sender materialet til dig som PDF');
    await expect(page.locator('#mens-du-venter')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Anmeld en skade mere' })).toHaveCount(0);
    await expectNoAxeViolations(page, '/tak of a resource request at 390 px');
  });
});
