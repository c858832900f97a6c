import { z } from 'zod';

/** Small field builders shared by the form and API schemas, so every form trims and limits alike. */

/**
 * Control characters (NUL, escape, backspace, the C1 range …) have no place in anything a person
 * types, and neither have the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) nor the line and paragraph separators (U+2028, U+2029): in a log line, the CSV or
 * the inbox they can make text read otherwise than it is stored. They are refused rather than
 * stored. Multi-line fields keep tab and line breaks. Right-to-left letters (Arabic, Hebrew) and
 * the plain direction marks (U+200E, U+200F, U+061C), which only steer the characters next to
 * them, are kept as typed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const singleLineControl = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const multiLineControl =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

export const controlCharacterMessage = 'Feltet indeholder tegn, der ikke kan bruges. Skriv teksten igen.';

export interface TextOptions {
  /** Allow tab and line breaks (descriptions, messages). */
  multiline?: boolean;
}

/** True when the text holds a control or bidirectional-override character (see above). */
export function hasControlCharacters(value: string, options: TextOptions = {}): boolean {
  return (options.multiline ? multiLineControl : singleLineControl).test(value);
}

/** The text without those characters, for hints that are cleaned rather than refused (file names). */
export function stripControlCharacters(value: string, options: TextOptions = {}): string {
  const pattern = options.multiline ? multiLineControl : singleLineControl;
  return value.replace(new RegExp(pattern.source, 'g'), '');
}

function noControlCharacters(options: TextOptions = {}, message = controlCharacterMessage) {
  return z.refine<string>((value) => !hasControlCharacters(value, options), { error: message });
}

/**
 * The one rule for text a person types that is logged or shown to staff: trimmed, and refused with
 * a Danish message when it holds control or bidirectional-override characters. The builders below,
 * the staff API's notes and search build on it.
 */
export function plainText(options: TextOptions & { message?: string; invalid?: string } = {}) {
  const base = options.message === undefined ? z.string() : z.string({ error: options.message });
  return base.trim().check(noControlCharacters(options, options.invalid));
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
  return plainText({ ...options, message })
    .min(min, { error: message })
    .max(max, { error: tooLong });
}

/** An optional text: blank, null or missing all mean "not given" (undefined). */
export function optionalText(max = 200, tooLong = 'Teksten er for lang', options: TextOptions = {}) {
  return plainText(options)
    .max(max, { error: tooLong })
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
