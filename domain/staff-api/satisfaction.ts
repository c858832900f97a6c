import { z } from 'zod';
import { calendarDay, instant, leadId, staffApiMessages } from './shared.ts';

// ── Customer satisfaction ─────────────────────────────────────────────────────────────────────
/**
 * The answers to "Hvor tilfreds er du med vores hjælp?" (domain/satisfaction.ts), the customers'
 * or the loss adjusters': the list with its filters and the share satisfied (4–5) per month and
 * per insurer (GET /api/staff/satisfaction), one lead's customer answer, and a koordinator's
 * follow-up of an unhappy one (POST /api/staff/leads/:id/satisfaction/handled).
 */
export const satisfactionMessages = {
  score: 'Vælg et svar fra 1 til 5.',
  notUnhappy: 'Der er intet utilfreds svar at følge op på. Opdater siden.',
  respondent: 'Vælg kunde eller taksator.',
} as const;

/** Who answered: the customers (the default) or the loss adjusters on their page. */
export const satisfactionRespondents = ['kunde', 'taksator'] as const;
export type SatisfactionRespondent = (typeof satisfactionRespondents)[number];

/**
 * Answered from/to (Danish calendar days), one score, one insurer (as the lead's form named it;
 * an adjuster's: their link's, else the lead's), and whose answers (default the customers').
 */
export const satisfactionQuery = z
  .object({
    respondent: z.enum(satisfactionRespondents, { error: satisfactionMessages.respondent }).default('kunde'),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    score: z.coerce.number({ error: satisfactionMessages.score }).int().min(1).max(5).optional(),
    insurer: z.string().trim().max(200).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['from'],
    error: staffApiMessages.dateOrder,
  });

export const satisfactionRow = z.object({
  respondent: z.enum(satisfactionRespondents),
  /** The adjuster who answered; null for a customer. */
  adjusterName: z.string().nullable(),
  leadId: z.string(),
  reference: z.string(),
  insurer: z.string().nullable(),
  score: z.number().int(),
  comment: z.string().nullable(),
  answeredAt: instant,
  changedAt: instant.nullable(),
  /** A koordinator's follow-up of a customer's unhappy answer; always null for an adjuster's. */
  handledAt: instant.nullable(),
  handledByName: z.string().nullable(),
});

/** How many answered and how many of them were satisfied (4–5); share in whole per cent, null for none. */
export const satisfactionShare = z.object({
  answered: z.number().int(),
  satisfied: z.number().int(),
  sharePercent: z.number().int().nullable(),
});

export const satisfactionAnswer = z.object({
  answers: z.array(satisfactionRow),
  total: satisfactionShare,
  /** Per Copenhagen month of the first answer, YYYY-MM, oldest first. */
  months: z.array(satisfactionShare.extend({ month: z.string() })),
  /** Per insurer the lead named ("" for none), by name. */
  insurers: z.array(satisfactionShare.extend({ insurer: z.string() })),
});

/** One lead's question and answer, for its page in the inbox; null: never asked. */
export const leadSatisfactionAnswer = z.object({
  satisfaction: z
    .object({
      askedAt: instant,
      score: z.number().int().nullable(),
      comment: z.string().nullable(),
      answeredAt: instant.nullable(),
      changedAt: instant.nullable(),
      /** Answered 1–2 and not yet followed up by a koordinator. */
      needsFollowUp: z.boolean(),
      handledAt: instant.nullable(),
      handledByName: z.string().nullable(),
    })
    .nullable(),
});

export const leadSatisfactionParams = z.object({ id: leadId });

export type SatisfactionQuery = z.infer<typeof satisfactionQuery>;
export type SatisfactionFigures = z.infer<typeof satisfactionAnswer>;
export type LeadSatisfactionAnswer = z.infer<typeof leadSatisfactionAnswer>;
