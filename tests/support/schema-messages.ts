import type { z } from 'zod';
import { fieldErrors } from '../../domain/fields.ts';

/** Every message a safeParse result carries, in order (undefined when it passed). */
export const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

/** What a form's schema says of `values`: its first message per field, none when they pass. */
export function fieldErrorsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}
