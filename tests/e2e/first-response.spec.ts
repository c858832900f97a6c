/**
 * First-response deadlines in the inbox on a phone (390 px), against the real server: a new
 * emergency and a new contact show "svar inden …" in the list, the order "Frist først" puts the
 * soonest deadline on top, and once the emergency is called back ("Ringet op") its row says
 * "Besvaret" and the contact comes first. axe finds nothing on the list.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, uniqueSuffix } from './fixtures';
import { waterEmergency } from './support/api-leads';
import { expectNoAxeViolations } from './support/axe';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { sender } from './support/sender';
import { staffCommand } from './support/staff-command';
import { logInFirstTime } from './support/staff-login';

const staff = {
  email: 'frida.frist@skade-test.example',
  name: 'Frida Frist',
  password: 'Sikker adgangskode til fristerne 2026',
};

/** Today's clock ('14:20'), or a day and clock ('man. 16:00', 'man. 24:00', '7.1. 10:00'). */
const when = String.raw`(?:(?:man|tir|ons|tor|fre|lør|søn)\. |\d{1,2}\.\d{1,2}\. )?\d{2}:\d{2}`;

test.describe('first-response deadlines in the list', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.use({ viewport: { width: 390, height: 844 } });

  let dataDir: string;
  let server: BuiltServer;

  test.beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-first-response-'));
    staffCommand(dataDir, ['add', staff.email, '--name', staff.name], `${staff.password}\n`);
    server = await startBuiltServer({
      dataDir,
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0', SPAM_CHECKS: 'off' },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function logIn(page: Page) {
    await logInFirstTime(page, server.url, staff);
    await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();
  }

  test('shows each open lead its deadline, orders by it and says "Besvaret" after the call', async ({
    page,
    request,
  }) => {
    const emergencyName = `Ella Frist-${uniqueSuffix()}`;
    const contactName = `Carl Frist-${uniqueSuffix()}`;
    const contact = await request.post(`${server.url}/api/leads`, {
      data: {
        kind: 'kontakt',
        name: contactName,
        email: `carl.${uniqueSuffix()}@example.dk`,
        phone: sender().phone,
        service: 'genhusning',
        message: 'Vi har brug for et sted at bo, mens huset tørres ud.',
      },
    });
    expect(contact.status()).toBe(201);
    const emergency = await request.post(`${server.url}/api/leads`, {
      data: waterEmergency(
        { name: emergencyName, email: `ella.${uniqueSuffix()}@example.dk` },
        'Vand i kælderen.',
        { adresse: sender().address, telefon: sender().phone },
      ),
    });
    expect(emergency.status()).toBe(201);

    await logIn(page);
    // The list itself, not the new emergencies shown above it.
    const list = page.locator('section[aria-labelledby="lead-list-heading"]');
    const card = (name: string) => list.getByRole('listitem').filter({ hasText: name });
    // The emergency's 15 minutes end today; the contact's 24 weekday hours end on another day.
    await expect(card(emergencyName)).toContainText(new RegExp(`svar inden \\d{2}:\\d{2}`));
    await expect(card(contactName)).toContainText(new RegExp(`svar inden ${when}`));
    await expect(card(contactName)).not.toContainText('Frist overskredet');
    await expectNoAxeViolations(page, 'the list with deadlines at 390 px');

    await page.goto(`${server.url}/indbakke?sort=deadline`);
    await expect(page.getByLabel('Rækkefølge')).toHaveValue('deadline');
    const names = list
      .getByRole('listitem')
      .getByRole('link')
      .filter({ hasText: /Frist-/ });
    await expect(names.first()).toHaveText(emergencyName);

    await card(emergencyName).getByRole('link', { name: emergencyName }).click();
    await expect(page.getByRole('heading', { level: 1, name: emergencyName })).toBeVisible();
    await page
      .getByRole('region', { name: 'Vagt og opkald' })
      .getByRole('button', { name: 'Ringet op' })
      .click();
    await expect(page.getByRole('region', { name: 'Vagt og opkald' })).toContainText(
      `Ringet op af ${staff.name}`,
    );

    await page.goto(`${server.url}/indbakke?sort=deadline`);
    await expect(card(emergencyName)).toContainText('Besvaret');
    await expect(card(emergencyName)).not.toContainText('svar inden');
    await expect(names.first()).toHaveText(contactName);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'the list by deadline at 390 px');
  });
});
