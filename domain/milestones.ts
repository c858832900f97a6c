import { z } from 'zod';

/**
 * The milestones of a case after the call: each a recorded fact (who, when, what), written by
 * staff (the report writes `rapport-sendt` itself). The clocks, the customer's case page, the
 * adjuster's page and the first report are all read from these facts, never from a status.
 */
export const milestoneKinds = [
  'paa-vej',
  'paa-adressen',
  'skadestop',
  'affugtning-startet',
  'affugtning-afsluttet',
  'rapport-sendt',
  'afsluttet',
] as const;
export type MilestoneKind = (typeof milestoneKinds)[number];

/** The kinds staff record by hand; `rapport-sendt` is recorded by sending the report. */
export const staffMilestoneKinds = milestoneKinds.filter(
  (kind): kind is Exclude<MilestoneKind, 'rapport-sendt'> => kind !== 'rapport-sendt',
);

/** Staff's names for the milestones (the inbox, the adjuster's page, the report). */
export const milestoneLabels: Record<MilestoneKind, string> = {
  'paa-vej': 'På vej',
  'paa-adressen': 'På adressen',
  skadestop: 'Skadestop',
  'affugtning-startet': 'Affugtning startet',
  'affugtning-afsluttet': 'Affugtning afsluttet',
  'rapport-sendt': 'Rapport sendt',
  afsluttet: 'Afsluttet',
};

export const milestoneMessages = {
  kind: 'Ukendt milepæl. Vælg fx på vej, på adressen eller skadestop.',
  eta: 'Skriv det forventede ankomsttidspunkt som TT:MM, fx 14:20.',
  affugtere: 'Skriv antallet af affugtere (1–100).',
  forventetDage: 'Skriv den forventede affugtningsperiode i dage (1–365).',
  note: 'Skriv noten som tekst på højst 2000 tegn.',
} as const;

/** An expected arrival, "HH:MM" in Danish time (the day it is recorded, or the next if already past). */
const clockTime = z.string({ error: milestoneMessages.eta }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  error: milestoneMessages.eta,
});

/** Each kind's details: what the fact carries beyond who and when. */
export const milestoneDetails = {
  'paa-vej': z.object({ eta: clockTime }),
  'paa-adressen': z.object({}),
  skadestop: z.object({}),
  'affugtning-startet': z.object({
    affugtere: z.coerce
      .number({ error: milestoneMessages.affugtere })
      .int({ error: milestoneMessages.affugtere })
      .min(1, { error: milestoneMessages.affugtere })
      .max(100, { error: milestoneMessages.affugtere }),
    forventetDage: z.coerce
      .number({ error: milestoneMessages.forventetDage })
      .int({ error: milestoneMessages.forventetDage })
      .min(1, { error: milestoneMessages.forventetDage })
      .max(365, { error: milestoneMessages.forventetDage }),
  }),
  'affugtning-afsluttet': z.object({}),
  'rapport-sendt': z.object({
    reportId: z.string(),
    messageId: z.string(),
    recipients: z.array(z.string()),
  }),
  afsluttet: z.object({}),
} satisfies Record<MilestoneKind, z.ZodType>;
