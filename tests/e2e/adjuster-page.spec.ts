/**
 * The loss adjuster's page against the real server: a koordinator gives the adjuster a link from
 * the lead page's "Taksator" section; the e-mailed link opens the page at desktop width and on a
 * phone (390 px) with nothing wider than the screen (the report on it: casework.spec.ts); a
 * message written with JavaScript off reaches the lead's Taksator thread, staff's answer reaches
 * the adjuster by e-mail, a tampered link gets the same 404 page as an unknown one, and axe finds
 * nothing on any of them.
 */
import { expect, test, uniqueSuffix } from './fixtures';
import { postLead, waterDamageReport } from './support/api-leads';
import { expectNoAxeViolations } from './support/axe';
import { describeStaffed, journeyStaff } from './support/staffed-server';
import { logInFirstTime } from './support/staff-login';

const staff = journeyStaff('Kim Koordinator', { role: 'koordinator' });

describeStaffed("the loss adjuster's page", { name: 'adjuster-page', staff, timeout: 150_000 }, (server) => {
  test('a link from the inbox opens the page; a message and an answer go both ways', async ({
    page,
    browser,
    request,
    waitForMail,
    consoleErrors,
  }) => {
    const name = `Karen Taksering ${uniqueSuffix()}`;
    const reference = await postLead(
      request,
      server.url,
      waterDamageReport({ name, email: `karen.${uniqueSuffix()}@example.dk` }, 'Vand i kælderen.'),
    );
    const adjusterEmail = `mette.${uniqueSuffix()}@codan.example`;

    // The koordinator gives the adjuster a link from the lead page (desktop).
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInFirstTime(page, server.url, staff);
    await page.getByRole('link', { name }).first().click();
    const section = page.getByRole('region', { name: 'Taksator' });
    await section.getByLabel('Taksatorens navn').fill('Mette Taksator');
    await section.getByLabel('Taksatorens e-mail').fill(adjusterEmail);
    await section.getByRole('button', { name: 'Send link til taksator' }).click();
    await expect(section.getByText('Linket er sendt til taksatoren.')).toBeVisible();
    const mail = await waitForMail(
      (entry) => entry.parsed.subject === `Adgang til sag ${reference} – Skadekompagniet`,
    );
    const link = /https?:\/\/\S+\/taksator\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '')?.[0];
    expect(link, mail.parsed.text).toBeTruthy();

    // The adjuster at a desk.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const deskPage = await desk.newPage();
    consoleErrors.track(deskPage);
    const opened = await deskPage.goto(link!);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['cache-control']).toBe('no-store, private');
    await expect(deskPage.getByRole('heading', { level: 1, name: `Sag ${reference}` })).toBeVisible();
    const facts = deskPage.getByRole('region', { name: 'Sagen' });
    await expect(facts).toContainText('Codan');
    await expect(facts).toContainText(name);
    await expect(facts).toContainText('Algade 3, 4000 Roskilde');
    await expect(deskPage.getByRole('region', { name: 'Affugtningslog' })).toContainText(
      'Ingen fugtmålinger er registreret endnu.',
    );
    await expect(deskPage.locator('script')).toHaveCount(0);
    await expectNoAxeViolations(deskPage, 'adjuster page, desktop');
    await desk.close();

    // The adjuster on a phone: nothing wider than the screen.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    consoleErrors.track(phonePage);
    await phonePage.goto(link!);
    const width = await phonePage.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(phonePage, 'adjuster page, 390 px');

    // With JavaScript off the message form is plain HTML.
    const noScript = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const noScriptPage = await noScript.newPage();
    await noScriptPage.goto(link!);
    await noScriptPage.getByLabel('Din besked').fill('Hvor mange affugtere er sat op?');
    await noScriptPage.getByRole('button', { name: 'Send besked' }).click();
    await expect(noScriptPage.getByRole('status')).toHaveText('Tak. Din besked er sendt.');
    await expect(noScriptPage.getByRole('region', { name: 'Beskeder' })).toContainText(
      'Hvor mange affugtere er sat op?',
    );
    await noScript.close();
    await phonePage.reload();
    await expect(phonePage.getByRole('status')).toHaveCount(0);
    await expectNoAxeViolations(phonePage, 'adjuster page, 390 px, with a message');
    await waitForMail((entry) => entry.parsed.subject === `Besked fra taksator til ${reference}`);

    // Staff see it in the lead's Taksator thread, not the customer's, and answer it.
    await page.reload();
    await expect(section).toContainText('Hvor mange affugtere er sat op?');
    await expect(page.getByRole('region', { name: 'Beskeder' })).not.toContainText('Hvor mange affugtere');
    await section.getByLabel('Svar taksatoren').fill('Der står tre affugtere.');
    await section.getByRole('button', { name: 'Send svar' }).click();
    await expect(section.getByText('Svaret er sendt til taksatoren.')).toBeVisible();
    const answer = await waitForMail((entry) => entry.parsed.subject === `Svar om sag ${reference}`);
    expect(answer.parsed.text).toContain('Der står tre affugtere.');
    expect(answer.parsed.text).toContain(link!);
    await phonePage.reload();
    await expect(phonePage.getByRole('region', { name: 'Beskeder' })).toContainText(
      'Der står tre affugtere.',
    );

    // A tampered link: the same 404 page as one that never existed.
    const tampered = `${link!.slice(0, -1)}${link!.endsWith('A') ? 'B' : 'A'}`;
    consoleErrors.ignore(/status of 404/);
    expect((await phonePage.goto(tampered))?.status()).toBe(404);
    await expect(phonePage.getByRole('heading', { level: 1, name: 'Siden findes ikke' })).toBeVisible();
    await expectNoAxeViolations(phonePage, 'adjuster page not found');
    await phone.close();
  });
});
