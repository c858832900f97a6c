import { readPhone } from './phone.ts';

/**
 * Whom a personal-data request is about, and how two spellings of the same address or number
 * compare: e-mail trimmed and lower-cased, phone in E.164 by the phone rule of the forms
 * ('+45 12 34 56 78' = '12345678' = '+4512345678'). The server finds and erases by this; the
 * inbox checks the typed confirmation by it before asking.
 */
export type PersonBy = 'email' | 'phone';

/** The address or number as stored, or null when it is not a valid one. */
export function normalisePersonValue(by: PersonBy, value: string): string | null {
  // Read, not judged: a number stored before the metadata check must still be found and erased.
  if (by === 'phone') return readPhone(value);
  const email = value.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}

/**
 * One mailbox, however it is written: trimmed, lower-case, and without a `+tag` in the local
 * part (victim+1@example.dk and victim+2@example.dk reach the same person).
 */
export function normaliseEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`;
}
