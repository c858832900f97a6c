import { z } from 'zod';

/**
 * Danish phone numbers in their usual written forms: 8 digits, optionally prefixed by +45 or
 * 0045, with spaces, hyphens or dots between groups ('12 34 56 78', '+45 12-34-56-78').
 * Stored normalised as E.164: '+4512345678'.
 */
const separators = /[\s\-.]/g;
const danishPhonePattern = /^(?:\+45|0045)?(\d{8})$/;

/** The normalised form ('+45XXXXXXXX'), or null when the text is not a Danish phone number. */
export function normaliseDanishPhone(input: string): string | null {
  const compact = input.replace(/\(\+45\)/, '+45').replace(separators, '');
  const match = danishPhonePattern.exec(compact);
  return match ? `+45${match[1]}` : null;
}

export function isDanishPhone(input: string): boolean {
  return normaliseDanishPhone(input) !== null;
}

/** '+4512345678' → '12 34 56 78', for people reading e-mails. Other text is returned unchanged. */
export function formatDanishPhone(input: string): string {
  const normalised = normaliseDanishPhone(input);
  if (!normalised) return input;
  const digits = normalised.slice(3);
  return `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)}`;
}

export const phoneMessages = {
  required: 'Telefonnummer er påkrævet',
  invalid: 'Indtast et gyldigt dansk telefonnummer (8 cifre)',
} as const;

/** Validates and normalises a Danish phone number (output '+45XXXXXXXX'). */
export function danishPhoneSchema(messages: { required?: string; invalid?: string } = {}) {
  const required = messages.required ?? phoneMessages.required;
  const invalid = messages.invalid ?? phoneMessages.invalid;
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isDanishPhone, { error: invalid })
    .transform((value) => normaliseDanishPhone(value) ?? value);
}

/**
 * A required Danish phone number as a form holds it: checked, not normalised, so the form's input
 * and output types stay the same for react-hook-form (the payload builder normalises it).
 */
export function danishPhoneInput(messages: { required: string; invalid: string }, minLength = 1) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(minLength, { error: messages.required })
    .max(30, { error: messages.invalid })
    .refine(isDanishPhone, { error: messages.invalid });
}
