/**
 * On call against the real server, on a phone (390 px): a visitor's emergency pages the person on
 * call by SMS (no SMS provider: the SMS is a text file in DATA_DIR/sms), its link opens the
 * summary with "Jeg tager den", and in the inbox the lead shows the page and the acknowledgement
 * in its timeline and "Ringet op" stamps the callback. With the list open, a new emergency
 * appears within one poll without a reload, and the tab title counts it.
 */
import type { LiveAnswer } from '../../domain/staff-api/oncall';
import { expect, test, uniqueSuffix } from './fixtures';
import { describeStaffed, journeyStaff } from './support/staffed-server';
import { firstPageSms, sendEmergency } from './support/oncall-journey';
import { logInFirstTime } from './support/staff-login';

test.use({ viewport: { width: 390, height: 844 } });

const staff = journeyStaff('Anna Vagt', { phone: '+4521223344', onCall: true });

describeStaffed('on call against the server', { name: 'oncall', staff }, (server) => {
  test('the SMS link takes the emergency, the lead shows it and "Ringet op", and the list updates live', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const visitor = { name: `Carl Akut ${uniqueSuffix()}`, email: `carl.${uniqueSuffix()}@example.dk` };
    await sendEmergency(page, server.url, visitor, 'Vand fra loftet i køkkenet. Det drypper stadig.');

    // The page SMS, written as a file, carries the acknowledgement link.
    const { link, reference } = await firstPageSms(server.dataDir, staff.phone!);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: `AKUT ${reference}` })).toBeVisible();
    await expect(page.getByText('Vandskade').first()).toBeVisible();
    await page.getByRole('button', { name: 'Jeg tager den' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Du har taget ${reference}` })).toBeVisible();

    // First login: password, then the authenticator app.
    await logInFirstTime(page, server.url, staff);
    await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();

    // The lead: its timeline has the page and the acknowledgement; "Ringet op" stamps the callback.
    await page.getByRole('link', { name: visitor.name }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
    const handling = page.getByRole('region', { name: 'Vagt og opkald' });
    const timeline = handling.getByRole('list');
    await expect(timeline.getByRole('listitem').first()).toContainText('Modtaget');
    await expect(timeline).toContainText(`SMS sendt til ${staff.name} (trin 1)`);
    await expect(timeline).toContainText(`Taget af ${staff.name}`);
    await expect(handling.getByLabel('Tildelt')).toHaveValue(/.+/);
    await handling.getByRole('button', { name: 'Ringet op' }).click();
    await expect(
      handling.getByText(
        new RegExp(`^Ringet op af ${staff.name} \\d+\\. \\w+\\.? \\d{4} kl\\. \\d\\d\\.\\d\\d\\.$`),
      ),
    ).toBeVisible();
    await expect(timeline).toContainText(`Ringet op af ${staff.name}`);

    // The live list: a new emergency appears within one poll, without a reload, and is counted.
    await page
      .getByRole('navigation', { name: 'Indbakken' })
      .getByRole('link', { name: 'Henvendelser' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();
    await expect(page).toHaveTitle('Henvendelser | Indbakke');
    await page.evaluate(() => {
      (window as { stillHere?: boolean }).stillHere = true;
    });
    // Every answer of the live poll, with the time its request was made.
    const polls: Array<{ startedAt: number; newestLeadId: string | null }> = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/staff/live') return;
      const { newestLeadId } = (await response.json()) as LiveAnswer;
      polls.push({ startedAt: response.request().timing().startTime, newestLeadId });
    });
    await expect.poll(() => polls.length, 'a poll answered before the emergency is sent').toBeGreaterThan(0);
    const second = { name: `Dorte Akut ${uniqueSuffix()}`, email: `dorte.${uniqueSuffix()}@example.dk` };
    const visitorPage = await context.newPage();
    consoleErrors.track(visitorPage);
    await sendEmergency(visitorPage, server.url, second, 'Vand fra loftet i køkkenet. Det drypper stadig.');
    const sentAt = Date.now();
    await visitorPage.close();
    const urgent = page.getByRole('region', { name: /Nye akutte skader/ });
    await expect(urgent).toBeVisible({ timeout: 15_000 });
    // On a phone the block starts folded: open it.
    if ((await urgent.locator('details').getAttribute('open')) === null)
      await urgent.locator('summary').click();
    await expect(urgent.getByRole('link', { name: second.name })).toBeVisible({ timeout: 15_000 });
    const before = polls.filter(({ startedAt }) => startedAt < sentAt).at(-1);
    const firstAfter = polls.find(({ startedAt }) => startedAt >= sentAt);
    expect(firstAfter?.newestLeadId, 'the first poll after sending brings the new lead').not.toBe(
      before?.newestLeadId,
    );
    await expect(page).toHaveTitle('(1) Henvendelser | Indbakke');
    await expect(page.getByRole('status').filter({ hasText: /Ny akut skade: SK-/ })).toBeAttached();
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
  });
});
