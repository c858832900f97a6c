/**
 * What the customer's case page promises, on a phone (390 px), from the recorded facts only: an
 * emergency told a wait in surge reads that wait in the receipt's words, never "Vores løfte"; a
 * damage report says its computed deadline until staff have written, then no 24-hour promise.
 * axe finds nothing on either page.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, uniqueSuffix, type ReceivedMail } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { describeStaffed, journeyStaff } from './support/staffed-server';
import { logInFirstTime } from './support/staff-login';

test.use({ viewport: { width: 390, height: 844 } });

const staff = journeyStaff('Kim Koordinator', { role: 'koordinator' });

describeStaffed('what the case page promises', { name: 'case-promises', staff }, (server) => {
  let inbox: Page;

  test.beforeAll(async ({ browser }) => {
    inbox = await browser.newPage();
    await logInFirstTime(inbox, server.url, staff);
  });

  test.afterAll(async () => {
    await inbox?.close();
  });

  /** Sends a lead through the API and answers its id and the receipt's case link. */
  async function send(
    request: APIRequestContext,
    waitForMail: (predicate: (mail: ReceivedMail) => boolean) => Promise<ReceivedMail>,
    data: Record<string, unknown>,
    subject: (reference: string) => string,
  ) {
    const response = await request.post(`${server.url}/api/leads`, { data });
    expect(response.status()).toBe(201);
    const { id, reference } = (await response.json()) as { id: string; reference: string };
    const receipt = await waitForMail((mail) => mail.parsed.subject === subject(reference));
    const link = /https?:\/\/\S+\/sag\/[A-Za-z0-9_-]{43}/.exec(receipt.parsed.text ?? '')?.[0];
    expect(link, receipt.parsed.text).toBeTruthy();
    return { id, link: link!, receipt: receipt.parsed.text ?? '' };
  }

  test('an emergency told a wait in surge reads that wait, as the receipt said it', async ({
    page,
    request,
    waitForMail,
  }) => {
    await inbox.goto(`${server.url}/indbakke/beredskab`);
    await inbox.getByLabel('Begrundelse').fill('Skybrud i Storkøbenhavn');
    await inbox.getByRole('button', { name: 'Slå travlt til' }).click();
    await expect(inbox.getByText(/Slået til af/)).toBeVisible();
    await expect
      .poll(async () => (await (await request.get(`${server.url}/api/beredskab`)).json()).mode)
      .toBe('travlt');

    const { link, receipt } = await send(
      request,
      waitForMail,
      {
        kind: 'akut-skade',
        fuldeNavn: `Per Venter ${uniqueSuffix()}`,
        adresse: 'Strandvejen 9, 2900 Hellerup',
        telefon: '20 12 34 99',
        email: `per.${uniqueSuffix()}@example.dk`,
        forsikringsselskab: 'Tryg',
        skadetype: 'vandskade',
        images: [],
      },
      (reference) => `Vi har modtaget din akutte henvendelse – ${reference}`,
    );
    const wait = /forventet ventetid: (ca\. [^.]+)\./.exec(receipt)?.[1];
    expect(wait, receipt).toBeTruthy();

    await page.goto(link);
    const promise = page.getByRole('region', { name: `Forventet ventetid på opkald: ${wait}` });
    await expect(promise).toContainText(`Du står i køen: forventet ventetid ${wait} fra kl.`);
    await expect(page.locator('main')).not.toContainText(/Vores løfte|senest kl/);
    await expectNoAxeViolations(page, 'case page, emergency told a wait in surge');
  });

  test('a damage report: its deadline until staff have written, then no 24-hour promise', async ({
    page,
    request,
    waitForMail,
  }) => {
    const { id, link } = await send(
      request,
      waitForMail,
      {
        kind: 'anmeldelse',
        personType: 'privatperson',
        fuldeNavn: `Karen Sag ${uniqueSuffix()}`,
        telefon: '23 45 67 89',
        adresse: 'Algade 3, 4000 Roskilde',
        email: `karen.${uniqueSuffix()}@example.dk`,
        forsikringsselskab: 'Codan',
        skadetype: 'vandskade',
        besked: 'Vand i kælderen efter skybruddet.',
        images: [],
      },
      (reference) => `Vi har modtaget din skadeanmeldelse – ${reference}`,
    );
    await page.goto(link);
    const next = page.getByRole('region', { name: 'Det sker nu' });
    await expect(next).toContainText(
      /kontakter dig senest (mandag|tirsdag|onsdag|torsdag|fredag) \d+\.\d+\. kl\. \d\d\.\d\d\./,
    );

    // Staff write to the customer in the thread.
    const sent = await inbox.request.post(`${server.url}/api/staff/leads/${id}/messages`, {
      headers: { Origin: server.url },
      data: { text: 'Hej Karen. Vi kigger på skaden i morgen formiddag.', channel: 'email' },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    await page.reload();
    await expect(next).toContainText('Vi har skrevet til dig');
    await expect(page.locator('main')).not.toContainText(/24 timer|kontakter dig senest/);
    await expectNoAxeViolations(page, 'case page, report answered by staff');
  });
});
