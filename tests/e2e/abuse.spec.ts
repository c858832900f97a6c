import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { gotoHydrated } from './support/page-helpers';
import { spamCheckedServer, toasts } from './support/spam-checked-server';

/**
 * With the spam checks on: a person whose browser fills the resource dialog in at once still gets
 * the PDF (the form token dates from when the page opened, not the dialog), while a bot filling
 * the hidden field and a post straight to the API get the same 201 and reach no one.
 */

test.describe('the public forms under abuse', () => {
  test.describe.configure({ mode: 'serial' });
  const server = spamCheckedServer();

  test('a person using autofill in the resource dialog, 4 s on the page, gets the PDF', async ({
    page,
    smtp,
  }) => {
    test.setTimeout(60_000);
    const email = `autofill.${uniqueSuffix()}@example.dk`;
    await gotoHydrated(page, `${server.url}/resources`);
    await page.waitForTimeout(4_000);
    await page.getByRole('button', { name: 'Hent tjeklisten gratis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Er du klar til skybrud?' });
    await expect(dialog).toBeVisible();
    // Autofill: every field at once, sent straight away.
    await dialog.getByLabel('Fulde navn').fill('Birgitte Autofyld');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Telefonnummer').fill('22 34 56 78');
    await dialog.getByRole('button', { name: 'Send anmodning' }).click();
    await expect(toasts(page).getByText('Anmodning sendt!')).toBeVisible();

    const delivery = await smtp.waitForMail((m) => m.envelope.to.includes(email));
    expect(delivery.parsed.attachments.some((a) => a.contentType === 'application/pdf')).toBe(true);
    expect(delivery.parsed.text).toMatch(/^Hej Birgitte Autofyld,\n/);
    await smtp.waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(email) ?? false),
    );
  });

  test('a bot filling the hidden field and a post without a token get 201 and reach no one', async ({
    page,
    request,
    smtp,
  }) => {
    test.setTimeout(60_000);
    const botEmail = `bot.${uniqueSuffix()}@example.dk`;
    const directEmail = `direct.${uniqueSuffix()}@example.dk`;
    await gotoHydrated(page, `${server.url}/resources`);
    await page.waitForTimeout(4_000);
    await page.getByRole('button', { name: 'Hent tjeklisten gratis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Er du klar til skybrud?' });
    await dialog.getByLabel('Fulde navn').fill('Bot Botsen');
    await dialog.getByLabel('E-mail').fill(botEmail);
    await dialog.getByLabel('Telefonnummer').fill('22 34 56 78');
    await dialog.locator('input[name="website"]').fill('https://seo.example', { force: true });
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
    await dialog.getByRole('button', { name: 'Send anmodning' }).click();
    expect((await answer).status()).toBe(201);

    const direct = await request.post(`${server.url}/api/leads`, {
      data: {
        kind: 'ressource',
        fullName: 'Direkte Post',
        email: directEmail,
        phone: '22 34 56 78',
        companyName: '',
        resourceTitle: 'Er du klar til skybrud?',
        resourceType: 'Tjekliste',
      },
    });
    expect(direct.status()).toBe(201);

    await page.waitForTimeout(3_000);
    const reached = smtp.messages.filter(
      (m) =>
        m.envelope.to.includes(botEmail) ||
        m.envelope.to.includes(directEmail) ||
        (m.parsed.text?.includes(botEmail) ?? false) ||
        (m.parsed.text?.includes(directEmail) ?? false),
    );
    expect(reached).toHaveLength(0);
    const rows = await server.stopAndReadLeads();
    expect(rows.find((row) => row.email === botEmail)).toMatchObject({ status: 'spam' });
    expect(rows.find((row) => row.email === directEmail)).toMatchObject({
      status: 'spam',
      spam_reasons: ['token-missing'],
    });
  });
});
