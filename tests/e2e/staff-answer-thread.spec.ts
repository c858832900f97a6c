/**
 * Answering a customer from the lead page on a phone (390 px), against the real server: the page
 * offers no mailto: (the answer is written in the thread, where colleagues see it); the composer
 * says which greeting the e-mail gets, and none when the text greets on its own; the e-mail the
 * customer gets greets once, is signed and sent by the staff member, and is not marked automatic.
 * axe finds nothing on the page.
 */
import { expect, test, uniqueSuffix } from './fixtures';
import { postLead, waterDamageReport } from './support/api-leads';
import { expectNoAxeViolations } from './support/axe';
import { describeStaffed, journeyStaff } from './support/staffed-server';
import { logInFirstTime } from './support/staff-login';

test.use({ viewport: { width: 390, height: 844 } });

const staff = journeyStaff('Bo Svarsen');

describeStaffed('answering the customer in the thread', { name: 'staff-answer', staff }, (server) => {
  test('no mailto:, the greeting shown before sending, one greeting and the writer’s name in the e-mail', async ({
    page,
    request,
    waitForMail,
  }) => {
    const name = 'Karin Vestergaard';
    const email = `karin.${uniqueSuffix()}@example.dk`;
    const reference = await postLead(
      request,
      server.url,
      waterDamageReport({ name, email }, 'Vand i kælderen.'),
    );

    await logInFirstTime(page, server.url, staff);
    await page
      .locator('section[aria-labelledby="lead-list-heading"]')
      .getByRole('listitem')
      .filter({ hasText: reference })
      .getByRole('link', { name })
      .click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Nothing on the page writes to the customer outside the thread.
    await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
    await page.getByRole('link', { name: 'Skriv til kunden' }).click();
    const thread = page.getByRole('region', { name: 'Beskeder' });
    const field = thread.getByLabel('Besked', { exact: true });
    await expect(field).toBeInViewport();

    await field.fill('Vi kommer tirsdag kl. 9.');
    await expect(thread).toContainText(`E-mailen begynder med »Hej ${name},« før din tekst`);
    await field.fill('Hej Karin.\nVi kommer tirsdag kl. 9.');
    await expect(thread).toContainText('Din tekst har sin egen hilsen, så e-mailen sætter ingen foran.');
    await expectNoAxeViolations(page, 'lead page with the composer’s greeting');
    await thread.getByRole('button', { name: 'Send besked' }).click();
    await expect(thread.getByRole('status')).toHaveText(
      'Beskeden er gemt på sagssiden og sendes som e-mail.',
    );

    const mail = await waitForMail(
      (candidate) =>
        candidate.envelope.to.includes(email) && candidate.parsed.subject?.startsWith('Re: ') === true,
    );
    expect(mail.parsed.text?.startsWith('Hej Karin.\nVi kommer tirsdag kl. 9.')).toBe(true);
    expect(mail.parsed.text).not.toContain(`Hej ${name},`);
    expect(mail.parsed.text).toContain(`Venlig hilsen\n${staff.name}\nSkadekompagniet`);
    expect(mail.parsed.from?.value[0]?.name).toBe(`${staff.name}, Skadekompagniet`);
    expect(mail.parsed.headers.has('auto-submitted')).toBe(false);
  });
});
