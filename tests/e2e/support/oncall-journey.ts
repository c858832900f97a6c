/**
 * What the on-call journeys share: the SMS the server wrote (no SMS provider: each is a text file
 * in DATA_DIR/sms), and an emergency sent through the scripted form from a sender of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { makePng } from '../../support/images';
import { gotoHydrated } from './page-helpers';
import { fillEmergencyRequired } from './lead-forms';

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

/**
 * The first page SMS, once the server has written it: to the phone given, with the link that
 * acknowledges the emergency and its reference.
 */
export async function firstPageSms(
  dataDir: string,
  to: string,
): Promise<{ sms: string; link: string; reference: string }> {
  await expect.poll(() => smsTexts(dataDir).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const sms = smsTexts(dataDir)[0]!;
  expect(sms).toContain(`Til: ${to}`);
  const link = /https?:\/\/\S+\/v\/\S+/.exec(sms)?.[0];
  expect(link, sms).toBeTruthy();
  const reference = /AKUT NORMAL (SK-[\w-]+)/.exec(sms)?.[1];
  expect(reference, sms).toBeTruthy();
  return { sms, link: link!, reference: reference! };
}

/**
 * An emergency through the scripted form, with `photos` pictures, from a phone and address of its
 * own (the same as another's would make it a duplicate); answers the address.
 */
export async function sendEmergency(
  page: Page,
  origin: string,
  who: { name: string; email: string },
  description: string,
  photos = 0,
): Promise<string> {
  await gotoHydrated(page, `${origin}/akut-skade`);
  const form = page.getByRole('form', { name: 'Akut henvendelse' });
  const address = await fillEmergencyRequired(form, who);
  await form.getByLabel('Beskrivelse').fill(description);
  if (photos > 0) {
    await form.getByLabel('Vælg billeder').setInputFiles(
      Array.from({ length: photos }, (_, i) => ({
        name: `skade-${i + 1}.png`,
        mimeType: 'image/png',
        buffer: makePng(48, 36, [40 * i, 120, 200 - 40 * i]),
      })),
    );
    await expect(form.getByText('Klar til email')).toHaveCount(photos);
  }
  await form.getByRole('button', { name: 'Send akut henvendelse' }).click();
  await expect(page.getByRole('region', { name: /Meddelelser/ })).toContainText('Akut henvendelse sendt!');
  return address;
}
