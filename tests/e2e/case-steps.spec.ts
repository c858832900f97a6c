/**
 * The customer's case page tells only what is recorded, on a phone (390 px), against the real
 * server: after "Jeg tager den" alone it ticks no call and claims no kept promise; after "Ringet
 * op" in the inbox it ticks "Vi har ringet" and says the promise was kept; a visit time set on the
 * lead page shows on it as "Besigtigelse aftalt". The inbox's lead page shows the same steps, and
 * axe finds nothing on either page.
 */
import { expect, test, uniqueSuffix } from './fixtures';
import { waterEmergency, postLeadWithCaseLink } from './support/api-leads';
import { expectNoAxeViolations } from './support/axe';
import { describeStaffed, journeyStaff } from './support/staffed-server';
import { smsTexts } from './support/oncall-journey';
import { logInFirstTime } from './support/staff-login';

test.use({ viewport: { width: 390, height: 844 } });

const staff = journeyStaff('Vera Vagt', { phone: '+4521334455', onCall: true });

describeStaffed('the case steps from recorded facts', { name: 'case-steps', staff }, (server) => {
  test('"Jeg tager den" alone ticks no call; "Ringet op" and a visit time do', async ({
    page,
    context,
    request,
    waitForMail,
    consoleErrors,
  }) => {
    const name = `Ella Akut ${uniqueSuffix()}`;
    const email = `ella.${uniqueSuffix()}@example.dk`;
    const { reference, caseLink } = await postLeadWithCaseLink(
      request,
      server.url,
      waterEmergency({ name, email }, 'Vand fra loftet i køkkenet.'),
      waitForMail,
    );

    // The person on call takes it from the SMS, and calls nobody yet.
    await expect.poll(() => smsTexts(server.dataDir).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sms = smsTexts(server.dataDir).find((text) => text.includes(reference))!;
    const ackLink = /https?:\/\/\S+\/v\/\S+/.exec(sms)?.[0];
    expect(ackLink, sms).toBeTruthy();
    const phone = await context.newPage();
    consoleErrors.track(phone);
    await phone.goto(ackLink!);
    await phone.getByRole('button', { name: 'Jeg tager den' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: `Du har taget ${reference}` })).toBeVisible();
    await phone.close();

    // The customer's page: received, nothing more; the promise still running.
    await page.goto(caseLink);
    const status = page.getByRole('region', { name: 'Status' });
    await expect(status.locator('[aria-current="step"]')).toHaveText(/^Modtaget/);
    await expect(status.locator('li.done')).toHaveCount(1);
    await expect(status.getByRole('listitem').filter({ hasText: 'Vi har ringet' })).toContainText(
      'ikke sket',
    );
    const promise = page.getByRole('region', { name: /Vores løfte/ });
    await expect(promise).toContainText(/Vi ringer til dig inden for 15 minutter – senest kl\. \d\d\.\d\d\./);
    await expect(page.getByText('Løftet er holdt')).toHaveCount(0);
    await expectNoAxeViolations(page, 'case page after "Jeg tager den" alone');

    // The inbox: the same steps on the lead page; "Ringet op" stamps the call, a visit is set.
    const inbox = await context.newPage();
    consoleErrors.track(inbox);
    await logInFirstTime(inbox, server.url, staff);
    await inbox.getByRole('link', { name }).first().click();
    await expect(inbox.getByRole('heading', { level: 1, name })).toBeVisible();

    const steps = inbox.getByRole('region', { name: 'Kundens trin' });
    await expect(steps.locator('[aria-current="step"]')).toHaveText(/^Modtaget/);
    await expect(steps.getByRole('listitem').filter({ hasText: 'Vi har ringet' })).toContainText(
      'ikke registreret',
    );
    await expect(steps).toContainText('Kunden ser stadig »Modtaget«, indtil I melder arbejdet i gang.');
    await inbox
      .getByRole('region', { name: 'Vagt og opkald' })
      .getByRole('button', { name: 'Ringet op' })
      .click();
    await expect(steps.locator('[aria-current="step"]')).toHaveText(/^Vi har ringet/);
    await steps.getByLabel('Besigtigelse (dato og klokkeslæt)').fill('2026-12-03T10:00');
    await steps.getByRole('button', { name: 'Gem besigtigelse' }).click();
    await expect(inbox.getByText('Besigtigelsen er gemt: torsdag 3. dec. kl. 10.')).toBeVisible();
    await expect(steps.locator('[aria-current="step"]')).toHaveText(/^Besigtigelse aftalt/);
    await expectNoAxeViolations(inbox, 'lead page with the customer steps');

    // The customer's page now: the call ticked, the promise kept, the visit named.
    await page.reload();
    await expect(status.getByRole('listitem').filter({ hasText: 'Vi har ringet' })).toContainText(
      'gennemført',
    );
    await expect(status.locator('[aria-current="step"]')).toHaveText(/^Besigtigelse aftalt/);
    await expect(status).toContainText('Besigtigelse torsdag 3. dec. kl. 10');
    await expect(status.getByRole('listitem').filter({ hasText: 'I gang' })).toContainText('ikke sket');
    await expect(promise).toContainText(/Løftet er holdt: vi ringede \d+ minut(ter)? efter, at du skrev/);
    await expect(page.getByText('Vi ringer til dig')).toHaveCount(0);
    await expectNoAxeViolations(page, 'case page after "Ringet op"');
  });
});
