/**
 * A private person's express request for urgent work, on the emergency form and the damage
 * report, with scripts and without: asked of a private person only (unticked), gone for a
 * business, and what their receipt then says: the consumer information, the exception for the
 * urgent work they asked for, and the standard withdrawal form attached. A business's receipt has
 * none of it. (docs/decisions/urgent-work-request.md) axe runs in the page, so only with scripts.
 */
import type { Locator, Page } from '@playwright/test';
import { company } from '../../domain/company';
import { urgentWorkRequestText } from '../../domain/urgent-work-request';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/page-helpers';
import { fillEmergencyRequired, fillReportRequired } from './support/lead-forms';

const emergencyForm = (page: Page) => page.getByRole('form', { name: 'Akut henvendelse' });
const reportForm = (page: Page) => page.getByRole('form', { name: 'Skadeanmeldelse' });
const box = (form: Locator) => form.getByRole('checkbox', { name: urgentWorkRequestText });
const consumerHeading = 'Dine rettigheder som forbruger';
const exception = 'Fortrydelsesretten gælder ikke for det arbejde';

for (const scripts of [true, false]) {
  const how = scripts ? 'with scripts' : 'without scripts';
  test.describe(`the express request ${how}`, () => {
    test.use({ javaScriptEnabled: scripts });

    test(`emergency ${how}: a private person, chosen first, ticks the box; the receipt says the right does not cover the urgent work and carries the form`, async ({
      page,
      waitForMail,
    }) => {
      const name = `Rikke Akut ${uniqueSuffix()}`;
      const email = `rikke.${uniqueSuffix()}@example.dk`;
      if (scripts) await gotoHydrated(page, '/akut-skade');
      else await page.goto('/akut-skade');
      const form = emergencyForm(page);
      const who = form.getByRole('radiogroup', { name: 'Hvem er du?' });
      await expect(who.getByRole('radio', { name: 'Privatperson' })).toBeChecked();
      await expect(who.getByRole('radio', { name: 'Virksomhed' })).not.toBeChecked();
      await expect(box(form)).toBeVisible();
      await expect(box(form)).not.toBeChecked();
      await expect(box(form)).toHaveAccessibleDescription(
        'Frivilligt. Uden kryds har du 14 dages fortrydelsesret.',
      );
      // A business is not asked.
      await who.getByRole('radio', { name: 'Virksomhed' }).check();
      await expect(box(form)).toBeHidden();
      if (scripts) await expectNoAxeViolations(page, `/akut-skade ${how}, business chosen`);
      await who.getByRole('radio', { name: 'Privatperson' }).check();
      await box(form).check();
      if (scripts) await expectNoAxeViolations(page, `/akut-skade ${how}, the box ticked`);

      await fillEmergencyRequired(form, { name: name, email: email });
      await form.getByRole('button', { name: /Send/ }).click();
      // Sent by the form's code, the confirmation takes the form's place; posted plainly, /tak.
      if (scripts) await expect(page.getByText('Akut henvendelse sendt!', { exact: true })).toBeVisible();
      else await expect(page).toHaveURL(/\/tak\?ref=SK-[A-Z0-9]{6}&type=akut-skade/);

      const receipt = await waitForMail((m) => m.envelope.to.includes(email));
      expect(receipt.parsed.text).toContain(consumerHeading);
      expect(receipt.parsed.text).toContain(`Aftalen er med ${company.legalName}, CVR ${company.cvr}`);
      expect(receipt.parsed.text).toContain('Du kan fortryde aftalen inden for 14 dage');
      expect(receipt.parsed.text).toContain(exception);
      expect(receipt.parsed.attachments.map((file) => file.filename)).toEqual([
        'standardfortrydelsesformular.txt',
      ]);
      expect(receipt.parsed.attachments[0]!.content.toString('utf8')).toContain(
        'ønsker at gøre fortrydelsesretten gældende',
      );
      const staff = await waitForMail(
        (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
      );
      expect(staff.parsed.text).toContain('Udtrykkelig anmodning om akut arbejde: Ja');
      expect(staff.parsed.text).toContain(urgentWorkRequestText);
    });

    test(`damage report ${how}: asked of a private person only; a business's receipt has no consumer information`, async ({
      page,
      waitForMail,
    }) => {
      const name = `Bo Firma ${uniqueSuffix()}`;
      const email = `bo.${uniqueSuffix()}@example.dk`;
      if (scripts) await gotoHydrated(page, '/anmeldelse');
      else await page.goto('/anmeldelse');
      const form = reportForm(page);
      await expect(box(form)).toBeHidden();
      await form.getByRole('radio', { name: 'Privatperson' }).check();
      await expect(box(form)).toBeVisible();
      await expect(box(form)).not.toBeChecked();
      if (scripts) await expectNoAxeViolations(page, `/anmeldelse ${how}, private person`);
      await box(form).check();
      await form.getByRole('radio', { name: 'Virksomhed' }).check();
      await expect(box(form)).toBeHidden();

      await fillReportRequired(form, { name: name, email: email });
      await form.getByLabel('Virksomhedsnavn').fill('Bos Byg ApS');
      await form.getByLabel('CVR-nummer').fill('10150817');
      await form.getByRole('button', { name: /Send/ }).click();
      await expect(page).toHaveURL(/\/tak\?ref=SK-[A-Z0-9]{6}&type=anmeldelse/);

      const receipt = await waitForMail((m) => m.envelope.to.includes(email));
      expect(receipt.parsed.text).not.toContain(consumerHeading);
      expect(receipt.parsed.text).not.toContain('fortryde');
      expect(receipt.parsed.attachments).toEqual([]);
      const staff = await waitForMail(
        (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
      );
      expect(staff.parsed.text).not.toContain('Udtrykkelig anmodning');
    });
  });
}
