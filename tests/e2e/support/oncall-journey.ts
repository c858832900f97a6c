/**
 * What the on-call journeys share: the SMS the server wrote (no SMS provider: each is a text file
 * in DATA_DIR/sms), and an emergency sent through the scripted form from a sender of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { gotoHydrated } from './page-helpers';
import { sender } from './sender';

/** The texts of the SMS written so far, oldest first. */
export function smsTexts(dataDir: string): string[] {
  const dir = path.join(dataDir, 'sms');
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.txt'))
      .sort()
      .map((name) => readFileSync(path.join(dir, name), 'utf8'));
  } catch {
    return [];
  }
}

/** An emergency from a phone and address of its own, so it is no duplicate of another. */
export async function sendEmergency(
  page: Page,
  origin: string,
  who: { name: string; email: string },
  description: string,
) {
  const { address, phone } = sender();
  await gotoHydrated(page, `${origin}/akut-skade`);
  const form = page.getByRole('form', { name: 'Akut henvendelse' });
  await form.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(who.name);
  await form.getByRole('combobox', { name: 'Adresse' }).fill(address);
  await form.getByRole('combobox', { name: 'Adresse' }).press('Escape');
  await form.getByRole('textbox', { name: 'Telefon', exact: true }).fill(phone);
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(who.email);
  await form.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
  await form.getByLabel('Skadetype').selectOption({ label: 'Vandskade' });
  await form.getByLabel('Beskrivelse').fill(description);
  await form.getByRole('button', { name: 'Send akut henvendelse' }).click();
  await expect(page.getByRole('region', { name: /Meddelelser/ })).toContainText('Akut henvendelse sendt!');
}
