import { z } from 'zod';
import { inbox } from '../constants.ts';
import { leadKinds, leadStatuses } from '../lead.ts';
import { leadPriorities } from '../triage.ts';

/**
 * The staff API under /api/staff, as ONE contract: a zod schema for every request and every
 * answer. The server's routes declare them (fastify-type-provider-zod validates requests and
 * serialises answers through them); the inbox's API client takes its types from them with
 * `import type`, so no schema code reaches the browser. Dates are ISO 8601 strings; calendar days
 * are Danish days written YYYY-MM-DD.
 */

export const staffApiMessages = {
  unknownLead: 'Ukendt henvendelse',
  invalidDay: 'Skriv datoen som ÅÅÅÅ-MM-DD, og brug en dato, der findes.',
  dateOrder: 'Fra-datoen ligger efter til-datoen. Ret datoerne, og prøv igen.',
  invalidCursor: 'Siden findes ikke længere. Gå tilbage til første side.',
  noChange: 'Angiv en status eller en kundemarkering.',
  noteMissing: 'Skriv en note.',
  noteTooLong: 'Noten er for lang (højst 5000 tegn).',
  noteInvalid: 'Noten indeholder tegn, der ikke kan bruges.',
  searchInvalid: 'Søgningen indeholder tegn, der ikke kan bruges.',
  bulkEmpty: 'Vælg mindst én henvendelse.',
  bulkTooMany: `Du kan højst ændre ${inbox.bulkMaxLeads} henvendelser ad gangen.`,
  bulkDuplicates: 'Den samme henvendelse er valgt flere gange.',
  priorityInvalid: 'Ukendt prioritet. Vælg kritisk, hoej eller normal.',
  sortInvalid: 'Ukendt sortering. Vælg newest eller priority.',
} as const;

// ── Building blocks ───────────────────────────────────────────────────────────────────────────
export const leadId = z.uuid({ error: staffApiMessages.unknownLead });
export const leadKind = z.enum(leadKinds);
export const leadStatus = z.enum(leadStatuses);
export const leadPriority = z.enum(leadPriorities, { error: staffApiMessages.priorityInvalid });
export const instant = z.string();

/** True for a real calendar day (no 30 February) of the years the inbox can hold. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const calendarDay = z.string().refine(isCalendarDay, { error: staffApiMessages.invalidDay });
/** A page's position in a list, as the server handed it out (opaque to the inbox). */
export const cursor = z
  .string()
  .max(200, { error: staffApiMessages.invalidCursor })
  .regex(/^[A-Za-z0-9_-]*$/, { error: staffApiMessages.invalidCursor });

export const okAnswer = z.object({ ok: z.literal(true) });

export type { LeadKind, LeadStatus } from '../lead.ts';
export type { LeadPriority } from '../triage.ts';
