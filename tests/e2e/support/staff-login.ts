import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';

/**
 * A staff member's first login: password, then connecting the authenticator app with the secret
 * the page shows, then past the recovery codes. Answers the app's codes, for later steps that ask.
 */
export async function logInFirstTime(
  page: Page,
  baseUrl: string,
  staff: { email: string; password: string },
): Promise<TOTP> {
  await page.goto(`${baseUrl}/indbakke/login`);
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Adgangskode').fill(staff.password);
  await page.getByRole('button', { name: 'Log ind' }).click();
  const secret = ((await page.locator('code').textContent()) ?? '').replace(/\s+/g, '');
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  await page.getByLabel('Skriv den 6-cifrede kode, appen viser.').fill(totp.generate());
  await page.getByRole('button', { name: 'Forbind appen' }).click();
  await page.getByRole('button', { name: 'Jeg har gemt koderne' }).click();
  return totp;
}
