/**
 * The customer's own case page against the real server, on a phone (390 px): the receipt's
 * "Følg din sag" link opens it; a status change in the inbox shows on it; a photo added on it
 * reaches staff by e-mail and appears in the inbox marked "Tilføjet senere"; a new link from the
 * inbox replaces the old one; a message joins the case as the customer's; it works the same with
 * JavaScript off, and axe finds nothing on it. Closing the case in the inbox asks how satisfied
 * the customer is: the e-mail's answer link opens the page with the answer chosen, the customer
 * confirms it without JavaScript and is thanked (and invited to review us for a 5).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { makePng } from '../support/images';
import { expect, test, uniqueSuffix, type ReceivedMail } from './fixtures';
import { waterDamageReport, damageReportReceiptSubject, postLeadWithCaseLink } from './support/api-leads';
import { expectNoAxeViolations } from './support/axe';
import { describeStaffed, journeyStaff } from './support/staffed-server';

test.use({ viewport: { width: 390, height: 844 } });

const staff = journeyStaff('Sara Sagsbehandler');

const reviewUrl = 'https://anmeldelser.example/skadekompagniet';
/** A server of its own, with the review site a satisfied customer is invited to. */
const caseServer = { name: 'case-page', staff, env: () => ({ REVIEW_URL: reviewUrl }), timeout: 120_000 };

describeStaffed("the customer's case page", caseServer, (server) => {
  let secret = '';

  /** Sends a damage report through the API and answers its reference and the receipt's link. */
  async function report(
    request: APIRequestContext,
    waitForMail: (predicate: (mail: ReceivedMail) => boolean) => Promise<ReceivedMail>,
  ) {
    const name = `Karen Sag ${uniqueSuffix()}`;
    const email = `karen.${uniqueSuffix()}@example.dk`;
    const {
      reference,
      receipt,
      caseLink: link,
    } = await postLeadWithCaseLink(
      request,
      server.url,
      waterDamageReport({ name, email }, 'Vand i kælderen efter skybruddet.'),
      waitForMail,
    );
    expect(receipt.parsed.subject).toBe(damageReportReceiptSubject(reference));
    expect(receipt.parsed.html).toContain('Følg din sag');
    return { reference, link, name };
  }

  async function logIn(page: Page) {
    await page.goto(`${server.url}/indbakke/login`);
    await page.getByLabel('E-mail').fill(staff.email);
    await page.getByLabel('Adgangskode').fill(staff.password);
    await page.getByRole('button', { name: 'Log ind' }).click();
    if (!secret) {
      secret = ((await page.locator('code').textContent()) ?? '').replace(/\s+/g, '');
      const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
      await page.getByLabel('Skriv den 6-cifrede kode, appen viser.').fill(totp.generate());
      await page.getByRole('button', { name: 'Forbind appen' }).click();
      await page.getByRole('button', { name: 'Jeg har gemt koderne' }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();
  }

  test('the receipt links to the page; a status change in the inbox and a photo from the page reach the other side; closed, it asks how satisfied the customer is', async ({
    browser,
    page,
    context,
    request,
    waitForMail,
    consoleErrors,
  }) => {
    const { reference, link, name } = await report(request, waitForMail);

    // From the e-mail's link to the page.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: `Din sag ${reference}` })).toBeVisible();
    const status = page.getByRole('region', { name: 'Status' });
    await expect(status.locator('[aria-current="step"]')).toHaveText(/^Modtaget/);
    await expect(page.getByRole('region', { name: 'Om din sag' })).toContainText('Vandskade');
    await expect(page.getByText(name)).toHaveCount(0);

    // Staff set the case in progress in the inbox; the page shows "I gang".
    const inbox = await context.newPage();
    consoleErrors.track(inbox);
    await logIn(inbox);
    await inbox.getByRole('link', { name }).first().click();
    await expect(inbox.getByRole('heading', { level: 1, name })).toBeVisible();
    await inbox.getByRole('region', { name: 'Status' }).getByRole('button', { name: 'I gang' }).click();
    await expect(inbox.getByText('Status er ændret til I gang.')).toBeVisible();
    await page.reload();
    await expect(status.locator('[aria-current="step"]')).toHaveText(/^I gang/);
    // Modtaget and I gang: no call or visit is recorded, so those steps stay unticked.
    await expect(status.locator('li.done')).toHaveCount(2);

    // A photo from the page: confirmation, one e-mail to staff with it, and the inbox shows it.
    const photos = page.getByRole('region', { name: 'Send flere billeder' });
    await photos.getByLabel('Vælg billeder').setInputFiles({
      name: 'vaeg.png',
      mimeType: 'image/png',
      buffer: makePng(16, 16),
    });
    await photos.getByRole('button', { name: 'Send billeder' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Tak, vi har modtaget 1 billede. De ligger nu på din sag.',
    );
    const mail = await waitForMail((entry) => entry.parsed.subject === `Nye billeder til ${reference}`);
    expect(mail.parsed.attachments.map((file) => file.filename)).toEqual(['vaeg.png']);
    await inbox.reload();
    const inboxPhotos = inbox.getByRole('region', { name: /Fotos/ });
    await expect(inboxPhotos).toContainText('vaeg.png');
    await expect(inboxPhotos).toContainText('Tilføjet senere');
    await expectNoAxeViolations(page, 'case page after a photo');

    // Staff send the customer a new link: the old one stops, the new one works.
    const caseLink = inbox.getByRole('region', { name: 'Kundens sagsside' });
    await caseLink.getByRole('button', { name: 'Send nyt link til kunden' }).click();
    await expect(
      inbox.getByText('Et nyt link er på vej til kunden. Det gamle virker ikke længere.'),
    ).toBeVisible();
    const fresh = await waitForMail(
      (entry) => entry.parsed.subject === `Nyt link til din sag – ${reference}`,
    );
    const freshLink = /https?:\/\/\S+\/sag\/[A-Za-z0-9_-]{43}/.exec(fresh.parsed.text ?? '')?.[0];
    expect(freshLink).toBeTruthy();
    expect(freshLink).not.toBe(link);
    consoleErrors.ignore(/status of 404/);
    expect((await page.goto(link))?.status()).toBe(404);
    expect((await page.goto(freshLink!))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: `Din sag ${reference}` })).toBeVisible();

    // Staff close the case, telling the customer: the question comes in the receipt's thread.
    await inbox.getByRole('region', { name: 'Status' }).getByRole('button', { name: 'Afsluttet' }).click();
    await expect(inbox.getByText('Status er ændret til Afsluttet.')).toBeVisible();
    const question = await waitForMail(
      (entry) =>
        entry.parsed.subject === `Re: ${damageReportReceiptSubject(reference)}` &&
        (entry.parsed.text ?? '').includes('Hvor tilfreds er du med vores hjælp?'),
    );
    const answerLink = /https?:\/\/\S+\/sag\/[A-Za-z0-9_-]{43}\/tilfredshed\?svar=5/.exec(
      question.parsed.text ?? '',
    )?.[0];
    expect(answerLink, question.parsed.text).toBeTruthy();
    await page.goto(answerLink!);
    await expectNoAxeViolations(page, 'case page with an answer chosen');
    // The link only chooses the answer; the customer confirms it with the form, JavaScript off.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      const customer = await noScript.newPage();
      await customer.goto(answerLink!);
      const survey = customer.getByRole('region', { name: 'Bekræft dit svar' });
      await expect(survey.getByLabel('5 – Meget tilfreds')).toBeChecked();
      await survey.getByLabel('Kommentar (frivillig)').fill('Hurtig hjælp og god besked undervejs.');
      await survey.getByRole('button', { name: 'Send mit svar' }).click();
      const thanks = customer.getByRole('region', { name: 'Tak for dit svar' });
      await expect(thanks).toContainText('Vi bruger dit svar til at blive bedre.');
      await expect(customer.getByRole('link', { name: /Skriv en anmeldelse/ })).toHaveAttribute(
        'href',
        reviewUrl,
      );
    } finally {
      await noScript.close();
    }
  });

  test('works with JavaScript off: a message joins the case as the customer’s', async ({
    browser,
    request,
    waitForMail,
  }) => {
    const { reference, link } = await report(request, waitForMail);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: `Din sag ${reference}` })).toBeVisible();
      // The browser's own check stops an empty field; typed spaces pass it and meet the server's.
      await page.getByLabel('Din besked').fill('   ');
      await page.getByRole('button', { name: 'Send besked' }).click();
      await expect(page.getByRole('alert')).toHaveText('Skriv en besked, før du sender.');
      await page.getByLabel('Din besked').fill('Der er også vand i carporten.');
      await page.getByRole('button', { name: 'Send besked' }).click();
      await expect(page.getByRole('status')).toContainText('Tak for din besked');
      const mail = await waitForMail(
        (entry) => entry.parsed.subject === `Besked fra kunden til ${reference}`,
      );
      expect(mail.parsed.text).toContain('Der er også vand i carporten.');
      // A photo without JavaScript: the plain multipart form.
      await page.getByLabel('Vælg billeder').setInputFiles({
        name: 'carport.png',
        mimeType: 'image/png',
        buffer: makePng(12, 12),
      });
      await page.getByRole('button', { name: 'Send billeder' }).click();
      await expect(page.getByRole('status')).toContainText('vi har modtaget 1 billede');
    } finally {
      await context.close();
    }
  });

  test('a wrong link is the plain not-found page, the sitemap has no case page, and the page passes axe as it first opens', async ({
    page,
    request,
    waitForMail,
    consoleErrors,
  }) => {
    // The browser reports the expected 404 as a console error.
    consoleErrors.ignore(/status of 404/);
    const wrong = await page.goto(`${server.url}/sag/${'x'.repeat(43)}`);
    expect(wrong?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Siden findes ikke' })).toBeVisible();
    const sitemap = await request.get(`${server.url}/sitemap.xml`);
    expect(sitemap.ok()).toBe(true);
    expect(await sitemap.text()).not.toContain('/sag');
    const { link } = await report(request, waitForMail);
    const response = await page.goto(link);
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    expect(response?.headers()['cache-control']).toBe('no-store, private');
    await expectNoAxeViolations(page, 'case page');
  });
});
