import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Page } from '@playwright/test';
import { company } from '../../domain/company';
import { makePng } from '../support/images';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { fillReportRequired } from './support/lead-forms';
import { gotoHydrated } from './support/page-helpers';

const toasts = (page: Page) => page.getByRole('region', { name: /Meddelelser/ });
const form = (page: Page) => page.getByRole('form', { name: 'Skadeanmeldelse' });

const redPng = makePng(24, 16, [200, 30, 30]);
const bluePng = makePng(16, 24, [30, 60, 200]);
const greenPng = makePng(20, 20, [30, 160, 60]);

/**
 * A valid PNG of exactly `size` bytes: a small picture with a private ancillary chunk that
 * decoders skip, standing in for a large phone photo.
 */
function paddedPng(size: number, rgb: [number, number, number]): Buffer {
  const png = makePng(8, 8, rgb);
  const iend = png.subarray(png.length - 12);
  const data = Buffer.alloc(size - png.length - 12);
  const type = Buffer.from('skAd', 'ascii');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([png.subarray(0, png.length - 12), length, type, data, crc, iend]);
}

async function fillPersonalAndDamage(page: Page, name: string, email: string) {
  const f = form(page);
  await fillReportRequired(f, { name, email });
  await f.getByLabel('Policenummer').fill('POL-778');
  await f.getByLabel('Beskrivelse af skaden').fill('Vand i hele kælderen efter skybrud.');
}

/**
 * Answers upload URL requests and the uploads themselves in the browser, for tests about the
 * picker; the real server issues a limited number of upload URLs per visitor.
 */
async function fakeUploads(page: Page) {
  let next = 0;
  await page.route('**/api/objects/upload', (route) =>
    route.fulfill({
      json: { uploadURL: `${new URL(page.url()).origin}/stand-in-upload/${++next}?signature=x` },
    }),
  );
  await page.route('**/stand-in-upload/**', (route) =>
    route.fulfill({ json: { size: 1, contentType: 'image/png' } }),
  );
}

test.describe('damage report on /anmeldelse', () => {
  test('a company reports damage with photos, lands on /tak with its reference, and staff get each field in its own row', async ({
    page,
    waitForMail,
  }) => {
    const name = `Camilla Rapport ${uniqueSuffix()}`;
    const email = `camilla.${uniqueSuffix()}@example.dk`;
    await gotoHydrated(page, '/anmeldelse');
    const f = form(page);
    await expect(f.getByText('Felter markeret med * skal udfyldes.')).toBeVisible();
    await f.getByRole('radio', { name: 'Virksomhed' }).check();
    await f.getByLabel('Virksomhedsnavn').fill('Camillas Café ApS');
    await f.getByLabel('CVR-nummer').fill(company.cvr);
    await fillPersonalAndDamage(page, name, email);

    // Three real PNGs and a PDF: the PDF is refused, then one image is removed again.
    await f.getByLabel('Vælg billeder').setInputFiles([
      { name: 'kaelder-1.png', mimeType: 'image/png', buffer: redPng },
      { name: 'kaelder-2.png', mimeType: 'image/png', buffer: bluePng },
      { name: 'kaelder-3.png', mimeType: 'image/png', buffer: greenPng },
      { name: 'police.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF') },
    ]);
    await expect(f.getByText('police.pdf er ikke et billede og blev ikke tilføjet.')).toBeVisible();
    await expect(f.getByText('Klar til email')).toHaveCount(3);
    await expect(f.getByText('3 af 10 billeder valgt')).toBeVisible();
    await f.getByRole('button', { name: 'Fjern billede 2' }).click();
    await expect(f.getByText('Klar til email')).toHaveCount(2);
    await expect(f.getByRole('img', { name: 'Billede 2: kaelder-3.png' })).toBeVisible();
    // Focus stays in the picker: on the image that took the removed one's place.
    await expect(f.getByRole('button', { name: 'Fjern billede 2' })).toBeFocused();
    await expectNoAxeViolations(page, '/anmeldelse with company fields and images');

    await page.route('**/api/leads', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await f.getByRole('button', { name: 'Send anmeldelse' }).click();
    await expect(f.getByRole('button', { name: 'Sender...' })).toBeDisabled();

    await page.waitForURL(/\/tak\?ref=/);
    const reference = new URL(page.url()).searchParams.get('ref')!;
    await expect(page.getByTestId('reference')).toContainText(reference.toUpperCase());

    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    const text = mail.parsed.text ?? '';
    const lines = text.split('\n');
    for (const row of [
      'Hvem er du: Virksomhed',
      `Navn: ${name}`,
      `E-mail: ${email}`,
      'Telefon: 22 34 56 78',
      'Virksomhedsnavn: Camillas Café ApS',
      `CVR: ${company.cvr}`,
      'Adresse: Algade 1, 4000 Roskilde',
      'Forsikringsselskab: Tryg',
      'Skadetype: Skybrudsskade',
      'Policenummer: POL-778',
      'Skadenummer: Ikke angivet',
      'Beskrivelse: Vand i hele kælderen efter skybrud.',
    ]) {
      expect(lines).toContain(row);
    }
    // A company has no requester.
    expect(text).not.toContain('Rekvirent');
    expect(`${mail.parsed.subject} ${text}`).toContain(reference);
    // Staff answer in the lead's thread (linked in the mail), not by replying to the customer.
    expect(mail.parsed.replyTo).toBeUndefined();
    expect(mail.parsed.text).toMatch(/Svar kunden i sagens tråd: http\S+\/indbakke\/henvendelse\//);
    // The two photos kept, attached byte for byte under their names on the device.
    const images = mail.parsed.attachments.filter((a) => a.contentType.startsWith('image/'));
    expect(images.map((a) => a.content.toString('base64')).sort()).toEqual(
      [redPng, greenPng].map((b) => b.toString('base64')).sort(),
    );
    expect(images.map((a) => a.filename).sort()).toEqual(['kaelder-1.png', 'kaelder-3.png']);
  });

  test('"Hvem er du?" reveals the conditional fields and makes them required', async ({ page }) => {
    await gotoHydrated(page, '/anmeldelse');
    const f = form(page);
    const group = f.getByRole('radiogroup', { name: 'Hvem er du?' });
    await expect(group.getByRole('radio')).toHaveCount(5);
    // The fields of each choice are always in the form, shown by the page's style for that choice.
    await expect(f.getByLabel('Virksomhedsnavn')).toBeHidden();
    await expect(f.getByLabel('Rekvirentens navn')).toBeHidden();

    await group.getByRole('radio', { name: 'Virksomhed' }).check();
    await expect(f.getByLabel('Virksomhedsnavn')).toHaveAttribute('aria-required', 'true');
    await expect(f.getByLabel('CVR-nummer')).toHaveAttribute('aria-required', 'true');
    await expect(f.getByLabel('CVR-nummer')).toHaveAttribute('inputmode', 'numeric');
    await expect(f.getByLabel('Virksomhedsnavn')).toHaveAttribute('autocomplete', 'organization');
    await expect(f.getByLabel('Virksomhedsnavn')).toBeVisible();
    await expect(f.getByLabel('Rekvirentens navn')).toBeHidden();
    await f.getByRole('button', { name: 'Send anmeldelse' }).click();
    await expect(f.getByLabel('Virksomhedsnavn')).toHaveAccessibleDescription('Virksomhedsnavn er påkrævet');
    await expect(f.getByLabel('CVR-nummer')).toHaveAccessibleDescription('CVR-nummer er påkrævet');
    await f.getByLabel('CVR-nummer').fill('12345678');
    await f.getByRole('button', { name: 'Send anmeldelse' }).click();
    await expect(f.getByLabel('CVR-nummer')).toHaveAccessibleDescription(
      'CVR-nummeret findes ikke – tjek cifrene',
    );

    for (const role of ['Taksator', 'Skadebehandler', 'Forsikringsmægler']) {
      await group.getByRole('radio', { name: role }).check();
      await expect(f.getByLabel('Virksomhedsnavn')).toBeHidden();
      for (const label of ['Rekvirentens navn', 'Rekvirentens telefon', 'Rekvirentens e-mail']) {
        await expect(f.getByLabel(label)).toBeVisible();
        await expect(f.getByLabel(label)).toHaveAttribute('aria-required', 'true');
      }
    }
    await f.getByRole('button', { name: 'Send anmeldelse' }).click();
    const summary = f.getByRole('alert').filter({ hasText: 'Ret venligst følgende' });
    await expect(summary).toBeFocused();
    for (const message of [
      'Rekvirentens navn er påkrævet',
      'Rekvirentens telefonnummer er påkrævet',
      'Rekvirentens e-mail er påkrævet',
    ]) {
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
    }
    await expect(summary).not.toContainText('CVR');
    await expectNoAxeViolations(page, '/anmeldelse with requester fields and errors');

    await group.getByRole('radio', { name: 'Privatperson' }).check();
    await expect(f.getByLabel('Rekvirentens navn')).toBeHidden();
    await expect(f.getByLabel('Virksomhedsnavn')).toBeHidden();
  });

  test('every required field is reported in Danish and the summary links to each field', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/leads')) requests += 1;
    });
    await gotoHydrated(page, '/anmeldelse');
    const f = form(page);
    await f.getByRole('button', { name: 'Send anmeldelse' }).click();
    const summary = f.getByRole('alert').filter({ hasText: 'Ret venligst følgende' });
    await expect(summary).toBeFocused();
    const expected = [
      ['Vælg hvem du er', null],
      ['Fulde navn er påkrævet', ['textbox', 'Fulde navn']],
      ['Telefonnummer er påkrævet', ['textbox', 'Telefon']],
      ['Adresse er påkrævet', ['combobox', 'Adresse']],
      ['E-mail er påkrævet', ['textbox', 'E-mail']],
      ['Vælg dit forsikringsselskab', ['combobox', 'Forsikringsselskab']],
      ['Vælg skadetype', ['combobox', 'Skadetype']],
    ] as const;
    await expect(summary.getByRole('link')).toHaveText(expected.map(([message]) => message));
    for (const [message, target] of expected) {
      await summary.getByRole('link', { name: message }).click();
      if (target) {
        const field = f.getByRole(target[0], { name: target[1], exact: true });
        await expect(field).toBeFocused();
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(new RegExp(message));
      } else {
        await expect(f.getByRole('radio', { name: 'Privatperson' })).toBeFocused();
      }
    }

    const phoneField = f.getByRole('textbox', { name: 'Telefon', exact: true });
    const emailField = f.getByRole('textbox', { name: 'E-mail', exact: true });
    await phoneField.fill('1234');
    await emailField.fill('camilla@');
    await f.getByRole('button', { name: 'Send anmeldelse' }).click();
    await expect(phoneField).toHaveAccessibleDescription('Indtast et gyldigt dansk telefonnummer (8 cifre)');
    await expect(emailField).toHaveAccessibleDescription('Ugyldig email adresse');
    expect(requests).toBe(0);
  });

  test("a server failure shows 'Fejl ved indsendelse' and the form stays", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/status of 500/);
    await gotoHydrated(page, '/anmeldelse');
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Intern fejl"}' }),
    );
    await form(page).getByRole('radio', { name: 'Privatperson' }).check();
    await fillPersonalAndDamage(page, 'Camilla Jensen', 'camilla@example.dk');
    await form(page).getByRole('button', { name: 'Send anmeldelse' }).click();
    await expect(toasts(page).getByText('Fejl ved indsendelse')).toBeVisible();
    await expect(
      toasts(page).getByText(`Prøv igen eller ring til os på ${company.phoneDisplay}`),
    ).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/anmeldelse');
    await expect(form(page).getByLabel('Fulde navn')).toHaveValue('Camilla Jensen');
    await expect(form(page).getByRole('button', { name: 'Send anmeldelse' })).toBeEnabled();
  });

  test('ten photos of nearly 10 MB each upload as they are picked; the report waits for the last one, and staff get links, not 100 MB of attachments', async ({
    page,
    request,
    waitForMail,
  }, testInfo) => {
    test.setTimeout(150_000);
    const dir = testInfo.outputPath('large-photos');
    await mkdir(dir, { recursive: true });
    const photoSize = 10 * 1024 * 1024 - 1024;
    const photos = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const file = path.join(dir, `stort-foto-${i + 1}.png`);
        const bytes = paddedPng(photoSize, [20 * i, 100, 200 - 10 * i]);
        await writeFile(file, bytes);
        return { file, bytes };
      }),
    );
    const name = `Lars Storfoto ${uniqueSuffix()}`;
    const email = `lars.${uniqueSuffix()}@example.dk`;
    await gotoHydrated(page, '/anmeldelse');
    const f = form(page);
    await f.getByRole('radio', { name: 'Privatperson' }).check();
    await fillPersonalAndDamage(page, name, email);

    // One photo's upload URL is held back, so the report is sent while that upload is still to come.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let uploadUrlRequests = 0;
    await page.route('**/api/objects/upload', async (route) => {
      uploadUrlRequests += 1;
      if (uploadUrlRequests === 10) await held;
      await route.continue();
    });
    await f.getByLabel('Vælg billeder').setInputFiles(photos.map((photo) => photo.file));
    await expect(f.getByText('Klar til email')).toHaveCount(9, { timeout: 60_000 });
    await expect(f.getByText('10 af 10 billeder valgt, 1 uploades')).toBeVisible();
    await f.getByRole('button', { name: 'Send anmeldelse' }).click();
    await expect(f.getByRole('button', { name: 'Venter på billeder...' })).toBeDisabled();
    await expect(f.getByText(/Anmeldelsen sendes, så snart billederne er uploadet/)).toBeVisible();
    release();
    await page.waitForURL(/\/tak\?ref=/, { timeout: 60_000 });

    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
      { timeout: 30_000 },
    );
    expect(mail.raw.length).toBeLessThan(20 * 1024 * 1024);
    expect(mail.parsed.attachments.filter((a) => a.contentType.startsWith('image/'))).toEqual([]);
    const text = mail.parsed.text ?? '';
    expect(text).toMatch(/Billeder \(10\) – for store til at vedhæfte/);
    const links = [...text.matchAll(/^- Billede (\d+) \((.+)\): (\S+)$/gm)].map(([, n, file, url]) => ({
      n: Number(n),
      file,
      url: url ?? '',
    }));
    expect(links.map((link) => link.file)).toEqual(photos.map((_, i) => `stort-foto-${i + 1}.png`));

    // A link downloads the photo as sent; without its signature it reveals nothing.
    for (const link of [links[0], links[9]]) {
      const response = await request.get(link!.url);
      expect(response.status()).toBe(200);
      expect(response.headers()['x-content-type-options']).toBe('nosniff');
      expect((await response.body()).equals(photos[link!.n - 1]!.bytes)).toBe(true);
    }
    const unsigned = new URL(links[0]!.url);
    unsigned.search = '';
    expect((await request.get(unsigned.toString())).status()).toBe(403);
  });

  test('a photo the server refuses says why in Danish, can be tried again or removed, and is not sent', async ({
    page,
    consoleErrors,
    waitForMail,
  }) => {
    // The server's 415 shows as a failed resource. The journey's trace recorder reads the thumbnail
    // that does not decode through the page, which the CSP's connect-src refuses; a visitor's
    // browser only shows it (img-src blob:).
    consoleErrors.ignore(/status of 415|Connecting to 'blob:/);
    const name = `Sofie Afvist ${uniqueSuffix()}`;
    await gotoHydrated(page, '/anmeldelse');
    const f = form(page);
    await f.getByRole('radio', { name: 'Privatperson' }).check();
    await fillPersonalAndDamage(page, name, `sofie.${uniqueSuffix()}@example.dk`);
    // Text dressed up as a PNG passes the picker; the server checks the bytes and refuses it.
    await f.getByLabel('Vælg billeder').setInputFiles([
      {
        name: 'falsk.png',
        mimeType: 'image/png',
        buffer: Buffer.from('Dette er ikke et billede.\n'.repeat(20)),
      },
      { name: 'rigtigt.png', mimeType: 'image/png', buffer: redPng },
    ]);
    const refused = f
      .getByRole('listitem')
      .filter({ has: page.getByRole('img', { name: 'Billede 1: falsk.png' }) });
    await expect(refused).toContainText('Filen er ikke et billede, vi kan modtage.');
    await expect(f.getByText('2 af 10 billeder valgt, 1 kunne ikke uploades')).toBeVisible();
    await expect(f.getByText('Klar til email')).toHaveCount(1);
    await expectNoAxeViolations(page, '/anmeldelse with a refused upload');

    // Trying again asks for a new upload URL and is refused again; removing it leaves the good photo.
    await f.getByRole('button', { name: 'Prøv igen med billede 1' }).click();
    await expect(refused).toContainText('Filen er ikke et billede, vi kan modtage.');
    await f.getByRole('button', { name: 'Fjern billede 1' }).click();
    await expect(f.getByText('1 af 10 billeder valgt')).toBeVisible();
    await f.getByRole('button', { name: 'Send anmeldelse' }).click();
    await page.waitForURL(/\/tak\?ref=/);
    const mail = await waitForMail(
      (m) => m.envelope.to.includes(mailTo) && (m.parsed.text?.includes(name) ?? false),
    );
    expect(mail.parsed.attachments.map((a) => a.filename)).toEqual(['rigtigt.png']);
  });

  test('images can be dropped on the highlighted drop zone', async ({ page }) => {
    await gotoHydrated(page, '/anmeldelse');
    const zone = page.getByTestId('image-drop-zone');
    const dataTransfer = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'droppet.png', { type: 'image/png' }));
      transfer.items.add(new File(['hej'], 'noter.txt', { type: 'text/plain' }));
      return transfer;
    }, redPng.toString('base64'));
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await expect(zone).toHaveAttribute('data-drag-over', 'true');
    await expect(zone.getByText('Slip billederne her')).toBeVisible();
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(zone).not.toHaveAttribute('data-drag-over', 'true');
    await expect(form(page).getByRole('img', { name: 'Billede 1: droppet.png' })).toBeVisible();
    await expect(form(page).getByText('noter.txt er ikke et billede og blev ikke tilføjet.')).toBeVisible();
    await expect(form(page).getByText('Klar til email')).toHaveCount(1);
  });

  test('an image over 10 MB and an eleventh image are refused in Danish', async ({ page }, testInfo) => {
    await gotoHydrated(page, '/anmeldelse');
    // What is refused is the point here, not the uploads: they go to a stand-in.
    await fakeUploads(page);
    // Files on disk, not buffers: 10 MB through the browser protocol is slow on a busy machine.
    const dir = testInfo.outputPath('images');
    await mkdir(dir, { recursive: true });
    const big = path.join(dir, 'kaempe.png');
    await writeFile(big, Buffer.concat([redPng, Buffer.alloc(10 * 1024 * 1024)]));
    const small = await Promise.all(
      Array.from({ length: 11 }, async (_, i) => {
        const file = path.join(dir, `foto-${i + 1}.png`);
        await writeFile(file, bluePng);
        return file;
      }),
    );
    await form(page)
      .getByLabel('Vælg billeder')
      .setInputFiles([big, ...small]);
    await expect(form(page).getByText('kaempe.png er større end 10 MB og blev ikke tilføjet.')).toBeVisible();
    await expect(
      form(page).getByText('Du kan højst vedhæfte 10 billeder. 1 billede blev ikke tilføjet.'),
    ).toBeVisible();
    await expect(form(page).getByText('Klar til email')).toHaveCount(10);
  });
});
