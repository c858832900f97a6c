/**
 * The whole night's job from the phone (390 px), against the real server: the page SMS (a text file
 * in DATA_DIR/sms, no SMS provider) links the emergency, "Jeg tager den" takes it, the same page
 * then offers "Ringet op", and the inbox's lead page shows both in its timeline. axe finds nothing
 * on the phone page after taking it nor after "Ringet op".
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, mailTo, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { sendEmergency, smsTexts } from './support/oncall-journey';
import { staffCommand } from './support/staff-command';
import { logInFirstTime } from './support/staff-login';

test.use({ viewport: { width: 390, height: 844 } });

const staff = {
  email: 'bo.vagt@skade-test.example',
  name: 'Bo Vagt',
  password: 'Sikker adgangskode til opkaldet 2026',
};

test.describe('the callback from the phone', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  let dataDir: string;
  let server: BuiltServer;

  test.beforeAll(async ({ smtp }) => {
    // Two staff commands and a server start: slower than a hook's usual time on a busy machine.
    test.setTimeout(120_000);
    dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-oncall-callback-'));
    staffCommand(
      dataDir,
      ['add', staff.email, '--name', staff.name, '--phone', '+4523344556'],
      `${staff.password}\n`,
    );
    staffCommand(dataDir, ['on-call', 'set', staff.email]);
    server = await startBuiltServer({
      dataDir,
      env: {
        SMTP_URL: smtp.url,
        MAIL_TO: mailTo,
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
        SPAM_CHECKS: 'off',
      },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('SMS link → "Jeg tager den" → "Ringet op", and the lead\'s timeline shows both', async ({ page }) => {
    const visitor = { name: `Eva Opkald ${uniqueSuffix()}`, email: `eva.${uniqueSuffix()}@example.dk` };
    await sendEmergency(page, server.url, visitor, 'Vand under opvaskemaskinen, gulvet buler.');

    await expect.poll(() => smsTexts(dataDir).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sms = smsTexts(dataDir)[0]!;
    expect(sms).toContain('Til: +4523344556');
    const link = /https?:\/\/\S+\/v\/\S+/.exec(sms)?.[0];
    expect(link, sms).toBeTruthy();
    const reference = /AKUT NORMAL (SK-[\w-]+)/.exec(sms)?.[1];
    expect(reference, sms).toBeTruthy();

    // The phone: take it, and the same page offers "Ringet op".
    await page.goto(link!);
    await page.getByRole('button', { name: 'Jeg tager den' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Du har taget ${reference}` })).toBeVisible();
    const calledBack = page.getByRole('button', { name: 'Ringet op' });
    await expect(calledBack).toBeVisible();
    await expectNoAxeViolations(page, 'the phone page after "Jeg tager den"');

    await calledBack.click();
    await expect(
      page.getByText(new RegExp(`^Ringet op kl\\. \\d\\d\\.\\d\\d af ${staff.name}\\.$`)),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ringet op' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'the phone page after "Ringet op"');

    // The inbox: log in (password, then the authenticator app) and open the lead.
    await logInFirstTime(page, server.url, staff);
    await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();

    await page.getByRole('link', { name: visitor.name }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
    const handling = page.getByRole('region', { name: 'Vagt og opkald' });
    const timeline = handling.getByRole('list');
    await expect(timeline).toContainText(`Taget af ${staff.name}`);
    await expect(timeline).toContainText(`Ringet op af ${staff.name}`);
    // Stamped from the phone: the inbox offers no second "Ringet op".
    await expect(handling.getByRole('button', { name: 'Ringet op' })).toHaveCount(0);
  });
});
