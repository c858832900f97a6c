/**
 * The drying log on the lead page, on a phone (390 px), against the real server under its strict
 * CSP: a technician records two readings at one point (the second starts at the same room and
 * point), sees the curve named in one sentence with its table, is told at the field when a value
 * is off its scale, and withdraws a mistaken reading. Axe finds nothing on the section.
 */
import { expect, test, uniqueSuffix } from './fixtures';
import { postLead, waterEmergency } from './support/api-leads';
import { expectNoAxeViolations } from './support/axe';
import { describeStaffed, journeyStaff } from './support/staffed-server';
import { logInFirstTime } from './support/staff-login';

test.use({ viewport: { width: 390, height: 844 } });

const staff = journeyStaff('Tina Tekniker');

describeStaffed('the drying log', { name: 'drying-log', staff }, (server) => {
  test('records readings, draws their curve, refuses a value off its scale and withdraws one', async ({
    page,
    request,
    consoleErrors,
  }) => {
    // The value off its scale below: the browser logs the API's 400 answer.
    consoleErrors.ignore(/status of 400 .*\/moisture/);
    const name = `Vera Vand ${uniqueSuffix()}`;
    await postLead(
      request,
      server.url,
      waterEmergency({ name, email: `vera.${uniqueSuffix()}@example.dk` }, 'Vand under gulvet i stuen.'),
    );
    await logInFirstTime(page, server.url, staff);
    await page.getByRole('link', { name }).first().click();
    const log = page.getByRole('region', { name: 'Affugtning og fugtmålinger' });
    await expect(log).toContainText('Der er ingen fugtmålinger endnu.');

    await log.getByLabel(/^Rum/).fill('Stue');
    await log.getByLabel(/^Målepunkt/).fill('A');
    await log.getByLabel(/^Måling/).fill('28');
    await log.getByLabel(/^Målværdi/).fill('15');
    await log.getByRole('button', { name: 'Gem måling' }).click();
    await expect(log.getByText('Målingen 28 % er gemt for Stue, punkt A.')).toBeVisible();

    // The next reading starts at the same room and point.
    await expect(log.getByLabel(/^Rum/)).toHaveValue('Stue');
    await expect(log.getByLabel(/^Målepunkt/)).toHaveValue('A');
    await log.getByLabel(/^Måling/).fill('24,5');
    await log.getByRole('button', { name: 'Gem måling' }).click();
    await expect(log.getByText('Målingen 24,5 % er gemt for Stue, punkt A.')).toBeVisible();
    const curve = log.getByRole('img', {
      name: /^Stue, punkt A: fra 28 % den \d+\.\d+\. til 24,5 % den \d+\.\d+\., mål 15 %$/,
    });
    await expect(curve).toBeVisible();
    await expect(
      log.getByRole('table', { name: 'Målinger: Stue, punkt A, mål 15 %' }).getByRole('row'),
    ).toHaveCount(3);

    // A percentage over 100: said at the field, nothing saved.
    await log.getByLabel(/^Måling/).fill('140');
    await log.getByRole('button', { name: 'Gem måling' }).click();
    await expect(log.getByText('En måling i procent skal ligge mellem 0 og 100.')).toBeVisible();
    await expect(log.getByLabel(/^Måling/)).toHaveAttribute('aria-invalid', 'true');

    await log.getByRole('button', { name: /^Træk tilbage: målingen 24,5 % / }).click();
    await expect(log.getByText('Målingen 24,5 % er trukket tilbage.')).toBeVisible();
    await expect(
      log.getByRole('img', { name: /^Stue, punkt A: 28 % den \d+\.\d+\., mål 15 %$/ }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'lead page with the drying log');
  });
});
