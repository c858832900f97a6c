import type { Page } from '@playwright/test';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { gotoHydrated } from './support/page-helpers';
import { spamCheckedServer, toasts } from './support/spam-checked-server';

/**
 * Spam is stopped without asking people anything: the server under test runs with its spam
 * checks on (the other journeys switch them off because they type faster than people). A person
 * typing at a human pace gets the staff e-mail and a receipt; a bot gets the same answer but
 * reaches no one, and its lead waits in the Spam view.
 */

const form = (page: Page) => page.getByRole('form', { name: 'Kontaktformular' });

test.describe('spam without a captcha', () => {
  test.describe.configure({ mode: 'serial' });
  const server = spamCheckedServer();

  test('a person typing at a human pace reaches the company, and gets one receipt', async ({
    page,
    smtp,
  }) => {
    test.setTimeout(60_000);
    // A digit in the name (the random suffix may be letters only): the receipt then greets without it.
    const name = `Hanne Menneske 2${uniqueSuffix()}`;
    const email = `hanne.${uniqueSuffix()}@example.dk`;
    await gotoHydrated(page, `${server.url}/contact`);
    const f = form(page);
    await f.getByLabel('Navn').pressSequentially(name, { delay: 40 });
    await f.getByLabel('E-mail').pressSequentially(email, { delay: 40 });
    await f.getByLabel('Hvad drejer det sig om?').selectOption({ label: 'Skadestyring' });
    await f.getByLabel('Besked').pressSequentially('Vi har haft vand i kælderen. Ring gerne.', { delay: 30 });
    await f.getByRole('button', { name: 'Send besked' }).click();
    await expect(toasts(page).getByText('Tak for din besked!')).toBeVisible();

    const staff = await smtp.waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    const receipt = await smtp.waitForMail((m) => m.envelope.to.includes(email));
    // The receipt repeats only plain names, and this one holds a digit.
    expect(receipt.parsed.text).toMatch(/^Hej,\n/);
    expect(receipt.parsed.text).not.toContain('Vi har haft vand');
    // Each exactly once, also after the worker has had time for more.
    await page.waitForTimeout(2_000);
    expect(
      smtp.messages.filter((m) => m.envelope.to.includes(mailTo) && m.parsed.text?.includes(name)),
    ).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.envelope.to.includes(email))).toHaveLength(1);
    expect(staff.parsed.subject).toMatch(/^Kontaktformular: Skadestyring – SK-/);
  });

  test('a bot that fills every field at once, the hidden one too, gets a thank-you and reaches no one', async ({
    page,
    smtp,
  }) => {
    const email = `bot.${uniqueSuffix()}@example.dk`;
    await gotoHydrated(page, `${server.url}/contact`);
    const f = form(page);
    await f.getByLabel('Navn').fill('Cheap Pills');
    await f.getByLabel('E-mail').fill(email);
    await f.getByLabel('Hvad drejer det sig om?').selectOption({ label: 'Andet' });
    await f.getByLabel('Besked').fill('Best offer http://spam.example');
    await page.locator('input[name="website"]').fill('http://spam.example', { force: true });
    await f.getByRole('button', { name: 'Send besked' }).click();
    await expect(toasts(page).getByText('Tak for din besked!')).toBeVisible();
    await page.waitForTimeout(3_000);
    expect(smtp.messages.filter((m) => m.raw.toString('utf8').includes(email))).toHaveLength(0);
  });

  test('a direct API post without the form token is answered 201 and reaches no one', async ({
    request,
    smtp,
  }) => {
    const email = `direkte.${uniqueSuffix()}@example.dk`;
    const response = await request.post(`${server.url}/api/leads`, {
      data: { kind: 'kontakt', name: 'Direkte Post', email, service: 'andet', message: 'Hej' },
    });
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ reference: expect.stringMatching(/^SK-/) });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.messages.filter((m) => m.raw.toString('utf8').includes(email))).toHaveLength(0);
  });

  test('the 11th quick submission from one address shows the Danish limit message in the form', async ({
    page,
    request,
    consoleErrors,
  }) => {
    // The browser reports the refused request itself; that is the point of this test.
    consoleErrors.ignore(/status of 429/);
    // The limit counts per minute: start at the beginning of a fresh minute window if close to its end.
    const secondsLeft = 60 - new Date().getSeconds();
    if (secondsLeft < 20) await page.waitForTimeout(secondsLeft * 1000 + 500);
    await gotoHydrated(page, `${server.url}/contact`);
    for (let i = 0; i < 10; i++) {
      await request.post(`${server.url}/api/leads`, {
        data: {
          kind: 'kontakt',
          name: `Hurtig ${i}`,
          email: `hurtig${i}.${uniqueSuffix()}@example.dk`,
          service: 'andet',
        },
      });
    }
    const f = form(page);
    await f.getByLabel('Navn').fill('Ellevte Gang');
    await f.getByLabel('E-mail').fill(`ellevte.${uniqueSuffix()}@example.dk`);
    await f.getByLabel('Hvad drejer det sig om?').selectOption({ label: 'Andet' });
    await f.getByRole('button', { name: 'Send besked' }).click();
    await expect(toasts(page).getByText(/Du har sendt mange henvendelser på kort tid/)).toBeVisible();
  });

  test('the bot and the direct post wait in the Spam view with their reasons; the person does not', async () => {
    const leads = await server.stopAndReadLeads();
    const bot = leads.find((lead) => lead.email.startsWith('bot.'));
    const direct = leads.find((lead) => lead.email.startsWith('direkte.'));
    const person = leads.find((lead) => lead.email.startsWith('hanne.'));
    expect(bot).toMatchObject({ status: 'spam' });
    expect(bot?.spam_reasons).toContain('honeypot');
    expect(direct).toMatchObject({ status: 'spam', spam_reasons: ['token-missing'] });
    expect(person).toMatchObject({ status: 'new', spam_reasons: null });
  });
});
