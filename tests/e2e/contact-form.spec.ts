import type { Page } from '@playwright/test';
import { company } from '../../domain/company';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/page-helpers';

/** The toaster's region (Radix labels it 'Meddelelser (F8)'). */
const toasts = (page: Page) => page.getByRole('region', { name: /Meddelelser/ });
const form = (page: Page) => page.getByRole('form', { name: 'Kontaktformular' });

async function fillValid(page: Page, name: string, email: string) {
  const f = form(page);
  await f.getByLabel('Navn').fill(name);
  await f.getByLabel('E-mail').fill(email);
  await f.getByLabel('Telefon').fill('+45 22 34 56 78');
  await f.getByLabel('Hvad drejer det sig om?').selectOption({ label: 'Genhusning' });
  await f.getByLabel('Besked').fill(`Vores lejlighed er vandskadet. <b>Hjælp</b> ${name}`);
}

test.describe('contact form on /contact', () => {
  test('a visitor sends a message: sending state, thanks toast, reset, and the company receives it', async ({
    page,
    waitForMail,
  }) => {
    const name = `Ane Kontakt ${uniqueSuffix()}`;
    const email = `ane.${uniqueSuffix()}@example.dk`;
    await gotoHydrated(page, '/contact');
    await expect(form(page).getByText('Felter markeret med * skal udfyldes.')).toBeVisible();
    await fillValid(page, name, email);

    // Hold the request briefly so the sending state is observable.
    await page.route('**/api/leads', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await form(page).getByRole('button', { name: 'Send besked' }).click();
    const sending = form(page).getByRole('button', { name: 'Sender besked...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();

    await expect(toasts(page).getByText('Tak for din besked!')).toBeVisible();
    await expect(
      toasts(page).getByText(
        `Vi vender tilbage inden for 24 timer. Haster det, så ring til os på ${company.phoneDisplay}.`,
      ),
    ).toBeVisible();
    await expect(form(page).getByLabel('Navn')).toHaveValue('');
    await expect(form(page).getByLabel('Hvad drejer det sig om?')).toHaveValue('');
    await expect(form(page).getByRole('button', { name: 'Send besked' })).toBeEnabled();

    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.envelope.to).toContain(mailTo);
    // Staff answer in the lead's thread (linked in the mail), not by replying to the customer.
    expect(mail.parsed.replyTo).toBeUndefined();
    expect(mail.parsed.text).toMatch(/Svar kunden i sagens tråd: http\S+\/indbakke\/henvendelse\//);
    // Each field in its own row.
    const lines = (mail.parsed.text ?? '').split('\n');
    for (const row of [
      `Navn: ${name}`,
      `E-mail: ${email}`,
      'Telefon: 22 34 56 78',
      'Ønsket ydelse: Genhusning',
      `Besked: Vores lejlighed er vandskadet. <b>Hjælp</b> ${name}`,
    ]) {
      expect(lines).toContain(row);
    }
    // The visitor's text is escaped in the HTML part.
    expect(mail.parsed.html || '').not.toContain('<b>Hjælp</b>');
  });

  test('required fields are marked and empty ones are reported in Danish with focus on the summary', async ({
    page,
  }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/leads')) requests += 1;
    });
    await gotoHydrated(page, '/contact');
    const f = form(page);
    for (const label of ['Navn', 'E-mail', 'Hvad drejer det sig om?']) {
      await expect(f.getByLabel(label)).toHaveAttribute('aria-required', 'true');
    }
    await expect(f.getByLabel('Telefon')).not.toHaveAttribute('aria-required', 'true');
    await expect(f.getByLabel('E-mail')).toHaveAttribute('type', 'email');
    await expect(f.getByLabel('E-mail')).toHaveAttribute('autocomplete', 'email');
    await expect(f.getByLabel('Telefon')).toHaveAttribute('autocomplete', 'tel');
    await expect(f.getByLabel('Navn')).toHaveAttribute('autocomplete', 'name');

    await f.getByRole('button', { name: 'Send besked' }).click();
    const summary = f.getByRole('alert').filter({ hasText: 'Ret venligst følgende' });
    await expect(summary).toBeFocused();
    for (const message of ['Navn er påkrævet', 'E-mail er påkrævet', 'Vælg en ydelse']) {
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
    }
    await expect(f.getByLabel('Navn')).toHaveAttribute('aria-invalid', 'true');
    await expect(f.getByLabel('Navn')).toHaveAccessibleDescription('Navn er påkrævet');
    await expect(f.getByLabel('Hvad drejer det sig om?')).toHaveAccessibleDescription('Vælg en ydelse');

    await expectNoAxeViolations(page, '/contact with validation errors');

    await summary.getByRole('link', { name: 'E-mail er påkrævet' }).click();
    await expect(f.getByLabel('E-mail')).toBeFocused();

    // Fixing a field clears its message.
    await f.getByLabel('Navn').fill('Ane Jensen');
    await expect(f.getByLabel('Navn')).not.toHaveAttribute('aria-invalid', 'true');
    expect(requests).toBe(0);
  });

  test('an invalid e-mail address and phone number are refused', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    await fillValid(page, 'Ane Jensen', 'ane@eksempel');
    await form(page).getByLabel('Telefon').fill('1234');
    await form(page).getByRole('button', { name: 'Send besked' }).click();
    await expect(form(page).getByLabel('E-mail')).toHaveAccessibleDescription('Indtast en gyldig e-mail');
    await expect(form(page).getByLabel('Telefon')).toHaveAccessibleDescription(
      'Indtast et gyldigt dansk telefonnummer (8 cifre)',
    );
  });

  test("a server failure shows 'Der opstod en fejl' with the server's message and keeps the input", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/status of 500/);
    await gotoHydrated(page, '/contact');
    await page.route('**/api/leads', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Intern fejl. Prøv igen."}',
      }),
    );
    await fillValid(page, 'Ane Jensen', 'ane@example.dk');
    await form(page).getByRole('button', { name: 'Send besked' }).click();
    await expect(toasts(page).getByText('Der opstod en fejl')).toBeVisible();
    await expect(toasts(page).getByText('Intern fejl. Prøv igen.')).toBeVisible();
    await expect(form(page).getByLabel('Navn')).toHaveValue('Ane Jensen');
  });

  test("a network failure falls back to 'Prøv venligst igen senere.'", async ({ page, consoleErrors }) => {
    consoleErrors.ignore(/Failed to load resource|ERR_FAILED/);
    await gotoHydrated(page, '/contact');
    await page.route('**/api/leads', (route) => route.abort('failed'));
    await fillValid(page, 'Ane Jensen', 'ane@example.dk');
    await form(page).getByRole('button', { name: 'Send besked' }).click();
    await expect(toasts(page).getByText('Der opstod en fejl')).toBeVisible();
    await expect(toasts(page).getByText('Prøv venligst igen senere.')).toBeVisible();
  });

  test('a foreign phone number is accepted and reaches staff in international form', async ({
    page,
    waitForMail,
  }) => {
    const name = `Sven Udland ${uniqueSuffix()}`;
    await gotoHydrated(page, '/contact');
    await fillValid(page, name, `sven.${uniqueSuffix()}@example.se`);
    await form(page).getByLabel('Telefon').fill('+46 70 123 45 67');
    await form(page).getByRole('button', { name: 'Send besked' }).click();
    await expect(toasts(page).getByText('Tak for din besked!')).toBeVisible();
    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect((mail.parsed.text ?? '').split('\n')).toContain('Telefon: +46701234567');
  });
});
