import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { company } from '../../app/content/company';
import { makePng } from '../support/images';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/page-helpers';

const toasts = (page: Page) => page.getByRole('region', { name: /Meddelelser/ });
const form = (page: Page) => page.getByRole('form', { name: 'Skadeanmeldelse' });

const redPng = makePng(24, 16, [200, 30, 30]);
const bluePng = makePng(16, 24, [30, 60, 200]);
const greenPng = makePng(20, 20, [30, 160, 60]);

async function fillPersonalAndDamage(page: Page, name: string, email: string) {
  const f = form(page);
  await f.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(name);
  await f.getByRole('textbox', { name: 'Telefon', exact: true }).fill('12 34 56 78');
  await f.getByRole('combobox', { name: 'Adresse' }).fill('Algade 1, 4000 Roskilde');
  await f.getByRole('combobox', { name: 'Adresse' }).press('Escape');
  await f.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await f.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
  await f.getByLabel('Policenummer').fill('POL-778');
  await f.getByLabel('Skadetype').selectOption({ label: 'Skybrudsskade' });
  await f.getByLabel('Beskrivelse af skaden').fill('Vand i hele kælderen efter skybrud.');
}

test.describe('damage report on /anmeldelse', () => {
  test('a company reports damage with photos, lands on /tak with its reference, and staff get it all', async ({
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

    await page.route('**/api/contact', async (route) => {
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
    for (const expected of [
      email,
      'Algade 1, 4000 Roskilde',
      'Tryg',
      'POL-778',
      'Skybrudsskade',
      'Vand i hele kælderen efter skybrud.',
      'Virksomhed',
      'Camillas Café ApS',
      company.cvr,
    ]) {
      expect(text).toContain(expected);
    }
    expect(`${mail.parsed.subject} ${text}`).toContain(reference);
    expect(mail.parsed.replyTo?.text).toContain(email);
    const images = mail.parsed.attachments.filter((a) => a.contentType.startsWith('image/'));
    expect(images.map((a) => a.content.toString('base64')).sort()).toEqual(
      [redPng, greenPng].map((b) => b.toString('base64')).sort(),
    );
  });

  test('"Hvem er du?" reveals the conditional fields and makes them required', async ({ page }) => {
    await gotoHydrated(page, '/anmeldelse');
    const f = form(page);
    const group = f.getByRole('radiogroup', { name: 'Hvem er du?' });
    await expect(group.getByRole('radio')).toHaveCount(5);
    await expect(f.getByLabel('Virksomhedsnavn')).toHaveCount(0);
    await expect(f.getByLabel('Rekvirentens navn')).toHaveCount(0);

    await group.getByRole('radio', { name: 'Virksomhed' }).check();
    await expect(f.getByLabel('Virksomhedsnavn')).toHaveAttribute('aria-required', 'true');
    await expect(f.getByLabel('CVR-nummer')).toHaveAttribute('aria-required', 'true');
    await expect(f.getByLabel('CVR-nummer')).toHaveAttribute('inputmode', 'numeric');
    await expect(f.getByLabel('Virksomhedsnavn')).toHaveAttribute('autocomplete', 'organization');
    await expect(f.getByLabel('Rekvirentens navn')).toHaveCount(0);
    await f.getByRole('button', { name: 'Send anmeldelse' }).click();
    await expect(f.getByLabel('Virksomhedsnavn')).toHaveAccessibleDescription('Virksomhedsnavn er påkrævet');
    await expect(f.getByLabel('CVR-nummer')).toHaveAccessibleDescription('CVR-nummer er påkrævet');
    await f.getByLabel('CVR-nummer').fill('12345678');
    await f.getByRole('button', { name: 'Send anmeldelse' }).click();
    await expect(f.getByLabel('CVR-nummer')).toHaveAccessibleDescription(
      'Indtast et gyldigt CVR-nummer (8 cifre)',
    );

    for (const role of ['Taksator', 'Skadebehandler', 'Forsikringsmægler']) {
      await group.getByRole('radio', { name: role }).check();
      await expect(f.getByLabel('Virksomhedsnavn')).toHaveCount(0);
      for (const label of ['Rekvirentens navn', 'Rekvirentens telefon', 'Rekvirentens e-mail']) {
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
    await expect(f.getByLabel('Rekvirentens navn')).toHaveCount(0);
    await expect(f.getByLabel('Virksomhedsnavn')).toHaveCount(0);
  });

  test('every required field is reported in Danish and the summary links to each field', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/contact')) requests += 1;
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
    await page.route('**/api/contact', (route) =>
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
  });

  test('an image over 10 MB and an eleventh image are refused in Danish', async ({ page }, testInfo) => {
    await gotoHydrated(page, '/anmeldelse');
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
