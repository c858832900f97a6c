/**
 * The adjusters' form on /rekvisition on a phone (390 px): with scripts, an empty send names every
 * missing field in Danish (the page passes axe in that state too), then the assignment with a photo
 * lands on /tak with its RK- reference and the adjuster's receipt arrives, an urgent one on /tak
 * saying it is handled as urgent; without scripts the
 * browser posts the form itself, the server answers a missing phone and e-mail with the form
 * again, then with /tak.
 */
import type { Page } from '@playwright/test';
import { makePng } from '../support/images';
import { expect, test, uniqueSuffix } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/page-helpers';
import { sender } from './support/sender';

test.use({ viewport: { width: 390, height: 844 } });

const form = (page: Page) => page.getByRole('form', { name: 'Rekvisition' });

/** Every field but the policyholder's phone and e-mail. */
async function fillAssignment(page: Page, adjusterEmail: string) {
  const f = form(page);
  await f.getByRole('combobox', { name: 'Forsikringsselskab', exact: true }).selectOption({ label: 'Tryg' });
  await f.getByLabel('Taksators navn').fill('Tina Taksator');
  await f.getByLabel('Taksators e-mail').fill(adjusterEmail);
  await f.getByLabel('Skadenummer').fill(`TRY-${uniqueSuffix()}`);
  await f.getByLabel('Hastegrad').selectOption({ label: 'Normal' });
  await f.getByLabel('Forsikringstagers navn').fill('Per Jensen');
  await f.getByRole('combobox', { name: 'Adresse' }).fill(sender().address);
  await f.getByRole('combobox', { name: 'Adresse' }).press('Escape');
  await f.getByLabel('Skadetype').selectOption({ label: 'Vandskade' });
  await f.getByLabel('Adgang til skadestedet').fill('Nøgle hos naboen');
}

test('an adjuster hands a claim over with a photo, after the form names what is missing', async ({
  page,
  waitForMail,
}) => {
  const adjuster = `tina.${uniqueSuffix()}@tryg.example`;
  await gotoHydrated(page, '/rekvisition');
  await form(page).getByRole('button', { name: 'Send rekvisition' }).click();
  const summary = form(page).getByRole('alert').first();
  for (const message of [
    'Vælg forsikringsselskab',
    'Taksators navn er påkrævet',
    'Skadenummer er påkrævet',
    'Angiv forsikringstagers telefonnummer eller e-mail',
    'Vælg hastegrad',
  ]) {
    await expect(summary.getByRole('link', { name: message })).toBeVisible();
  }
  await expectNoAxeViolations(page, '/rekvisition with its messages');

  await fillAssignment(page, adjuster);
  await form(page).getByLabel('Forsikringstagers telefon').fill(sender().phone);
  await form(page)
    .getByLabel('Vælg billeder')
    .setInputFiles([{ name: 'kaelder.png', mimeType: 'image/png', buffer: makePng(24, 16) }]);
  await form(page).getByRole('button', { name: 'Send rekvisition' }).click();

  await expect(page).toHaveURL(/\/tak\?ref=RK-[A-Z0-9]{6}&type=rekvisition$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tak – rekvisitionen er modtaget');
  const reference = new URL(page.url()).searchParams.get('ref')!;
  await expect(page.getByTestId('reference')).toContainText(reference);

  const receipt = await waitForMail((mail) => mail.envelope.to.includes(adjuster));
  expect(receipt.parsed.text).toContain(`Referencenummeret er ${reference}.`);
  expect(receipt.parsed.text).toContain('Billeder: 1 billede');
});

test('an urgent assignment lands on /tak saying it is handled as urgent', async ({ page }) => {
  await gotoHydrated(page, '/rekvisition');
  await fillAssignment(page, `tina.${uniqueSuffix()}@tryg.example`);
  await form(page).getByLabel('Hastegrad').selectOption({ label: 'Akut' });
  await form(page).getByLabel('Forsikringstagers telefon').fill(sender().phone);
  await form(page).getByRole('button', { name: 'Send rekvisition' }).click();

  await expect(page).toHaveURL(/\/tak\?ref=RK-[A-Z0-9]{6}&type=rekvisition&akut=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tak – rekvisitionen behandles som akut');
  await expect(page.getByText('Vores vagt er kaldt')).toBeVisible();
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });
  // The answer to a form that cannot be taken is the page with status 400, which Chromium logs.
  test.beforeEach(({ consoleErrors }) => consoleErrors.ignore(/status of 400/));

  test('the server asks for the phone or e-mail, keeps what was typed, then takes the assignment', async ({
    page,
  }) => {
    await page.goto('/rekvisition');
    await fillAssignment(page, `tina.${uniqueSuffix()}@tryg.example`);
    await form(page).getByRole('button', { name: 'Send rekvisition' }).click();

    const answered = form(page);
    await expect(answered.getByLabel('Forsikringstagers telefon')).toHaveAccessibleDescription(
      'Angiv forsikringstagers telefonnummer eller e-mail',
    );
    await expect(answered.getByLabel('Taksators navn')).toHaveValue('Tina Taksator');
    await answered.getByLabel('Forsikringstagers e-mail').fill(`per.${uniqueSuffix()}@example.dk`);
    await answered.getByRole('button', { name: 'Send rekvisition' }).click();

    await expect(page).toHaveURL(/\/tak\?ref=RK-[A-Z0-9]{6}&type=rekvisition#tak-besked$/);
    await expect(page.locator('#tak-besked')).toContainText('Vi kontakter forsikringstageren.');
  });
});
