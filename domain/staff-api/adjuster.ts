import { z } from 'zod';
import { emailField, plainText, requiredText } from '../fields.ts';
import { leadMessages } from '../constants.ts';
import { leadMessage } from './messages.ts';
import { instant, leadId } from './shared.ts';

/**
 * The loss adjuster's (taksator's) view of a case: staff give an adjuster a private link to the
 * page /taksator/<token> (90 days, revocable), and answer the adjuster's own thread on the lead.
 */
export const adjusterMessages = {
  nameMissing: 'Skriv taksatorens navn.',
  nameTooLong: 'Navnet er for langt (højst 120 tegn).',
  emailMissing: 'Skriv taksatorens e-mailadresse.',
  emailInvalid: 'Skriv en gyldig e-mailadresse, fx navn@forsikring.dk.',
  insurerTooLong: 'Forsikringsselskabets navn er for langt (højst 120 tegn).',
  textInvalid: 'Teksten indeholder tegn, der ikke kan bruges.',
  notAllowed: 'Kun en koordinator eller den, der har sagen, kan give en taksator adgang.',
  linkNotFound: 'Linket findes ikke på denne sag.',
  noOpenLink: 'Sagen har intet åbent taksatorlink. Giv taksatoren et link først.',
} as const;

/** How long a link opens the page. */
export const adjusterLinkDays = 90;

/** POST /api/staff/leads/:id/adjuster-link: a new link, e-mailed to the adjuster. */
export const adjusterLinkBody = z.object({
  name: requiredText(adjusterMessages.nameMissing, 120, adjusterMessages.nameTooLong, {}),
  email: emailField({ required: adjusterMessages.emailMissing, invalid: adjusterMessages.emailInvalid }),
  insurer: plainText({ invalid: adjusterMessages.textInvalid })
    .max(120, { error: adjusterMessages.insurerTooLong })
    .optional()
    .transform((value) => value || undefined),
});

export const adjusterLink = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  insurer: z.string().nullable(),
  createdAt: instant,
  /** The staff member who gave it (their name as it was then). */
  createdBy: z.string().nullable(),
  expiresAt: instant,
  revokedAt: instant.nullable(),
  lastOpenedAt: instant.nullable(),
  /** Opens the page now: not revoked, not expired. */
  open: z.boolean(),
  /** The adjuster's answer to the satisfaction question on their page (1–5); null: none yet. */
  satisfaction: z
    .object({
      score: z.number().int(),
      comment: z.string().nullable(),
      answeredAt: instant,
      changedAt: instant.nullable(),
    })
    .nullable(),
});

export const adjusterLinkParams = z.object({
  id: leadId,
  linkId: z.uuid({ error: adjusterMessages.linkNotFound }),
});
export const adjusterLinkAnswer = z.object({ link: adjusterLink });
export const adjusterLinksAnswer = z.object({ links: z.array(adjusterLink) });

/** POST /api/staff/leads/:id/adjuster-messages: staff answer the adjuster's thread (by e-mail, with the link). */
export const adjusterReplyBody = z.object({
  text: plainText({
    multiline: true,
    message: adjusterMessages.textInvalid,
    invalid: adjusterMessages.textInvalid,
  })
    .min(1, { error: 'Skriv en besked.' })
    .max(leadMessages.threadMaxChars, {
      error: `Beskeden er for lang. Skriv højst ${leadMessages.threadMaxChars} tegn.`,
    }),
});
export const adjusterThreadAnswer = z.object({ messages: z.array(leadMessage) });
export const adjusterReplyAnswer = z.object({ message: leadMessage });

/** What a link's row holds (server/db/schema.ts adjuster_links), as adjusterLinkView reads it. */
export interface AdjusterLinkFacts {
  id: string;
  name: string;
  email: string;
  insurer: string | null;
  createdAt: Date;
  createdByName: string | null;
  expiresAt: Date;
  revokedAt: Date | null;
  lastOpenedAt: Date | null;
}

/** A link as staff see it and as a personal-data export hands it over, with its adjuster's answer. */
export function adjusterLinkView(
  row: AdjusterLinkFacts,
  now: Date,
  answer?: { score: number; comment: string | null; answeredAt: Date; changedAt: Date | null },
): AdjusterLink {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    insurer: row.insurer,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    open: row.revokedAt === null && row.expiresAt > now,
    satisfaction: answer
      ? {
          score: answer.score,
          comment: answer.comment,
          answeredAt: answer.answeredAt.toISOString(),
          changedAt: answer.changedAt?.toISOString() ?? null,
        }
      : null,
  };
}

// ── Types for both sides ──────────────────────────────────────────────────────────────────────
export type AdjusterLink = z.infer<typeof adjusterLink>;
export type AdjusterLinkBody = z.infer<typeof adjusterLinkBody>;
/** What the inbox sends: the insurer may be left out. */
export type AdjusterLinkInput = z.input<typeof adjusterLinkBody>;
export type AdjusterLinksAnswer = z.infer<typeof adjusterLinksAnswer>;
export type AdjusterThreadAnswer = z.infer<typeof adjusterThreadAnswer>;
