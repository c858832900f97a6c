/**
 * The whole night's job from the phone (390 px), against the real server: the page SMS (a text file
 * in DATA_DIR/sms, no SMS provider) links the emergency, "Jeg tager den" takes it, the same page
 * then offers "Ringet op", and the inbox's lead page shows both in its timeline. axe finds nothing
 * on the phone page after taking it nor after "Ringet op".
 */
import { expect, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { describeStaffed, journeyStaff } from './support/staffed-server';
import { firstPageSms, sendEmergency } from './support/oncall-journey';
import { logInFirstTime } from './support/staff-login';

test.use({ viewport: { width: 390, height: 844 } });

const staff = journeyStaff('Bo Vagt', { phone: '+4523344556', onCall: true });

describeStaffed('the callback from the phone', { name: 'oncall-callback', staff }, (server) => {
  test('SMS link → "Jeg tager den" → "Ringet op", and the lead\'s timeline shows both', async ({ page }) => {
    const visitor = { name: `Eva Opkald ${uniqueSuffix()}`, email: `eva.${uniqueSuffix()}@example.dk` };
    await sendEmergency(page, server.url, visitor, 'Vand under opvaskemaskinen, gulvet buler.');

    const { link, reference } = await firstPageSms(server.dataDir, staff.phone!);

    // The phone: take it, and the same page offers "Ringet op".
    await page.goto(link);
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
