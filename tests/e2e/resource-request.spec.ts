import type { Page } from '@playwright/test';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/page-helpers';

const toasts = (page: Page) => page.getByRole('region', { name: /Meddelelser/ });

const resources = [
  {
    button: 'Hent e-bogen gratis',
    title: '10 konkrete tips til en værdiredningsplan',
    success: 'Vi sender dig e-bogen på e-mail snarest.',
  },
  {
    button: 'Hent tjeklisten gratis',
    title: 'Er du klar til skybrud?',
    success: 'Vi sender dig tjeklisten på e-mail snarest.',
  },
] as const;

async function openDialog(page: Page, resource: (typeof resources)[number]) {
  await page.getByRole('button', { name: resource.button }).click();
  const dialog = page.getByRole('dialog', { name: resource.title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('resource requests on /resources', () => {
  for (const resource of resources) {
    test(`a visitor requests "${resource.title}" and receives it as a PDF`, async ({ page, waitForMail }) => {
      const name = `Bo Ressource ${uniqueSuffix()}`;
      const email = `bo.${uniqueSuffix()}@example.dk`;
      await gotoHydrated(page, '/resources');
      const dialog = await openDialog(page, resource);
      await dialog.getByLabel('Fulde navn').fill(name);
      await dialog.getByLabel('E-mail').fill(email);
      await dialog.getByLabel('Telefonnummer').fill('22 34 56 78');
      await dialog.getByLabel('Virksomhed (valgfrit)').fill('Bo Byg ApS');

      await page.route('**/api/leads', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await dialog.getByRole('button', { name: 'Send anmodning' }).click();
      await expect(dialog.getByRole('button', { name: 'Sender...' })).toBeDisabled();

      await expect(toasts(page).getByText('Anmodning sendt!')).toBeVisible();
      await expect(toasts(page).getByText(resource.success)).toBeVisible();
      await expect(dialog).toBeHidden();
      // Focus returns to the button that opened the dialog.
      await expect(page.getByRole('button', { name: resource.button })).toBeFocused();

      const delivery = await waitForMail((m) => m.envelope.to.includes(email));
      const pdf = delivery.parsed.attachments.find((a) => a.contentType === 'application/pdf');
      expect(pdf, 'the requested resource is attached as a PDF').toBeTruthy();
      expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf!.content.length).toBeGreaterThan(1000);

      const staff = await waitForMail(
        (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
      );
      // Each field in its own row.
      const lines = (staff.parsed.text ?? '').split('\n');
      for (const row of [
        `Ressource: ${resource.title}`,
        `Navn: ${name}`,
        `E-mail: ${email}`,
        'Telefon: 22 34 56 78',
        'Virksomhed: Bo Byg ApS',
      ]) {
        expect(lines).toContain(row);
      }

      // The fields were reset.
      await page.getByRole('button', { name: resource.button }).click();
      await expect(page.getByRole('dialog').getByLabel('Fulde navn')).toHaveValue('');
    });
  }

  test("empty required fields give 'Udfyld påkrævede felter' and nothing is sent", async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/leads')) requests += 1;
    });
    await gotoHydrated(page, '/resources');
    const dialog = await openDialog(page, resources[0]);
    for (const label of ['Fulde navn', 'E-mail', 'Telefonnummer']) {
      await expect(dialog.getByLabel(label)).toHaveAttribute('aria-required', 'true');
    }
    await expect(dialog.getByLabel('Virksomhed (valgfrit)')).not.toHaveAttribute('aria-required', 'true');
    await dialog.getByLabel('Fulde navn').fill('   ');
    await dialog.getByLabel('E-mail').fill('bo@example.dk');
    await dialog.getByRole('button', { name: 'Send anmodning' }).click();

    await expect(toasts(page).getByText('Udfyld påkrævede felter')).toBeVisible();
    await expect(toasts(page).getByText('Navn, e-mail og telefonnummer skal udfyldes.')).toBeVisible();
    const summary = dialog.getByRole('alert').filter({ hasText: 'Ret venligst følgende' });
    await expect(summary).toBeFocused();
    await expect(dialog.getByLabel('Fulde navn')).toHaveAccessibleDescription('Udfyld dit fulde navn');
    await expect(dialog.getByLabel('Telefonnummer')).toHaveAccessibleDescription('Udfyld dit telefonnummer');
    await expectNoAxeViolations(page, '/resources with the dialog open and errors shown');
    await summary.getByRole('link', { name: 'Udfyld dit telefonnummer' }).click();
    await expect(dialog.getByLabel('Telefonnummer')).toBeFocused();
    await expect(dialog).toBeVisible();
    expect(requests).toBe(0);
  });

  test("an e-mail without 'x@y.z' form gives 'Ugyldig e-mail'", async ({ page }) => {
    await gotoHydrated(page, '/resources');
    const dialog = await openDialog(page, resources[1]);
    await dialog.getByLabel('Fulde navn').fill('Bo Jensen');
    await dialog.getByLabel('E-mail').fill('bo@example');
    await dialog.getByLabel('Telefonnummer').fill('22345678');
    await dialog.getByRole('button', { name: 'Send anmodning' }).click();
    await expect(toasts(page).getByText('Ugyldig e-mail')).toBeVisible();
    await expect(toasts(page).getByText('Indtast venligst en gyldig e-mail adresse.')).toBeVisible();
    await expect(dialog.getByLabel('E-mail')).toHaveAccessibleDescription(
      'Indtast venligst en gyldig e-mail adresse.',
    );
  });

  test("a server failure gives 'Fejl' and keeps the dialog open", async ({ page, consoleErrors }) => {
    consoleErrors.ignore(/status of 500/);
    await gotoHydrated(page, '/resources');
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Intern fejl"}' }),
    );
    const dialog = await openDialog(page, resources[0]);
    await dialog.getByLabel('Fulde navn').fill('Bo Jensen');
    await dialog.getByLabel('E-mail').fill('bo@example.dk');
    await dialog.getByLabel('Telefonnummer').fill('22345678');
    await dialog.getByRole('button', { name: 'Send anmodning' }).click();
    await expect(toasts(page).getByText('Fejl', { exact: true })).toBeVisible();
    await expect(
      toasts(page).getByText('Der opstod en fejl. Prøv igen eller kontakt os direkte.'),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Fulde navn')).toHaveValue('Bo Jensen');
    await expect(dialog.getByRole('button', { name: 'Send anmodning' })).toBeEnabled();
  });

  test("'Annuller' and Escape close the dialog without sending", async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/leads')) requests += 1;
    });
    await gotoHydrated(page, '/resources');
    let dialog = await openDialog(page, resources[0]);
    await dialog.getByRole('button', { name: 'Annuller' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: resources[0].button })).toBeFocused();
    dialog = await openDialog(page, resources[1]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(requests).toBe(0);
  });

  test('a phone number that is not one is said at the field, and nothing is sent', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/leads')) requests += 1;
    });
    await gotoHydrated(page, '/resources');
    const dialog = await openDialog(page, resources[0]);
    await dialog.getByLabel('Fulde navn').fill('Bo Jensen');
    await dialog.getByLabel('E-mail').fill('bo@example.dk');
    await dialog.getByLabel('Telefonnummer').fill('ring efter kl. 16');
    await dialog.getByRole('button', { name: 'Send anmodning' }).click();
    await expect(dialog.getByLabel('Telefonnummer')).toHaveAccessibleDescription(
      'Indtast et gyldigt telefonnummer',
    );
    await expect(dialog.getByRole('alert').filter({ hasText: 'Ret venligst følgende' })).toBeFocused();
    expect(requests).toBe(0);
  });
});
