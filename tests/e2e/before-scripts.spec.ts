import type { Page } from '@playwright/test';
import { makePng } from '../support/images';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { waitForHydration } from './support/page-helpers';
import { sender } from './support/sender';

/**
 * A visitor on a slow connection starts filling in a form before the page's scripts have arrived:
 * the prerendered form takes the typing, and nothing typed or chosen is lost when the scripts come.
 * The scripts are held back here until the test lets them through.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The form is hydrated when React has taken over its element. */
async function waitForFormCode(page: Page, formName: string) {
  await page.waitForFunction(
    (name) => {
      const element = document.querySelector(`form[aria-label="${name}"]`);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    },
    formName,
    { timeout: 20_000 },
  );
}

test.describe('typing before the scripts have loaded', () => {
  test('the emergency form keeps everything typed before and while its code arrives, and sends it', async ({
    page,
    waitForMail,
  }) => {
    const name = `Før Script ${uniqueSuffix()}`;
    const email = `foer.${uniqueSuffix()}@example.dk`;
    // Its own phone and address: another journey's emergency from them would make this a duplicate.
    const who = sender();
    const release = await holdScripts(page);
    await page.goto('/akut-skade');
    const form = page.getByRole('form', { name: 'Akut henvendelse' });
    await form.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Telefon', exact: true }).fill(who.phone);
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await form.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
    await form.getByLabel('Skadetype').selectOption({ label: 'Vandskade' });
    await form.getByLabel('Beskrivelse').fill('Vand fra loftet i køkkenet.');
    const address = form.getByRole('combobox', { name: 'Adresse' });
    await address.pressSequentially(who.address.slice(0, 3));
    // The button works before the scripts too (the browser would post the form as plain HTML).
    await expect(form.getByRole('button', { name: 'Send akut henvendelse' })).toBeEnabled();

    // The scripts arrive while the visitor goes on typing the address.
    release();
    await address.pressSequentially(who.address.slice(3), { delay: 15 });
    await waitForFormCode(page, 'Akut henvendelse');
    await address.press('Escape');
    await expect(address).toHaveValue(who.address);
    await expect(form.getByRole('textbox', { name: 'Fulde navn', exact: true })).toHaveValue(name);
    await expect(form.getByLabel('Forsikringsselskab')).toHaveValue('Tryg');

    await form.getByRole('button', { name: 'Send akut henvendelse' }).click();
    await expect(
      page.getByRole('region', { name: /Meddelelser/ }).getByText('Akut henvendelse sendt!'),
    ).toBeVisible();
    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    const text = mail.parsed.text ?? '';
    for (const typed of [name, email, who.address, 'Tryg', 'Vand fra loftet i køkkenet.']) {
      expect(text).toContain(typed);
    }
  });

  test('the damage report keeps the "Hvem er du?" choice and the fields typed before its code arrived', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/anmeldelse');
    const form = page.getByRole('form', { name: 'Skadeanmeldelse' });
    await form.getByRole('radio', { name: 'Virksomhed' }).check();
    await form.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill('Bo Før');
    await form.getByRole('combobox', { name: 'Adresse' }).fill('Algade 1, 4000 Roskilde');
    await form.getByLabel('Skadetype').selectOption({ label: 'Skybrudsskade' });
    release();
    await waitForFormCode(page, 'Skadeanmeldelse');

    await expect(form.getByRole('radio', { name: 'Virksomhed' })).toBeChecked();
    // The company's fields appear for the choice made before.
    await expect(form.getByRole('textbox', { name: 'Virksomhedsnavn' })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Fulde navn', exact: true })).toHaveValue('Bo Før');
    await expect(form.getByRole('combobox', { name: 'Adresse' })).toHaveValue('Algade 1, 4000 Roskilde');
    await expect(form.getByLabel('Skadetype')).toHaveValue('skybrudsskade');

    // Sending checks what was typed before like anything else: the missing fields are reported.
    await form.getByRole('button', { name: 'Send anmeldelse' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Ret venligst følgende' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('virksomhedsnavn', { ignoreCase: true });
    await expect(summary).not.toContainText('fulde navn', { ignoreCase: true });
  });

  test('the contact form takes typing before its code and sends it after', async ({ page, waitForMail }) => {
    const name = `Kontakt Før ${uniqueSuffix()}`;
    const release = await holdScripts(page);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Kontaktformular' });
    await form.getByLabel('Navn').fill(name);
    await form.getByLabel('E-mail').fill(`kontakt.${uniqueSuffix()}@example.dk`);
    await form.getByLabel('Hvad drejer det sig om?').selectOption({ label: 'Genhusning' });
    await form.getByLabel('Besked').fill('Skrevet før siden var klar.');
    release();
    await waitForFormCode(page, 'Kontaktformular');
    await form.getByRole('button', { name: 'Send besked' }).click();
    await expect(
      page.getByRole('region', { name: /Meddelelser/ }).getByText('Tak for din besked!'),
    ).toBeVisible();
    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.parsed.text).toContain('Skrevet før siden var klar.');
  });

  test("photos chosen before the emergency form's code has arrived are uploaded once it has", async ({
    page,
  }) => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/emergency-form-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/akut-skade');
    await waitForHydration(page);
    // Until then the form has the browser's own file input, which opens the device's picker at once.
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('Tilføj billeder').click();
    await (
      await chooser
    ).setFiles({ name: 'kaelder.png', mimeType: 'image/png', buffer: makePng(16, 12, [40, 90, 160]) });
    release();
    const form = page.getByRole('form', { name: 'Akut henvendelse' });
    await expect(form.getByText('Klar til email')).toHaveCount(1, { timeout: 20_000 });
    await expect(form.getByRole('img', { name: 'Billede 1: kaelder.png' })).toBeVisible();
  });

  test('photos chosen in the damage report before its code has arrived are uploaded once it has', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/damage-report-form-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/anmeldelse');
    await waitForHydration(page);
    const form = page.getByRole('form', { name: 'Skadeanmeldelse' });
    await form
      .getByLabel('Tilføj billeder')
      .setInputFiles([
        { name: 'kaelder.png', mimeType: 'image/png', buffer: makePng(16, 12, [40, 90, 160]) },
      ]);
    release();
    await expect(form.getByText('Klar til email')).toHaveCount(1, { timeout: 20_000 });
    await expect(form.getByRole('img', { name: /kaelder\.png/ })).toBeVisible();
  });
});
