import { z } from 'zod';
import { instant } from './shared.ts';

/**
 * PUT /api/staff/leads/:id/visit: the time staff agreed to visit the customer, as the inbox's
 * date-and-time field writes it in Danish time ("2026-12-03T10:00"), or null to clear it. The
 * server reads it as Copenhagen time; the answer is the stored instant. A time set or moved tells
 * the customer in their thread unless `notifyCustomer` is false.
 */
export const visitMessages = {
  invalid: 'Skriv dato og klokkeslæt for besigtigelsen, fx 2026-12-03T10:00, og brug en dato, der findes.',
} as const;

/** True for "YYYY-MM-DDTHH:MM" (seconds allowed) naming a real day and time of the years 2000–2999. */
export function isLocalDateTime(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 2000 || year > 2999 || hour > 23 || minute > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const visitBody = z.object({
  visitAt: z
    .string({ error: visitMessages.invalid })
    .refine(isLocalDateTime, { error: visitMessages.invalid })
    .nullable(),
  /** Tell the customer of the agreed (or moved) time in their thread; default true. */
  notifyCustomer: z.boolean().optional(),
});
export const visitAnswer = z.object({ visitAt: instant.nullable() });

export type VisitAnswer = z.infer<typeof visitAnswer>;
