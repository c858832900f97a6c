import { z } from 'zod';

/** Small field builders shared by the form and API schemas, so every form trims and limits alike. */

/**
 * Control characters (NUL, escape, backspace, …) have no place in anything a person types; they
 * are refused rather than stored. Multi-line fields keep tab and line breaks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const singleLineControl = /[\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const multiLineControl = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const controlCharacterMessage = 'Feltet indeholder tegn, der ikke kan bruges. Skriv teksten igen.';

export interface TextOptions {
  /** Allow tab and line breaks (descriptions, messages). */
  multiline?: boolean;
}

export function hasControlCharacters(value: string, options: TextOptions = {}): boolean {
  return (options.multiline ? multiLineControl : singleLineControl).test(value);
}

function noControlCharacters(options: TextOptions = {}) {
  return z.refine<string>((value) => !hasControlCharacters(value, options), {
    error: controlCharacterMessage,
  });
}

export function requiredText(
  message: string,
  max = 200,
  tooLong = 'Teksten er for lang',
  options: TextOptions = {},
) {
  return minText(1, message, max, tooLong, options);
}

export function minText(
  min: number,
  message: string,
  max = 200,
  tooLong = 'Teksten er for lang',
  options: TextOptions = {},
) {
  return z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: tooLong })
    .check(noControlCharacters(options));
}

/** An optional text: blank, null or missing all mean "not given" (undefined). */
export function optionalText(max = 200, tooLong = 'Teksten er for lang', options: TextOptions = {}) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .check(noControlCharacters(options))
    .nullish()
    .transform((value) => (value ? value : undefined));
}

export function emailField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(254, { error: messages.invalid })
    .pipe(z.email({ error: messages.invalid }));
}

/**
 * Turns a zod error into `{ 'field.path': 'first message' }` for API answers and error summaries.
 * An issue on the object itself is keyed '' (empty path).
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Like fieldErrors, with every message per field: `{ 'field.path': ['message', …] }` (API answers). */
export function fieldErrorLists(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}
