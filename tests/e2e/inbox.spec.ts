/**
 * The staff inbox against the real server: a visitor's emergency with photos reaches the inbox,
 * and a staff member logs in with password and TOTP, works the lead, exports CSV, erases a
 * person's data and logs out. The server runs with its own DATA_DIR (PGlite), in which the staff
 * account is created with `npm run staff -- add` before the server starts (the command cannot
 * open PGlite while a server has it open).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { expect, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { sendEmergency } from './support/oncall-journey';
import { describeStaffed, journeyStaff } from './support/staffed-server';

const staff = journeyStaff('Anna Andersen', { role: 'koordinator' });

/** Every file under DATA_DIR/objects (the uploaded photos). */
function storedObjects(dataDir: string): string[] {
  const root = path.join(dataDir, 'objects');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (statSync(full).size > 0 && !entry.name.startsWith('.')) found.push(path.relative(root, full));
    }
  };
  try {
    walk(root);
  } catch {
    // No objects yet.
  }
  return found.sort();
}

/** Splits the export's CSV (semicolons, quoted fields, doubled quotes, line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

async function logInWithPassword(page: Page, origin: string, password = staff.password) {
  await page.goto(`${origin}/indbakke/login`);
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Adgangskode').fill(password);
  await page.getByRole('button', { name: 'Log ind' }).click();
}

describeStaffed('the staff inbox against the server', { name: 'inbox', staff }, (server) => {
  let totp: TOTP;

  test('a wrong password is refused with a Danish message, and the password field is cleared', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/status of 401/);
    await logInWithPassword(page, server.url, 'forkert adgangskode');
    await expect(page.getByRole('alert')).toHaveText(/\S/);
    const message = (await page.getByRole('alert').textContent()) ?? '';
    expect(message).not.toMatch(/error|failed|unauthori[sz]ed/i);
    await expect(page.getByLabel('Adgangskode')).toHaveValue('');
    await expect(page.getByLabel('Adgangskode')).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: 'Log ind i indbakken' })).toBeVisible();
  });

  test('a visitor sends an emergency; staff log in with TOTP, work the lead, export CSV, erase a person, log out', async ({
    page,
    consoleErrors,
  }) => {
    const visitor = { name: `Carl Akut ${uniqueSuffix()}`, email: `carl.${uniqueSuffix()}@example.dk` };
    const tester = { name: `Testperson ${uniqueSuffix()}`, email: `testperson.${uniqueSuffix()}@example.dk` };
    await sendEmergency(page, server.url, tester, 'Vand fra loftet i køkkenet. Det drypper stadig.', 1);
    const objectsOfTester = storedObjects(server.dataDir);
    expect(objectsOfTester).toHaveLength(1);
    const visitorAddress = await sendEmergency(
      page,
      server.url,
      visitor,
      'Vand fra loftet i køkkenet. Det drypper stadig.',
      2,
    );
    const allObjects = storedObjects(server.dataDir);
    expect(allObjects).toHaveLength(3);

    // First login: password, then the authenticator app is connected by its QR code's secret.
    await logInWithPassword(page, server.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Sæt totrinsbekræftelse op' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR-kode til godkendelsesappen' })).toBeVisible();
    const secret = ((await page.locator('code').textContent()) ?? '').replace(/\s+/g, '');
    totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });

    consoleErrors.ignore(/status of 40[01]/);
    await page
      .getByLabel('Skriv den 6-cifrede kode, appen viser.')
      .fill(String((Number(totp.generate()) + 1) % 1e6).padStart(6, '0'));
    await page.getByRole('button', { name: 'Forbind appen' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();

    await page.getByLabel('Skriv den 6-cifrede kode, appen viser.').fill(totp.generate());
    await page.getByRole('button', { name: 'Forbind appen' }).click();
    const codes = page.getByRole('list', { name: 'Dine gendannelseskoder' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await page.getByRole('button', { name: 'Jeg har gemt koderne' }).click();

    // The new emergency is at the top.
    await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(staff.name);
    const urgent = page.getByRole('region', { name: /Nye akutte skader/ });
    await expect(urgent.getByRole('listitem').first()).toContainText(visitor.name);
    await expectNoAxeViolations(page, 'the inbox with real leads');
    await urgent.getByRole('link', { name: visitor.name }).click();

    // Its fields, each in its own row, and its photos.
    await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
    const fields = page.getByRole('region', { name: 'Oplysninger' });
    for (const [label, value] of [
      ['Navn', visitor.name],
      ['E-mail', visitor.email],
      ['Adresse', visitorAddress],
      ['Forsikringsselskab', 'Tryg'],
      ['Skadetype', 'Vandskade'],
    ]) {
      await expect(fields.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toHaveCount(1);
      await expect(fields.getByRole('definition').filter({ hasText: value! }).first()).toBeVisible();
    }
    // No mailto: beside the thread: the answer is written in the lead's thread.
    await expect(page.getByRole('link', { name: 'Skriv til kunden' })).toHaveAttribute('href', /^#/);
    await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Ring / })).toHaveAttribute('href', /^tel:\+?\d+$/);
    const photos = page.getByRole('region', { name: 'Fotos (2)' });
    await photos.getByRole('button', { name: /Vis foto 1 i fuld størrelse/ }).click();
    const dialog = page.getByRole('dialog');
    const full = dialog.getByRole('img');
    await expect(full).toBeVisible();
    await expect.poll(() => full.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(48);
    await expectNoAxeViolations(page, 'a lead with its photo open');
    await page.keyboard.press('Escape');

    // "I gang" with a note; who changed it is shown.
    await page.getByRole('group', { name: 'Skift status' }).getByRole('button', { name: 'I gang' }).click();
    await expect(page.getByText('Status er ændret til I gang.')).toBeVisible();
    await expect(page.getByText(new RegExp(`Ændret af ${staff.name}`))).toBeVisible();
    await page.getByLabel('Ny note').fill('Ringet op kl. 14, affugter sat op.');
    await page.getByRole('button', { name: 'Gem note' }).click();
    const notes = page.getByRole('region', { name: 'Noter' });
    await expect(
      notes.getByRole('listitem').filter({ hasText: 'Ringet op kl. 14, affugter sat op.' }),
    ).toContainText(staff.name);
    await page.reload();
    await expect(
      page.getByRole('group', { name: 'Skift status' }).getByRole('button', { name: 'I gang' }),
    ).toHaveAttribute('aria-pressed', 'true');

    // CSV export of the current filter has the lead.
    await page.getByRole('link', { name: 'Tilbage til henvendelserne' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Eksportér CSV' }).click();
    const csvFile = await (await download).path();
    const rows = parseCsv(readFileSync(csvFile!, 'utf8'));
    expect(rows.length).toBeGreaterThan(1);
    const row = rows.find((cells) => cells.includes(visitor.email));
    expect(row, `the exported CSV has a row for ${visitor.email}`).toBeDefined();
    expect(row!.join(' ')).toContain(visitor.name);

    // A test person's data is erased: rows and photos gone.
    await page
      .getByRole('navigation', { name: 'Indbakken' })
      .getByRole('link', { name: 'Persondata' })
      .click();
    await page.getByLabel('E-mail-adresse').fill(tester.email);
    await page.getByRole('button', { name: 'Søg' }).click();
    await expect(page.getByText('Fundet: 1 henvendelse.')).toBeVisible();
    await page.getByRole('button', { name: 'Slet personens data' }).click();
    await page.getByLabel('Skriv e-mail-adressen igen for at bekræfte').fill(tester.email);
    await page.getByRole('button', { name: 'Slet for altid' }).click();
    await expect(page.getByText(/^Slettet: 1 henvendelse, 1 foto og \d+ e-mails?\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'Søg' }).click();
    await expect(page.getByText('Vi har ingen henvendelser fra denne person.')).toBeVisible();
    await expect
      .poll(() => storedObjects(server.dataDir))
      .toEqual(allObjects.filter((key) => !objectsOfTester.includes(key)));

    // The log shows what was done.
    await page.getByRole('navigation', { name: 'Indbakken' }).getByRole('link', { name: 'Log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Log' })).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: staff.email }).filter({ hasText: 'Persondata slettet' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the audit log');

    // Logging out; the back button shows nothing private.
    await page
      .getByRole('navigation', { name: 'Indbakken' })
      .getByRole('link', { name: 'Henvendelser' })
      .click();
    await expect(page.getByRole('link', { name: visitor.name }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/indbakke\/login$/);
    await expect(page.getByText('Du er logget ud.')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/indbakke\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log ind i indbakken' })).toBeVisible();
    await expect(page.getByText(visitor.name)).toHaveCount(0);
    await expect(page.getByText(staff.name)).toHaveCount(0);
    expect(await page.content()).not.toContain(visitor.email);
  });

  test('the next login asks for the app code, and a wrong code is refused', async ({
    page,
    consoleErrors,
  }) => {
    expect(totp, 'the account enrolled by the journey above').toBeDefined();
    consoleErrors.ignore(/status of 40[01]/);
    await logInWithPassword(page, server.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Bekræft, at det er dig' })).toBeVisible();
    await page.getByLabel('Kode fra godkendelsesappen').fill('000000');
    await page.getByRole('button', { name: 'Bekræft' }).click();
    await expect(page.getByRole('alert')).toHaveText(/\S/);
    await expect(page.getByLabel('Kode fra godkendelsesappen')).toBeFocused();
    await page
      .getByLabel('Kode fra godkendelsesappen')
      .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Bekræft' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();
  });
});
