import type { Page } from '@playwright/test';
import { expect, test, uniqueSuffix } from './fixtures';
import { gotoHydrated } from './support/page-helpers';

const addressField = (page: Page, formName: string) =>
  page.getByRole('form', { name: formName }).getByRole('combobox', { name: 'Adresse' });

const suggestions = [
  'Testvej 1, 4000 Roskilde',
  'Testvej 2, 4000 Roskilde',
  'Testvej 3, 4000 Roskilde',
  'Testvej 4, 4000 Roskilde',
  'Testvej 5, 4000 Roskilde',
];

test.describe('address autocomplete', () => {
  test('suggestions come 300 ms after typing stops, one request, and are chosen with the keyboard', async ({
    page,
    addressProvider,
  }) => {
    await gotoHydrated(page, '/akut-skade');
    const field = addressField(page, 'Akut henvendelse');
    const token = uniqueSuffix();
    addressProvider.setMode({ kind: 'fixed', texts: suggestions });

    // Two characters ask nothing.
    await field.pressSequentially('Te');
    await page.waitForTimeout(700);
    expect(addressProvider.requests).toHaveLength(0);
    await expect(page.getByRole('listbox')).toBeHidden();

    // Quick typing (under 300 ms between keys) asks once, for the whole text, for 8 suggestions.
    await field.pressSequentially(`stvej ${token}`, { delay: 60 });
    const listbox = page.getByRole('listbox', { name: 'Adresseforslag' });
    await expect(listbox).toBeVisible();
    await expect(listbox.getByRole('option')).toHaveCount(5);
    const asked = addressProvider.requests.filter((r) => r.q?.includes(token));
    expect(asked.map((r) => r.q)).toEqual([`Testvej ${token}`]);
    expect(asked[0]?.limit).toBe('8');
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('status').filter({ hasText: '5 adresseforslag' })).toHaveCount(1);

    await field.press('ArrowDown');
    await field.press('ArrowDown');
    const active = await field.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await expect(page.locator(`[id="${active}"]`)).toHaveText(suggestions[1] ?? '');
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
    await field.press('Enter');
    await expect(field).toHaveValue(suggestions[1] ?? '');
    await expect(listbox).toBeHidden();
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    // Enter chose a suggestion; it did not submit the form.
    await expect(page.getByText('Ret venligst følgende')).toHaveCount(0);
  });

  test('Escape closes the list and keeps what was typed; the field stays free text', async ({
    page,
    addressProvider,
  }) => {
    await gotoHydrated(page, '/akut-skade');
    const field = addressField(page, 'Akut henvendelse');
    addressProvider.setMode({ kind: 'fixed', texts: suggestions });
    const typed = `Min egen vej ${uniqueSuffix()}`;
    await field.fill(typed);
    await expect(page.getByRole('listbox', { name: 'Adresseforslag' })).toBeVisible();
    await field.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Adresseforslag' })).toBeHidden();
    await expect(field).toHaveValue(typed);
  });

  test('a suggestion can be chosen with the mouse on the damage report too', async ({
    page,
    addressProvider,
  }) => {
    await gotoHydrated(page, '/anmeldelse');
    const field = addressField(page, 'Skadeanmeldelse');
    addressProvider.setMode({ kind: 'ok' });
    await field.fill('Algade 3');
    await page.getByRole('option', { name: 'Algade 33, 4000 Roskilde' }).click();
    await expect(field).toHaveValue('Algade 33, 4000 Roskilde');
  });

  test('with the provider down the list stays away, nothing is shown, and the field keeps working', async ({
    page,
    addressProvider,
  }) => {
    await gotoHydrated(page, '/akut-skade');
    const field = addressField(page, 'Akut henvendelse');
    addressProvider.setMode({ kind: 'error', status: 500 });
    const token = uniqueSuffix();
    await field.fill(`Nedevej ${token}`);
    await expect.poll(() => addressProvider.requests.some((r) => r.q?.includes(token))).toBe(true);
    await page.waitForTimeout(500);
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(page.getByTestId('adresse-spinner')).toHaveCount(0);
    await expect(field).toHaveValue(`Nedevej ${token}`);

    // A provider that answers garbage or hangs up is treated the same way.
    addressProvider.setMode({ kind: 'garbage' });
    await field.fill(`Rodvej ${token}`);
    await expect
      .poll(() => addressProvider.requests.some((r) => r.q?.includes(`Rodvej ${token}`)))
      .toBe(true);
    await page.waitForTimeout(500);
    await expect(page.getByRole('listbox')).toBeHidden();
  });

  test('a slow provider shows the spinner, and after the 2 s time-out just no suggestions', async ({
    page,
    addressProvider,
  }) => {
    await gotoHydrated(page, '/akut-skade');
    const field = addressField(page, 'Akut henvendelse');
    addressProvider.setMode({ kind: 'slow', delayMs: 5000 });
    await field.fill(`Langsomvej ${uniqueSuffix()}`);
    const spinner = page.getByTestId('adresse-spinner');
    await expect(spinner).toBeVisible();
    await expect(field).toHaveAttribute('aria-busy', 'true');
    await expect(spinner).toBeHidden({ timeout: 4000 });
    await expect(page.getByRole('listbox')).toBeHidden();
  });
});
