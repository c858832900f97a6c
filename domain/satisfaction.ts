/**
 * The one question a customer is asked when their case is closed with a notice: how satisfied
 * they are with our help, 1–5, and an optional comment. Its refusals and the one schema the case
 * page's form and its handler share; the scale and its rules are in ./satisfaction-scale.ts.
 */
import { z } from 'zod';
import { plainText } from './fields.ts';
import {
  satisfactionChangeDays,
  satisfactionCommentMaxChars,
  type SatisfactionScore,
} from './satisfaction-scale.ts';

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
