/**
 * The four forms as plain HTML: with scripts off, and with scripts on but the form's own code
 * refused by the network. Each is sent by the browser itself (URL-encoded, or multipart with
 * photos), answered by the server with the form again (values kept, Danish messages) or with
 * /tak and the lead's reference; the lead then reaches staff like any other.
 */
import type { Page } from '@playwright/test';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { makePng } from '../support/images';
import { expectNoAxeViolations } from './support/axe';
import { startBuiltServer } from './support/built-server';
import { sender } from './support/sender';

const formOf = (page: Page, name: string) => page.getByRole('form', { name });

async function fillContact(page: Page, name: string, email: string) {
  const f = formOf(page, 'Kontaktformular');
  await f.getByLabel('Navn').fill(name);
  await f.getByLabel('E-mail').fill(email);
  await f.getByLabel('Hvad drejer det sig om?').selectOption({ index: 1 });
  await f.getByLabel('Besked').fill('Vi har brug for hjælp efter en vandskade.');
}

/** From a sender of this journey alone: another journey's emergency from it would make this a duplicate. */
async function fillEmergency(page: Page, name: string) {
  const f = formOf(page, 'Akut henvendelse');
  const { address, phone } = sender();
  await f.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(name);
  await f.getByRole('combobox', { name: 'Adresse' }).fill(address);
  await f.getByRole('textbox', { name: 'Telefon', exact: true }).fill(phone);
  await f.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`akut.${uniqueSuffix()}@example.dk`);
  await f.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
  await f.getByLabel('Skadetype').selectOption({ label: 'Vandskade' });
}

async function fillPrivateReport(page: Page, name: string) {
  const f = formOf(page, 'Skadeanmeldelse');
  await f.getByRole('radio', { name: 'Privatperson' }).check();
  await f.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(name);
  await f.getByRole('textbox', { name: 'Telefon', exact: true }).fill('22 34 56 78');
  await f.getByRole('combobox', { name: 'Adresse' }).fill('Algade 1, 4000 Roskilde');
  await f.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`privat.${uniqueSuffix()}@example.dk`);
  await f.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
  await f.getByLabel('Skadetype').selectOption({ label: 'Skybrudsskade' });
}

test.describe('forms with scripts off', () => {
  test.use({ javaScriptEnabled: false });
  // The answer to a form that cannot be taken is the page with status 400, which Chromium logs.
  test.beforeEach(({ consoleErrors }) => consoleErrors.ignore(/status of 400/));

  test('contact: an empty send shows the Danish messages, keeps what was typed, then the message is sent', async ({
    page,
    waitForMail,
  }) => {
    const name = `Ida Uden ${uniqueSuffix()}`;
    const email = `ida.${uniqueSuffix()}@example.dk`;
    await page.goto('/contact');
    const f = formOf(page, 'Kontaktformular');
    await expect(f.getByRole('button', { name: 'Send besked' })).toBeEnabled();
    await f.getByLabel('Besked').fill('Kun en besked');
    await f.getByRole('button', { name: 'Send besked' }).click();

    await expect(page).toHaveURL(/\/contact(#.*)?$/);
    const answered = formOf(page, 'Kontaktformular');
    const summary = answered.getByRole('alert').first();
    for (const message of ['Navn er påkrævet', 'E-mail er påkrævet', 'Vælg en ydelse']) {
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
    }
    await expect(answered.getByLabel('Navn')).toHaveAccessibleDescription('Navn er påkrævet');
    await expect(answered.getByLabel('Besked')).toHaveValue('Kun en besked');

    await fillContact(page, name, email);
    await answered.getByRole('button', { name: 'Send besked' }).click();
    await expect(page).toHaveURL(/\/tak\?ref=SK-[A-Z0-9]{6}&type=kontakt#tak-besked$/);
    const reference = new URL(page.url()).searchParams.get('ref')!;
    await expect(page.getByTestId('reference')).toContainText(reference);

    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.parsed.text).toContain(reference);
  });

  test('emergency: sent with a photo as multipart; staff get the photo attached and the page promises the call', async ({
    page,
    waitForMail,
  }) => {
    const name = `Mads Uden ${uniqueSuffix()}`;
    await page.goto('/akut-skade');
    const f = formOf(page, 'Akut henvendelse');
    await f.getByRole('button', { name: /Send/ }).click();
    const answered = formOf(page, 'Akut henvendelse');
    await expect(
      answered.getByRole('textbox', { name: 'Fulde navn', exact: true }),
    ).toHaveAccessibleDescription('Fulde navn er påkrævet');
    await expect(answered.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveAccessibleDescription(
      'Telefonnummer er påkrævet',
    );

    await fillEmergency(page, name);
    await answered
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'koekken.png', mimeType: 'image/png', buffer: makePng(32, 24) }]);
    await answered.getByRole('button', { name: /Send/ }).click();

    await expect(page).toHaveURL(/\/tak\?ref=SK-[A-Z0-9]{6}&type=akut-skade#tak-besked$/);
    await expect(page.locator('#tak-besked')).toContainText('15 minutter');
    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.parsed.attachments.map((attachment) => attachment.contentType)).toContain('image/png');
  });

  test('emergency: a file that is not an image is refused in Danish and the photos must be chosen again', async ({
    page,
  }) => {
    await page.goto('/akut-skade');
    const f = formOf(page, 'Akut henvendelse');
    await f.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill('Bent Fil');
    await f
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'faktura.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7 no image') },
      ]);
    await f.getByRole('button', { name: /Send/ }).click();
    const answered = formOf(page, 'Akut henvendelse');
    await expect(answered).toContainText('Filen er ikke et billede');
    await expect(answered).toContainText('Vælg dem igen');
    await expect(answered.getByRole('textbox', { name: 'Fulde navn', exact: true })).toHaveValue('Bent Fil');
  });

  test('damage report: the company fields show for a company only, and a complete report lands on /tak', async ({
    page,
    waitForMail,
  }) => {
    const name = `Camilla Uden ${uniqueSuffix()}`;
    await page.goto('/anmeldelse');
    const f = formOf(page, 'Skadeanmeldelse');
    await expect(f.getByLabel('Virksomhedsnavn')).toBeHidden();
    await f.getByRole('radio', { name: 'Virksomhed' }).check();
    await expect(f.getByLabel('Virksomhedsnavn')).toBeVisible();
    await f.getByRole('button', { name: /Send/ }).click();

    const answered = formOf(page, 'Skadeanmeldelse');
    await expect(answered.getByRole('radio', { name: 'Virksomhed' })).toBeChecked();
    await expect(answered.getByLabel('Virksomhedsnavn')).toHaveAccessibleDescription(
      'Virksomhedsnavn er påkrævet',
    );
    await expect(answered.getByLabel('CVR-nummer')).toHaveAccessibleDescription('CVR-nummer er påkrævet');

    await answered.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(name);
    await answered.getByRole('textbox', { name: 'Telefon', exact: true }).fill('22 34 56 78');
    await answered.getByRole('combobox', { name: 'Adresse' }).fill('Algade 1, 4000 Roskilde');
    await answered
      .getByRole('textbox', { name: 'E-mail', exact: true })
      .fill(`camilla.${uniqueSuffix()}@example.dk`);
    await answered.getByLabel('Virksomhedsnavn').fill('Camillas Café ApS');
    await answered.getByLabel('CVR-nummer').fill('10150817');
    await answered.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
    await answered.getByLabel('Skadetype').selectOption({ label: 'Skybrudsskade' });
    await answered.getByRole('button', { name: /Send/ }).click();

    await expect(page).toHaveURL(/\/tak\?ref=SK-[A-Z0-9]{6}&type=anmeldelse#tak-besked$/);
    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.parsed.text).toContain('Camillas Café ApS');
  });

  test('resource: the request link opens a plain form, and the PDF reaches the requester', async ({
    page,
    waitForMail,
  }) => {
    const email = `bo.${uniqueSuffix()}@example.dk`;
    await page.goto('/resources');
    await page.getByRole('link', { name: 'Hent tjeklisten gratis' }).click();
    await expect(page).toHaveURL(/#hent-skybrud$/);
    const section = page.locator('#hent-skybrud');
    await expect(section).toBeVisible();
    await section.getByRole('button', { name: /Send/ }).click();
    const answered = page.locator('#hent-skybrud');
    await expect(answered).toBeVisible();
    await expect(answered).toContainText('Navn, e-mail og telefonnummer skal udfyldes.');

    await answered.getByLabel('Fulde navn').fill('Bo Uden Script');
    await answered.getByLabel('E-mail').fill(email);
    await answered.getByLabel('Telefonnummer').fill('22 34 56 78');
    await answered.getByRole('button', { name: /Send/ }).click();
    await expect(page).toHaveURL(/\/tak\?ref=[A-Z]{2}-[A-Z0-9]{6}&type=ressource#tak-besked$/);
    await expect(page.locator('#tak-besked')).toContainText('e-mail');

    const receipt = await waitForMail((m) => m.envelope.to.includes(email));
    expect(
      receipt.parsed.attachments.some((attachment) => attachment.contentType === 'application/pdf'),
    ).toBe(true);
  });
});

test.describe('forms whose code never arrives', () => {
  test('contact: with the form chunk refused, the plain form still sends', async ({
    page,
    waitForMail,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/503|Failed to fetch dynamically imported module|Failed to load resource/);
    await page.route(/\/assets\/contact-form-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    consoleErrors.ignore(/status of 400/);
    const name = `Ole Blokeret ${uniqueSuffix()}`;
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    // Sent empty first: the answer is the page with the messages, as accessible as the page itself.
    await formOf(page, 'Kontaktformular').getByRole('button', { name: 'Send besked' }).click();
    await expect(formOf(page, 'Kontaktformular').getByLabel('Navn')).toHaveAccessibleDescription(
      'Navn er påkrævet',
    );
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, '/contact answered with the messages');
    await fillContact(page, name, `ole.${uniqueSuffix()}@example.dk`);
    await formOf(page, 'Kontaktformular').getByRole('button', { name: 'Send besked' }).click();
    await expect(page).toHaveURL(/\/tak\?ref=SK-[A-Z0-9]{6}&type=kontakt#tak-besked$/);
    const reference = new URL(page.url()).searchParams.get('ref')!;
    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.parsed.text).toContain(reference);
  });

  test('contact: sent while the form code is still on its way, it goes once, as plain HTML', async ({
    page,
    smtp,
    waitForMail,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/contact-form-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    const name = `Lise Tidlig ${uniqueSuffix()}`;
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    await fillContact(page, name, `lise.${uniqueSuffix()}@example.dk`);
    await formOf(page, 'Kontaktformular').getByRole('button', { name: 'Send besked' }).click();
    await expect(page).toHaveURL(/\/tak\?ref=SK-[A-Z0-9]{6}&type=kontakt#tak-besked$/);
    release();
    await waitForMail((m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false));
    // Give a second copy time to arrive, then count the staff e-mails for this visitor.
    await page.waitForTimeout(2_000);
    const staffMails = smtp.messages.filter(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(staffMails).toHaveLength(1);
  });

  test("resource: with the dialog's code refused, the request button leads to the plain form, which sends", async ({
    page,
    waitForMail,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/503|Failed to fetch dynamically imported module|Failed to load resource/);
    await page.route(/\/assets\/resource-request-(modal|form)-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    const email = `rikke.${uniqueSuffix()}@example.dk`;
    await page.goto('/resources');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Hent e-bogen gratis' }).click();
    await expect(page).toHaveURL(/#hent-vaerdiredningsplan$/);
    const section = page.locator('#hent-vaerdiredningsplan');
    await expect(section).toBeVisible();
    await section.getByLabel('Fulde navn').fill('Rikke Blokeret');
    await section.getByLabel('E-mail').fill(email);
    await section.getByLabel('Telefonnummer').fill('22 34 56 78');
    await section.getByRole('button', { name: /Send/ }).click();
    await expect(page).toHaveURL(/\/tak\?ref=[A-Z]{2}-[A-Z0-9]{6}&type=ressource#tak-besked$/);
    await waitForMail((m) => m.envelope.to.includes(email));
  });

  test('emergency and damage report: with their form chunks refused, both still send, photo included', async ({
    page,
    waitForMail,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/503|Failed to fetch dynamically imported module|Failed to load resource/);
    await page.route(/\/assets\/(emergency|damage-report)-form-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    const emergency = `Eva Blokeret ${uniqueSuffix()}`;
    await page.goto('/akut-skade');
    await page.waitForLoadState('networkidle');
    await fillEmergency(page, emergency);
    await formOf(page, 'Akut henvendelse')
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'gang.png', mimeType: 'image/png', buffer: makePng(16, 16) }]);
    await formOf(page, 'Akut henvendelse').getByRole('button', { name: /Send/ }).click();
    await expect(page).toHaveURL(/\/tak\?ref=SK-[A-Z0-9]{6}&type=akut-skade#tak-besked$/);
    const emergencyMail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(emergency) ?? false),
    );
    expect(emergencyMail.parsed.attachments).toHaveLength(1);

    const report = `Rasmus Blokeret ${uniqueSuffix()}`;
    await page.goto('/anmeldelse');
    await page.waitForLoadState('networkidle');
    await fillPrivateReport(page, report);
    await formOf(page, 'Skadeanmeldelse').getByRole('button', { name: /Send/ }).click();
    await expect(page).toHaveURL(/\/tak\?ref=[A-Z]{2}-[A-Z0-9]{6}&type=anmeldelse#tak-besked$/);
    await waitForMail((m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(report) ?? false));
  });
});

test.describe('spam checks on plain forms', () => {
  test('a person at a human pace gets through; a program posting at once does not', async ({ browser }) => {
    const spamServer = await startBuiltServer({
      env: { SPAM_CHECKS: 'on', ADDRESS_API_KIND: 'off', LOG_LEVEL: 'info' },
    });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: spamServer.url });
      const page = await context.newPage();
      await page.goto('/contact');
      await page.waitForTimeout(3_500);
      await fillContact(page, 'Rolig Person', `rolig.${uniqueSuffix()}@example.dk`);
      await formOf(page, 'Kontaktformular').getByRole('button', { name: 'Send besked' }).click();
      await expect(page).toHaveURL(/\/tak\?ref=/);
      await context.close();

      // A program that fetches the page and posts the form in the same second.
      const pageResponse = await fetch(`${spamServer.url}/contact`);
      const cookie = pageResponse.headers.get('set-cookie')!.split(';')[0]!;
      const body = new URLSearchParams({
        name: 'Hurtig Robot',
        email: `robot.${uniqueSuffix()}@example.dk`,
        service: 'akut',
        message: 'Buy now',
      });
      const fast = await fetch(`${spamServer.url}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body,
        redirect: 'manual',
      });
      expect(fast.status).toBe(400);
      expect(await fast.text()).toContain('Formularen blev sendt meget hurtigt');
      // Without the page's cookie at all: stored as spam, never mailed, answered like any other.
      const blind = await fetch(`${spamServer.url}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
      expect(blind.status).toBe(303);
      await expect.poll(() => spamServer.logs()).toContain('lead stored as spam');
    } finally {
      await spamServer.stop();
    }
  });
});
