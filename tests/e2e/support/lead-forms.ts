/** The required fields of the public damage forms, filled as a visitor would. */
import type { Locator } from '@playwright/test';
import { sender } from './sender';

/**
 * The emergency form's required fields (Tryg, water damage), from a phone and address of its own
 * (the same as another's would make it a duplicate); answers the address.
 */
export async function fillEmergencyRequired(
  form: Locator,
  who: { name: string; email: string },
): Promise<string> {
  const { address, phone } = sender();
  await form.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(who.name);
  await form.getByRole('combobox', { name: 'Adresse' }).fill(address);
  await form.getByRole('combobox', { name: 'Adresse' }).press('Escape');
  await form.getByRole('textbox', { name: 'Telefon', exact: true }).fill(phone);
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(who.email);
  await form.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
  await form.getByLabel('Skadetype').selectOption({ label: 'Vandskade' });
  return address;
}

/** The damage report form's person and damage fields: a cloudburst in Roskilde, insured with Tryg. */
export async function fillReportRequired(form: Locator, who: { name: string; email: string }) {
  await form.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(who.name);
  await form.getByRole('textbox', { name: 'Telefon', exact: true }).fill('22 34 56 78');
  await form.getByRole('combobox', { name: 'Adresse' }).fill('Algade 1, 4000 Roskilde');
  await form.getByRole('combobox', { name: 'Adresse' }).press('Escape');
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(who.email);
  await form.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
  await form.getByLabel('Skadetype').selectOption({ label: 'Skybrudsskade' });
}
