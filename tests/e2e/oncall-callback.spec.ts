/**
 * The whole night's job from the phone (390 px), against the real server: the page SMS (a text file
 * in DATA_DIR/sms, no SMS provider) links the emergency, "Jeg tager den" takes it, the same page
 * then offers "Ringet op", and the inbox's lead page shows both in its timeline. axe finds nothing
 * on the phone page after taking it nor after "Ringet op".
 */
import { expect, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { staffedServer, type E2eStaff } from './support/staffed-server';
import { sendEmergency, smsTexts } from './support/oncall-journey';
import { logInFirstTime } from './support/staff-login';

test.use({ viewport: { width: 390, height: 844 } });

const staff = {
  email: 'bo.vagt@skade-test.example',
  name: 'Bo Vagt',
  password: 'Sikker adgangskode til opkaldet 2026',
  phone: '+4523344556',
  onCall: true,
} satisfies E2eStaff;

test.describe('the callback from the phone', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  const server = staffedServer({ name: 'oncall-callback', staff });

  test('SMS link → "Jeg tager den" → "Ringet op", and the lead\'s timeline shows both', async ({ page }) => {
    const visitor = { name: `Eva Opkald ${uniqueSuffix()}`, email: `eva.${uniqueSuffix()}@example.dk` };
    await sendEmergency(page, server.url, visitor, 'Vand under opvaskemaskinen, gulvet buler.');

    await expect.poll(() => smsTexts(server.dataDir).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sms = smsTexts(server.dataDir)[0]!;
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
