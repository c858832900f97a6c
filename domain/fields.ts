import { z } from 'zod';

/** Small field builders shared by the form and API schemas, so every form trims and limits alike. */

export function requiredText(message: string, max = 200, tooLong = 'Teksten er for lang') {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong });
}

export function minText(min: number, message: string, max = 200, tooLong = 'Teksten er for lang') {
  return z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: tooLong });
}

export function optionalText(max = 200, tooLong = 'Teksten er for lang') {
  return z.string().trim().max(max, { error: tooLong }).optional();
}

export function emailField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(254, { error: messages.invalid })
    .pipe(z.email({ error: messages.invalid }));
}

/** Value or the Danish "not given" text used in assembled messages. */
export function orNotGiven(value: string | undefined | null): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : 'Ikke angivet';
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
