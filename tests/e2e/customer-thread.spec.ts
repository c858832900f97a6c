/**
 * One conversation with the customer, on a phone (390 px) against the real server: staff open a
 * damage report's lead, pick a ready-made answer, edit it and send it by e-mail; the customer's
 * case page shows it under the staff member's first name only; the customer answers there; the
 * inbox's lead page shows both in order, and the list's deadline ("svar inden …") has turned to
 * "Besvaret". axe finds nothing on either page with the thread.
 */
import type { Locator } from '@playwright/test';
import { company } from '../../domain/company';
import { expect, test, uniqueSuffix } from './fixtures';
import { waterDamageReport, postLeadWithCaseLink } from './support/api-leads';
import { expectNoAxeViolations } from './support/axe';
import { describeStaffed, journeyStaff } from './support/staffed-server';
import { logInFirstTime } from './support/staff-login';

test.use({ viewport: { width: 390, height: 844 } });

const staff = journeyStaff('Mette Trådsen');

/** The texts of a thread's messages, top to bottom. */
async function messageTexts(thread: Locator): Promise<string[]> {
  return thread.locator('ol > li').allTextContents();
}

describeStaffed('the conversation with the customer', { name: 'customer-thread', staff }, (server) => {
  test('staff answer with an edited ready-made reply, the customer reads it and answers on the case page', async ({
    page,
    context,
    request,
    waitForMail,
    consoleErrors,
  }) => {
    const name = `Karen Tråd ${uniqueSuffix()}`;
    const email = `karen.traad.${uniqueSuffix()}@example.dk`;
    const { reference, caseLink } = await postLeadWithCaseLink(
      request,
      server.url,
      waterDamageReport({ name, email }, 'Vand i kælderen efter skybruddet.'),
      waitForMail,
    );

    // Staff log in (password, then the authenticator app) and open the lead.
    const inbox = await context.newPage();
    consoleErrors.track(inbox);
    await logInFirstTime(inbox, server.url, staff);
    // The list itself, not the new emergencies shown above it: the report waits for its first answer.
    const listRow = inbox
      .locator('section[aria-labelledby="lead-list-heading"]')
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(listRow).toContainText('svar inden');
    await listRow.getByRole('link', { name }).click();
    await expect(inbox.getByRole('heading', { level: 1, name })).toBeVisible();

    // A ready-made answer, filled from the lead, edited, sent by e-mail.
    const thread = inbox.getByRole('region', { name: 'Beskeder' });
    await expect(thread).toContainText('Ingen beskeder endnu.');
    await thread.getByLabel('Standardsvar').selectOption({ label: 'Vi har modtaget – vi ringer i dag' });
    const field = thread.getByLabel('Besked', { exact: true });
    await expect(field).toHaveValue(
      `Tak for din henvendelse, Karen. Vi har modtaget din sag ${reference} og ringer til dig i løbet af i dag, så vi kan aftale det videre forløb.`,
    );
    await field.press('End');
    await field.pressSequentially(' Tag gerne billeder af <kælderen>.');
    await expect(thread.getByRole('radio', { name: 'E-mail' })).toBeChecked();
    await thread.getByRole('button', { name: 'Send besked' }).click();
    await expect(thread.getByRole('status')).toHaveText(
      'Beskeden er gemt på sagssiden og sendes som e-mail.',
    );
    await expect(field).toHaveValue('');
    const ours = thread.locator('ol > li').filter({ hasText: 'Tag gerne billeder af <kælderen>.' });
    await expect(ours).toContainText(`Fra os (${staff.name})`);
    // The outbox sends it; the page shows the new state when the lead's version changes.
    await expect(ours).toContainText('E-mail: Sendt', { timeout: 30_000 });
    const mail = await waitForMail((entry) =>
      (entry.parsed.text ?? '').includes('Tag gerne billeder af <kælderen>.'),
    );
    expect(JSON.stringify(mail.parsed.to)).toContain(email);

    // The customer's case page: the message under the first name only, markup as text.
    await page.goto(caseLink);
    const caseThread = page.getByRole('region', { name: 'Beskeder' });
    await expect(caseThread).toContainText(`Karen. Vi har modtaget din sag ${reference}`);
    await expect(caseThread).toContainText(`Mette fra ${company.name}`);
    await expect(caseThread).toContainText('Tag gerne billeder af <kælderen>.');
    await expect(caseThread).not.toContainText('Trådsen');
    await expect(caseThread).not.toContainText(staff.email);
    await expectNoAxeViolations(page, 'case page with our message in the thread');

    // The customer answers on the page; the thread shows it after ours.
    await caseThread.getByRole('link', { name: 'Svar os nederst på siden' }).click();
    await page.getByLabel('Din besked').fill('Tak! Vi er hjemme hele dagen.');
    await page.getByRole('button', { name: 'Send besked' }).click();
    await expect(page.getByRole('status')).toContainText('Tak for din besked');
    const onPage = await messageTexts(caseThread);
    expect(onPage).toHaveLength(2);
    expect(onPage[0]).toContain(`Mette fra ${company.name}`);
    expect(onPage[1]).toContain('Du skrev');
    expect(onPage[1]).toContain('Tak! Vi er hjemme hele dagen.');
    await expectNoAxeViolations(page, 'case page with both sides of the thread');

    // The inbox: both in order, the customer's marked as written on the case page.
    await expect(
      thread.locator('ol > li').filter({ hasText: 'Tak! Vi er hjemme hele dagen.' }),
    ).toContainText('Fra kunden på sagssiden', { timeout: 20_000 });
    const inInbox = await messageTexts(thread);
    const ourIndex = inInbox.findIndex((text) => text.includes('Tag gerne billeder af <kælderen>.'));
    const theirIndex = inInbox.findIndex((text) => text.includes('Tak! Vi er hjemme hele dagen.'));
    expect(ourIndex).toBeGreaterThanOrEqual(0);
    expect(theirIndex).toBeGreaterThan(ourIndex);
    await expectNoAxeViolations(inbox, 'lead page with the thread');

    // Our message was the first answer: the list no longer counts down for it.
    await inbox.goto(`${server.url}/indbakke`);
    await expect(listRow).toContainText('Besvaret');
    await expect(listRow).not.toContainText('svar inden');
  });
});
