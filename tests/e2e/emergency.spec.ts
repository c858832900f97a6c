import type { Page } from '@playwright/test';
import { company } from '../../domain/company';
import { makePng } from '../support/images';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/page-helpers';
import { fillEmergencyRequired } from './support/lead-forms';
import { sender } from './support/sender';

const form = (page: Page) => page.getByRole('form', { name: 'Akut henvendelse' });
const toasts = (page: Page) => page.getByRole('region', { name: /Meddelelser/ });

/** A real JPEG, encoded by the browser's own canvas. */
async function browserJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 30;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#0b7f76';
    context.fillRect(0, 0, 40, 30);
    context.fillStyle = '#fbbf24';
    context.fillRect(10, 5, 20, 20);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

/** Chooses files in the form's photo picker, as the device's file chooser would hand them over. */
async function pickPhotos(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await form(page).getByLabel('Vælg billeder').setInputFiles(files);
}

/** The required fields, from a sender of this journey alone (not a duplicate of another's). */
async function fillRequired(page: Page, name: string, email: string) {
  await fillEmergencyRequired(form(page), { name, email });
}

test.describe('emergency form on /akut-skade', () => {
  test('a visitor sends an emergency with three photos; staff get each field in its own row and the same images attached', async ({
    page,
    waitForMail,
  }) => {
    const name = `Mette Akut ${uniqueSuffix()}`;
    const email = `mette.${uniqueSuffix()}@example.dk`;
    // A phone of its own: another journey's emergency from the same phone would make this a duplicate.
    const { phone } = sender();
    await gotoHydrated(page, '/akut-skade');
    const f = form(page);

    await f.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(name);
    // The address comes from a suggestion, chosen with the keyboard.
    const address = f.getByRole('combobox', { name: 'Adresse' });
    await address.pressSequentially('Algade 3');
    await expect(page.getByRole('option').first()).toBeVisible();
    await address.press('ArrowDown');
    await address.press('Enter');
    await expect(address).toHaveValue(/^Algade 3\d, 4000 Roskilde$/);
    const chosenAddress = await address.inputValue();
    await f.getByRole('textbox', { name: 'Telefon', exact: true }).fill(phone);
    await f.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await f.getByLabel('Forsikringsselskab').selectOption({ label: 'Topdanmark' });
    await f.getByLabel('Policenummer').fill('POL-4455');
    await f.getByLabel('Skadetype').selectOption({ label: 'Vandskade' });
    await f.getByLabel('Beskrivelse').fill('Vand fra loftet i køkkenet.');

    const images = [
      { name: 'koekken.png', mimeType: 'image/png', buffer: makePng(32, 24, [200, 30, 30]) },
      { name: 'loft.png', mimeType: 'image/png', buffer: makePng(24, 32, [30, 60, 200]) },
      { name: 'gulv.jpg', mimeType: 'image/jpeg', buffer: await browserJpeg(page) },
    ];

    await expect(f).toContainText('Højst 3 billeder på op til 10 MB hver.');
    // A fourth photo is one too many: the first three are taken and upload at once.
    await pickPhotos(page, [
      ...images,
      { name: 'ekstra.png', mimeType: 'image/png', buffer: makePng(8, 8, [10, 10, 10]) },
    ]);
    await expect(
      f.getByText('Du kan højst vedhæfte 3 billeder. 1 billede blev ikke tilføjet.'),
    ).toBeVisible();
    await expect(f.getByText('Klar til email')).toHaveCount(3);
    await expect(f.getByText('3 af 3 billeder valgt')).toBeVisible();
    await expect(f.getByRole('img', { name: 'Billede 1: koekken.png' })).toBeVisible();
    await expect(f.getByLabel('Vælg billeder')).toBeDisabled();

    await f.getByRole('button', { name: 'Send akut henvendelse' }).click();
    await expect(toasts(page)).toContainText('Akut henvendelse sendt!');
    await expect(toasts(page)).toContainText(`Vi ringer til dig inden for 15 minutter på ${phone}.`);
    // The confirmation takes the form's place; we stay on the page.
    await expect(
      page.getByRole('region', { name: 'Tak – vi har modtaget din akutte henvendelse' }),
    ).toBeVisible();
    await expect(f).toHaveCount(0);
    expect(new URL(page.url()).pathname).toMatch(/^\/akut-skade\/?$/);

    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.envelope.to).toContain(mailTo);
    // Staff answer in the lead's thread (linked in the mail), not by replying to the customer.
    expect(mail.parsed.replyTo).toBeUndefined();
    expect(mail.parsed.text).toMatch(/Svar kunden i sagens tråd: http\S+\/indbakke\/henvendelse\//);
    // Each field in its own row, as staff read it.
    const lines = (mail.parsed.text ?? '').split('\n');
    for (const row of [
      `Navn: ${name}`,
      `E-mail: ${email}`,
      `Telefon: ${phone}`,
      `Adresse: ${chosenAddress}`,
      'Forsikringsselskab: Topdanmark',
      'Policenummer: POL-4455',
      'Skadenummer: Ikke angivet',
      'Skadetype: Vandskade',
      'Beskrivelse: Vand fra loftet i køkkenet.',
    ]) {
      expect(lines).toContain(row);
    }
    // Three small photos are attached, byte for byte, under the names they had on the device.
    const attached = mail.parsed.attachments.filter((a) => a.contentType.startsWith('image/'));
    expect(attached.map((a) => a.content.toString('base64')).sort()).toEqual(
      images.map((image) => image.buffer.toString('base64')).sort(),
    );
    expect(attached.map((a) => a.filename).sort()).toEqual(['gulv.jpg', 'koekken.png', 'loft.png']);
    expect(mail.parsed.text ?? '').not.toMatch(/\/api\/objects\//);
  });

  test('an uploaded image can be removed again; only the remaining one is sent', async ({
    page,
    waitForMail,
  }) => {
    await gotoHydrated(page, '/akut-skade');
    const f = form(page);
    await pickPhotos(page, [
      { name: 'fjern.png', mimeType: 'image/png', buffer: makePng(14, 14, [10, 90, 90]) },
      { name: 'behold.png', mimeType: 'image/png', buffer: makePng(12, 12, [90, 90, 10]) },
    ]);
    await expect(f.getByText('Klar til email')).toHaveCount(2);
    await f.getByRole('button', { name: 'Fjern billede 1' }).click();
    await expect(f.getByText('Klar til email')).toHaveCount(1);
    await expect(f.getByRole('img', { name: 'Billede 1: behold.png' })).toBeVisible();
    // Focus stays in the picker: on the photo that took the removed one's place.
    await expect(f.getByRole('button', { name: 'Fjern billede 1' })).toBeFocused();
    await expectNoAxeViolations(page, '/akut-skade with a photo picked');

    const name = `Lone Fjern ${uniqueSuffix()}`;
    await fillRequired(page, name, `lone.${uniqueSuffix()}@example.dk`);
    await f.getByRole('button', { name: 'Send akut henvendelse' }).click();
    await expect(toasts(page)).toContainText('Akut henvendelse sendt!');
    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.parsed.attachments.map((a) => a.filename)).toEqual(['behold.png']);
  });

  test('each required field shows its Danish message and the summary takes focus', async ({ page }) => {
    await gotoHydrated(page, '/akut-skade');
    const f = form(page);
    await f.getByRole('button', { name: 'Send akut henvendelse' }).click();
    const summary = f.getByRole('alert').filter({ hasText: 'Ret venligst følgende' });
    await expect(summary).toBeFocused();
    const expected: ['textbox' | 'combobox', string, string][] = [
      ['textbox', 'Fulde navn', 'Fulde navn er påkrævet'],
      ['combobox', 'Adresse', 'Adresse er påkrævet'],
      ['textbox', 'Telefon', 'Telefonnummer er påkrævet'],
      ['textbox', 'E-mail', 'Ugyldig email adresse'],
      ['combobox', 'Forsikringsselskab', 'Vælg dit forsikringsselskab'],
      ['combobox', 'Skadetype', 'Vælg skadetype'],
    ];
    for (const [role, label, message] of expected) {
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
      const control = f.getByRole(role, { name: label, exact: true });
      await expect(control).toHaveAttribute('aria-invalid', 'true');
      await expect(control).toHaveAccessibleDescription(new RegExp(message));
    }
    // An invalid e-mail gets the same message; a too-short phone number the required one.
    await f.getByRole('textbox', { name: 'E-mail', exact: true }).fill('mette@');
    await f.getByRole('textbox', { name: 'Telefon', exact: true }).fill('1234');
    await f.getByRole('button', { name: 'Send akut henvendelse' }).click();
    await expect(f.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveAccessibleDescription(
      'Ugyldig email adresse',
    );
    await expect(f.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveAccessibleDescription(
      'Telefonnummer er påkrævet',
    );
    await summary.getByRole('link', { name: 'Vælg skadetype' }).click();
    await expect(f.getByRole('combobox', { name: 'Skadetype', exact: true })).toBeFocused();
  });

  test('oversize and non-image files are refused in Danish, and nothing refused is sent', async ({
    page,
    consoleErrors,
    waitForMail,
  }) => {
    // The server's 415 shows as a failed resource. The journey's trace recorder reads the thumbnail
    // that does not decode through the page, which the CSP's connect-src refuses; a visitor's
    // browser only shows it (img-src blob:).
    consoleErrors.ignore(/status of 415|Connecting to 'blob:/);
    await gotoHydrated(page, '/akut-skade');
    const f = form(page);

    // Over 10 MB, and not an image type: refused in the browser before any upload.
    await pickPhotos(page, [
      {
        name: 'stor.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 - 3)]),
      },
      { name: 'noter.txt', mimeType: 'text/plain', buffer: Buffer.from('Bare tekst') },
    ]);
    await expect(f.getByText('stor.jpg er større end 10 MB og blev ikke tilføjet.')).toBeVisible();
    await expect(f.getByText('noter.txt er ikke et billede og blev ikke tilføjet.')).toBeVisible();
    await expect(f.getByRole('list', { name: 'Valgte billeder' })).toHaveCount(0);

    // Text dressed up as a JPEG passes the browser but the server checks the bytes and refuses it.
    await pickPhotos(page, [
      {
        name: 'falsk.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('Dette er ikke et billede.\n'.repeat(40)),
      },
    ]);
    const refused = f
      .getByRole('listitem')
      .filter({ has: page.getByRole('img', { name: 'Billede 1: falsk.jpg' }) });
    await expect(refused).toContainText('Filen er ikke et billede, vi kan modtage.');
    await expect(f.getByText('1 af 3 billeder valgt, 1 kunne ikke uploades')).toBeVisible();
    await expectNoAxeViolations(page, '/akut-skade with a refused photo');

    const name = `Ole Afvist ${uniqueSuffix()}`;
    await fillRequired(page, name, `ole.${uniqueSuffix()}@example.dk`);
    await f.getByRole('button', { name: 'Send akut henvendelse' }).click();
    // The refused photo is tried again on sending and said, not dropped in silence.
    await expect(
      f.getByText('1 billede kunne ikke sendes med. Prøv igen, eller send uden det.'),
    ).toBeVisible();
    await f.getByRole('button', { name: 'Send uden billederne' }).click();
    await expect(toasts(page)).toContainText('Akut henvendelse sendt!');
    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.parsed.text ?? '').not.toMatch(/\/api\/objects\/|Billeder/);
    expect(mail.parsed.attachments).toEqual([]);
  });

  test('a failed submission shows the Danish error toast with our phone number and keeps the input', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/status of 503/);
    await gotoHydrated(page, '/akut-skade');
    await page.route('**/api/leads', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    const name = `Per Fejl ${uniqueSuffix()}`;
    await fillRequired(page, name, 'per@example.dk');
    await form(page).getByRole('button', { name: 'Send akut henvendelse' }).click();
    await expect(toasts(page)).toContainText('Der opstod en fejl');
    await expect(toasts(page)).toContainText(
      `Prøv igen eller ring direkte til os på ${company.phoneDisplay}`,
    );
    await expect(form(page).getByRole('textbox', { name: 'Fulde navn', exact: true })).toHaveValue(name);
  });

  test('a failure to get an upload URL is explained in Danish', async ({ page, consoleErrors }) => {
    consoleErrors.ignore(/status of 500/);
    await gotoHydrated(page, '/akut-skade');
    await page.route('**/api/objects/upload', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await pickPhotos(page, [{ name: 'vand.png', mimeType: 'image/png', buffer: makePng(8, 8, [0, 0, 255]) }]);
    const photo = form(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('img', { name: 'Billede 1: vand.png' }) });
    await expect(photo).toContainText('Kunne ikke hente upload-adresse. Prøv igen.');
    await expect(photo.getByRole('button', { name: 'Prøv igen med billede 1' })).toBeVisible();
  });

  test('choosing photos loads no further code: the picker comes with the form', async ({ page }) => {
    await gotoHydrated(page, '/akut-skade');
    await expect(form(page).getByLabel('Vælg billeder')).toBeAttached();
    await page.waitForLoadState('networkidle');
    const loaded: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script' || req.resourceType() === 'stylesheet') loaded.push(req.url());
    });
    await pickPhotos(page, [
      { name: 'kaelder.png', mimeType: 'image/png', buffer: makePng(16, 16, [120, 120, 120]) },
    ]);
    await expect(form(page).getByText('Klar til email')).toHaveCount(1);
    expect(loaded).toEqual([]);
  });
});
