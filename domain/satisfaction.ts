/**
 * The one question a customer is asked when their case is closed with a notice: how satisfied
 * they are with our help, 1–5, and an optional comment. The scale, its Danish labels, the rules
 * (one answer per case, changeable for 14 days from the first answer; 1–2 followed up by a
 * koordinator, 4–5 counted as satisfied) and the one schema the case page's form and its handler
 * share. No schema code beyond zod, so the inbox may import it at run time.
 */
import { z } from 'zod';
import { plainText } from './fields.ts';

export const satisfactionScores = [1, 2, 3, 4, 5] as const;
export type SatisfactionScore = (typeof satisfactionScores)[number];

export const satisfactionQuestion = 'Hvor tilfreds er du med vores hjælp?';

export const satisfactionLabels: Record<SatisfactionScore, string> = {
  1: 'Meget utilfreds',
  2: 'Utilfreds',
  3: 'Hverken tilfreds eller utilfreds',
  4: 'Tilfreds',
  5: 'Meget tilfreds',
};

/** An answer may be changed this long after the first one; after that it stands. */
export const satisfactionChangeDays = 14;
/** The comment's length, at most. */
export const satisfactionCommentMaxChars = 1000;

/** An answer of at most this is followed up by a koordinator ("Utilfreds kunde"). */
export function isUnhappy(score: number): boolean {
  return score <= 2;
}

/** An answer of at least this counts as satisfied in the figures (and is invited to review us). */
export function isSatisfied(score: number): boolean {
  return score >= 4;
}

/** True while an answer first given at `answeredAt` may still be changed. */
export function satisfactionChangeable(answeredAt: Date, now: Date): boolean {
  return now.getTime() - answeredAt.getTime() <= satisfactionChangeDays * 24 * 60 * 60_000;
}

export const satisfactionMessages = {
  scoreMissing: 'Vælg, hvor tilfreds du er (1–5).',
  commentTooLong: `Kommentaren er for lang. Skriv højst ${satisfactionCommentMaxChars} tegn.`,
  commentInvalid: 'Kommentaren indeholder tegn, der ikke kan bruges. Skriv teksten igen.',
  notAsked: 'Der er ikke spurgt til din tilfredshed på denne sag.',
  tooLate: `Dit svar kan ikke ændres længere: det kan kun ændres i ${satisfactionChangeDays} dage efter, at du svarede første gang.`,
} as const;

/** A score as a form or a link writes it ("1"–"5"). */
export const satisfactionScore = z.coerce
  .number({ error: satisfactionMessages.scoreMissing })
  .int({ error: satisfactionMessages.scoreMissing })
  .min(1, { error: satisfactionMessages.scoreMissing })
  .max(5, { error: satisfactionMessages.scoreMissing })
  .transform((score) => score as SatisfactionScore);

/** The case page's answer form: the score and the optional comment (empty: none). */
export const satisfactionAnswer = z.object({
  score: satisfactionScore,
  comment: plainText({
    multiline: true,
    message: satisfactionMessages.commentInvalid,
    invalid: satisfactionMessages.commentInvalid,
  })
    .max(satisfactionCommentMaxChars, { error: satisfactionMessages.commentTooLong })
    .optional()
    .transform((text) => (text?.trim() ? text.trim() : null)),
});
export type SatisfactionAnswer = z.infer<typeof satisfactionAnswer>;
