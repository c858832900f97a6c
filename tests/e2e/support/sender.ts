/**
 * A sender of one journey alone: a phone number and an address no other journey on its server uses.
 *
 * An emergency from the phone number or the address of an open emergency from the last 30
 * minutes is linked to it as a duplicate: no on-call page, and the sender is told "Vi har allerede
 * din henvendelse SK-…" instead of the callback promise (docs/decisions/duplicate-emergencies.md).
 * The journeys of a Playwright worker share one server and so one database, so a journey that
 * sends an emergency takes its sender from here, unless the journey is about duplicates.
 *
 * Unique within the worker process (a counter), which is all that counts: each worker, and each
 * server a journey starts itself, has a database of its own. The numbers are real-looking Danish
 * ones (4x xx xx xx), as the phone check asks, of a kind an SMS can reach; no fixed journey uses
 * the street.
 */

/** Who sends: the phone in its forms, and an address of a street no fixed journey uses. */
export interface Sender {
  /** As a visitor writes it and the site shows it: '41 23 45 67'. */
  phone: string;
  /** The eight digits alone: '41234567'. */
  digits: string;
  /** Street and house number: 'Skybrudsvej 17'. */
  street: string;
  /** The whole address: 'Skybrudsvej 17, 4000 Roskilde'. */
  address: string;
}

const start = Math.floor(Math.random() * 4_000_000);
let made = 0;

/**
 * The n-th number of 4[1-9][1-9]xxxxx: a third digit of 0 (410…, 420…) is a range the numbering
 * plan leaves unused, so such a number would pass the form but could never get an SMS.
 */
function phoneDigits(n: number): string {
  const second = 1 + Math.floor(n / 900_000);
  const third = 1 + Math.floor((n % 900_000) / 100_000);
  return `4${second}${third}${String(n % 100_000).padStart(5, '0')}`;
}

export function sender(): Sender {
  made += 1;
  const digits = phoneDigits(start + made);
  const phone = `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}`;
  const street = `Skybrudsvej ${((start + made) % 900) + 1}`;
  return { phone, digits, street, address: `${street}, 4000 Roskilde` };
}
