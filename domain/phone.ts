import { z } from 'zod';
import { parsePhoneNumberWithError } from 'libphonenumber-js/max';
import { isValidPhoneNumber } from 'libphonenumber-js/min';

/**
 * The one phone rule of every form, the API and staff numbers. Accepted when written as:
 *  - Danish numbers in their usual written forms: 8 digits, optionally prefixed by +45, 0045 or
 *    (+45), with spaces, hyphens or dots between groups ('20 12 34 56', '+45 20-12-34-56');
 *  - international numbers in E.164 form: '+' (or '00') and 8–15 digits, so a foreign loss
 *    adjuster or a tourist can be called back ('+46 70 123 45 67');
 * and only when libphonenumber's metadata says such a number can exist: '+45 00 00 00 00' or
 * '12 34 56 78' has the right shape but no Danish series holds it (docs/decisions/phone-validation.md).
 * Stored normalised as E.164: '+4520123456', '+46701234567'.
 */
const separators = /[\s\-.()]/g;
const danishPattern = /^(?:\+45|0045)?(\d{8})$/;
const internationalPattern = /^(?:\+|00)([1-9]\d{7,14})$/;

function compact(input: string): string {
  return input.trim().replace(separators, '');
}

/**
 * The written form read as E.164, without asking whether such a number exists: for finding a
 * number already stored (a personal-data request), never for taking a new one.
 */
export function readPhone(input: string): string | null {
  const text = compact(input);
  const danish = danishPattern.exec(text);
  if (danish) return `+45${danish[1]}`;
  // A Danish prefix with the wrong number of digits is a mistyped Danish number, not a foreign one.
  if (/^(?:\+45|0045)/.test(text)) return null;
  const international = internationalPattern.exec(text);
  return international ? `+${international[1]}` : null;
}

/** The normalised E.164 form, or null when the text is not a phone number we can call. */
export function normalisePhone(input: string): string | null {
  const number = readPhone(input);
  // The small ("min") metadata: the same rule in the browser's form chunk and on the server.
  return number && isValidPhoneNumber(number) ? number : null;
}

export function isPhone(input: string): boolean {
  return normalisePhone(input) !== null;
}

/** '+4512345678' → '12 34 56 78' for people reading it; other numbers stay in E.164 form. */
export function formatPhone(input: string): string {
  // Only read, not judged: numbers stored before the metadata check are still shown grouped.
  const normalised = readPhone(input);
  if (!normalised) return input;
  if (!normalised.startsWith('+45')) return normalised;
  const digits = normalised.slice(3);
  return `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)}`;
}

export const phoneMessages = {
  required: 'Telefonnummer er påkrævet',
  invalid: 'Indtast et gyldigt dansk telefonnummer (8 cifre)',
  invalidInternational: 'Indtast et gyldigt udenlandsk nummer: + og landekode, f.eks. +46 70 123 45 67',
  unknown: 'Telefonnummeret findes ikke – tjek cifrene',
} as const;

/** Someone writing a foreign number is told the international form, everyone else the Danish one. */
function looksInternational(input: string): boolean {
  const text = compact(input);
  return /^(?:\+|00)/.test(text) && !/^(?:\+45|0045)/.test(text);
}

const maxPhoneLength = 40;

export interface PhoneFieldMessages {
  required?: string;
  invalid?: string;
}

/**
 * The rule itself, for a value of a length the field accepts (the length checks say the rest).
 * Not an aborting check: an aborted issue would stop a form's own cross-field checks (e.g. the
 * damage report's conditional fields) from running, and the visitor would see errors in turns.
 */
function checkPhone(messages: PhoneFieldMessages, minLength = 1) {
  const invalid = messages.invalid ?? phoneMessages.invalid;
  return z.superRefine((value: string, ctx) => {
    if (value === '' || value.length < minLength || value.length > maxPhoneLength || isPhone(value)) return;
    const message =
      messages.invalid !== undefined
        ? invalid
        : readPhone(value) !== null
          ? phoneMessages.unknown
          : looksInternational(value)
            ? phoneMessages.invalidInternational
            : invalid;
    ctx.addIssue({ code: 'custom', message, input: value });
  });
}

/**
 * A required phone field: trimmed, checked with the rule above and normalised to E.164.
 * `minLength` lets a form keep its rule that anything shorter counts as missing.
 */
export function phoneField(messages: PhoneFieldMessages & { minLength?: number } = {}) {
  const required = messages.required ?? phoneMessages.required;
  const minLength = messages.minLength ?? 1;
  return z
    .string({ error: required })
    .trim()
    .min(minLength, { error: required })
    .max(maxPhoneLength, { error: messages.invalid ?? phoneMessages.invalid })
    .check(checkPhone(messages, minLength))
    .transform((value) => normalisePhone(value) ?? value);
}

/** An optional phone field: blank or missing is "not given" (undefined), anything else by the rule. */
export function optionalPhoneField(messages: PhoneFieldMessages = {}) {
  return z
    .string()
    .trim()
    .max(maxPhoneLength, { error: messages.invalid ?? phoneMessages.invalid })
    .check(checkPhone(messages))
    .optional()
    .transform((value) => (value ? (normalisePhone(value) ?? value) : undefined));
}

/**
 * Whether an SMS can reach the number: a Danish number (+45) of a type that may be a mobile.
 * Denmark's numbering plan does not tell mobiles from landlines, so most Danish numbers are
 * FIXED_LINE_OR_MOBILE; toll-free (80), premium (90) and invalid numbers are not. Foreign
 * numbers get no SMS (the gateway prices and the sender rules are Danish).
 */
export function isDanishMobile(phone: string | null | undefined): boolean {
  const normalised = phone ? normalisePhone(phone) : null;
  if (!normalised?.startsWith('+45')) return false;
  try {
    const type = parsePhoneNumberWithError(normalised).getType();
    return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
  } catch {
    return false;
  }
}
