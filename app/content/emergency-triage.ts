/**
 * The emergency form's quick questions around the questions themselves: the questions and their
 * answers are the lead's fields, in domain/triage.ts, shared with the staff e-mail and the inbox.
 */
export const emergencyTriageText = {
  legend: 'Hurtige spørgsmål – så vi ved, hvem vi skal ringe til først',
  hint: 'Valgfrit. Svar ja eller nej, eller spring et spørgsmål over, hvis du ikke ved det.',
} as const;
