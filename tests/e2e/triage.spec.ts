/**
 * The emergency form's quick questions on a phone (390 px): answered in the scripted form, the
 * lead reaches staff as critical; in the plain form (scripts off), the answers survive a
 * validation error and go with the lead.
 */
import type { Page } from '@playwright/test';
import { triageQuestions } from '../../domain/triage';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/page-helpers';
import { sender, type Sender } from './support/sender';

const legend = 'Hurtige spørgsmål – så vi ved, hvem vi skal ringe til først';
const form = (page: Page) => page.getByRole('form', { name: 'Akut henvendelse' });
const question = (page: Page, text: string) => form(page).getByRole('radiogroup', { name: text });

/** All but the phone, from `who`: a sender of this journey alone (not a duplicate of another's). */
async function fillRequired(page: Page, name: string, who: Sender) {
  const f = form(page);
  await f.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(name);
  await f.getByRole('combobox', { name: 'Adresse' }).fill(who.address);
  await f.getByRole('combobox', { name: 'Adresse' }).press('Escape');
  await f.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`triage.${uniqueSuffix()}@example.dk`);
  await f.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
  await f.getByLabel('Skadetype').selectOption({ label: 'Vandskade' });
}

test.use({ viewport: { width: 390, height: 844 } });

test.describe('the quick questions on the emergency form', () => {
  test('answered in the scripted form, a danger to people reaches staff as critical', async ({
    page,
    waitForMail,
  }) => {
    const name = `Tove Triage ${uniqueSuffix()}`;
    const who = sender();
    await gotoHydrated(page, '/akut-skade');
    const group = form(page).getByRole('group', { name: legend });
    await expect(group).toBeVisible();
    await expect(group.getByRole('radiogroup')).toHaveCount(4);

    // Each answer is a target a thumb can hit: at least 44 px high, side by side on a phone.
    const yes = question(page, triageQuestions.personfare).getByRole('radio', { name: 'Ja' });
    const no = question(page, triageQuestions.personfare).getByRole('radio', { name: 'Nej' });
    for (const radio of [yes, no]) {
      const box = await radio.locator('xpath=ancestor::label[1]').boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.width).toBeGreaterThanOrEqual(100);
    }
    const page390 = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(page390).toBeLessThanOrEqual(390);

    await fillRequired(page, name, who);
    // A tap on the answer's box, not only on the small circle, chooses it.
    await yes.locator('xpath=ancestor::label[1]').click({ position: { x: 90, y: 10 } });
    await expect(yes).toBeChecked();
    await question(page, triageQuestions.saarbare).getByRole('radio', { name: 'Nej' }).check();
    await expectNoAxeViolations(page, '/akut-skade with the quick questions answered');

    // Sent without the phone: the messages show, the answers stay.
    await form(page).getByRole('button', { name: 'Send akut henvendelse' }).click();
    await expect(form(page).getByRole('alert', { name: 'Ret venligst følgende' })).toBeVisible();
    await expect(yes).toBeChecked();
    await expectNoAxeViolations(page, '/akut-skade with the quick questions and a message');

    await form(page).getByRole('textbox', { name: 'Telefon', exact: true }).fill(who.phone);
    // The API's answer first: on a loaded machine it can outlast the 5 s toast's first look, and a
    // refusal should fail here with its status, not as a missing message.
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'), {
      timeout: 30_000,
    });
    await form(page).getByRole('button', { name: 'Send akut henvendelse' }).click();
    expect((await answer).status()).toBe(201);
    // What stays on screen: the confirmation in the form's place.
    await expect(
      page.getByRole('region', { name: 'Tak – vi har modtaget din akutte henvendelse' }),
    ).toBeVisible();
    await expect(yes).toHaveCount(0);

    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.parsed.subject).toMatch(/^KRITISK: .*Akut skade.* – SK-[A-Z0-9]{6}$/);
    const lines = (mail.parsed.text ?? '').split('\n');
    expect(lines).toContain('Prioritet: Kritisk');
    expect(lines).toContain(`${triageQuestions.personfare}: Ja`);
    expect(lines).toContain(`${triageQuestions.saarbare}: Nej`);
    expect(lines).toContain(`${triageQuestions.kloakvand}: Ikke angivet`);
  });

  test.describe('with scripts off', () => {
    test.use({ javaScriptEnabled: false });
    // The answer to a form that cannot be taken is the page with status 400, which Chromium logs.
    test.beforeEach(({ consoleErrors }) => consoleErrors.ignore(/status of 400/));

    test('the answers stay chosen after a validation error and go with the lead', async ({
      page,
      waitForMail,
    }) => {
      const name = `Tage Uden ${uniqueSuffix()}`;
      const who = sender();
      await page.goto('/akut-skade');
      await fillRequired(page, name, who);
      await question(page, triageQuestions.kloakvand).getByRole('radio', { name: 'Ja' }).check();
      await question(page, triageQuestions.ubeboelig).getByRole('radio', { name: 'Nej' }).check();
      // The phone is left out: the server answers with the form again.
      await form(page).getByRole('button', { name: 'Send akut henvendelse' }).click();

      const answered = form(page);
      await expect(
        answered.getByRole('textbox', { name: 'Telefon', exact: true }),
      ).toHaveAccessibleDescription('Telefonnummer er påkrævet');
      await expect(
        question(page, triageQuestions.kloakvand).getByRole('radio', { name: 'Ja' }),
      ).toBeChecked();
      await expect(
        question(page, triageQuestions.ubeboelig).getByRole('radio', { name: 'Nej' }),
      ).toBeChecked();
      for (const text of [triageQuestions.personfare, triageQuestions.saarbare]) {
        for (const label of ['Ja', 'Nej']) {
          await expect(question(page, text).getByRole('radio', { name: label })).not.toBeChecked();
        }
      }

      await answered.getByRole('textbox', { name: 'Telefon', exact: true }).fill(who.phone);
      await answered.getByRole('button', { name: 'Send akut henvendelse' }).click();
      await expect(page).toHaveURL(/\/tak\?ref=SK-[A-Z0-9]{6}&type=akut-skade#tak-besked$/);
      const reference = new URL(page.url()).searchParams.get('ref')!;

      const mail = await waitForMail(
        (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
      );
      expect(mail.parsed.subject).toMatch(new RegExp(`^HØJ PRIORITET: .*${reference}$`));
      const lines = (mail.parsed.text ?? '').split('\n');
      expect(lines).toContain(`${triageQuestions.kloakvand}: Ja`);
      expect(lines).toContain(`${triageQuestions.ubeboelig}: Nej`);
    });
  });
});
