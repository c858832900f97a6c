import { z } from 'zod';
import { reportRules } from '../insurers.ts';

/**
 * /api/staff/insurers: the insurers a lead can name and each one's rules for the case after the
 * call (domain/insurers.ts). Anyone on staff reads them; a koordinator edits them.
 */
export const insurerMessages = {
  unknown: 'Ukendt forsikringsselskab.',
  claimsEmail: 'Skriv en gyldig e-mailadresse til skadeafdelingen, eller lad feltet stå tomt.',
  onSiteHours: 'Skriv antal timer fra opringning til fremmøde (1–72), eller lad feltet stå tomt.',
  firstResponseHours:
    'Skriv antal arbejdstimer til første opkald til forsikringstageren (1–80), eller lad feltet stå tomt.',
  reportRule: 'Vælg, hvornår den første rapport skal sendes.',
  month: 'Vælg en måned (ÅÅÅÅ-MM).',
} as const;

export const insurer = z.object({
  id: z.uuid(),
  name: z.string(),
  claimsEmail: z.string().nullable(),
  onSiteHours: z.number().int().nullable(),
  /** Business hours from an assignment's arrival to the call to its policyholder; null: the default. */
  firstResponseHours: z.number().int().nullable(),
  reportRule: z.enum(reportRules),
  active: z.boolean(),
});
export const insurersAnswer = z.object({ insurers: z.array(insurer) });

export const insurerParams = z.object({ id: z.uuid({ error: insurerMessages.unknown }) });

/** An empty claims address or number of hours clears it (the defaults apply again). */
export const insurerBody = z.object({
  claimsEmail: z
    .string({ error: insurerMessages.claimsEmail })
    .trim()
    .max(254, { error: insurerMessages.claimsEmail })
    .transform((text) => text || null)
    .pipe(z.email({ error: insurerMessages.claimsEmail }).nullable())
    .nullable(),
  onSiteHours: z
    .number({ error: insurerMessages.onSiteHours })
    .int({ error: insurerMessages.onSiteHours })
    .min(1, { error: insurerMessages.onSiteHours })
    .max(72, { error: insurerMessages.onSiteHours })
    .nullable(),
  /** Absent: unchanged (a client that does not know the rule). */
  firstResponseHours: z
    .number({ error: insurerMessages.firstResponseHours })
    .int({ error: insurerMessages.firstResponseHours })
    .min(1, { error: insurerMessages.firstResponseHours })
    .max(80, { error: insurerMessages.firstResponseHours })
    .nullable()
    .optional(),
  reportRule: z.enum(reportRules, { error: insurerMessages.reportRule }),
  active: z.boolean().optional(),
});
export const insurerAnswer = z.object({ insurer });

/** The month's cases per insurer, by the insurer the lead named (GET /api/staff/insurers/figures). */
export const insurerFiguresQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: insurerMessages.month }),
});
export const insurerFigures = z.object({
  insurer: z.string(),
  leads: z.number().int(),
  /** Median seconds from the lead coming in to the first "På adressen"; null: none on site yet. */
  medianToOnSiteSeconds: z.number().nullable(),
  medianToDamageStopSeconds: z.number().nullable(),
  /** First reports whose deadline has come (or that were sent), and those sent by it. */
  reportsDue: z.number().int(),
  reportsOnTime: z.number().int(),
});
export const insurerFiguresAnswer = z.object({ month: z.string(), rows: z.array(insurerFigures) });

export type Insurer = z.infer<typeof insurer>;
export type InsurerBody = z.infer<typeof insurerBody>;
export type InsurerFigures = z.infer<typeof insurerFigures>;
export type InsurerFiguresAnswer = z.infer<typeof insurerFiguresAnswer>;
