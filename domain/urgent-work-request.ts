import { z } from 'zod';

/**
 * A private customer's express request that we start the urgent work at once. For such work,
 * asked for beforehand, the consumer has no right of withdrawal (forbrugeraftaleloven § 18,
 * stk. 2, nr. 8; docs/decisions/urgent-work-request.md). What the customer agreed to must be
 * readable later word for word, so every wording ever shown keeps its version here: a changed
 * wording is a new version, never an edit of an old one.
 */
export const urgentWorkRequestWordings = {
  'akut-1':
    'Jeg anmoder udtrykkeligt om, at I straks går i gang med det akutte arbejde for at stoppe skaden, og er klar over, at fortrydelsesretten ikke gælder for det arbejde.',
} as const;
export type UrgentWorkRequestVersion = keyof typeof urgentWorkRequestWordings;

/** The version the forms show now. */
export const urgentWorkRequestVersion: UrgentWorkRequestVersion = 'akut-1';
export const urgentWorkRequestText = urgentWorkRequestWordings[urgentWorkRequestVersion];

/** The person types that are consumers: only they are asked, and only they get the consumer information. */
export const consumerPersonType = 'privatperson';

/**
 * The checkbox as the API and the forms send it: `true`/`false` from the API and the scripted
 * forms, 'on' from a browser posting the plain form (a box left unticked is not posted at all).
 * Not given is no request: a pre-ticked or assumed answer is not an express request.
 */
export const urgentWorkRequestField = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('')])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true');

/** The detail keys the answer is stored under, with the lead's other details. */
export const urgentWorkRequestKeys = {
  answer: 'udtrykkeligAnmodning',
  version: 'udtrykkeligAnmodningTekst',
  at: 'udtrykkeligAnmodningTid',
} as const;

/**
 * What is stored of a lead's answer: 'ja' or 'nej', the version of the wording shown and when
 * it came (ISO time). Nothing for a business or a lead that was never asked.
 */
export function urgentWorkRequestDetails(value: object, at: Date): Record<string, string> {
  const lead = value as { personType?: unknown; udtrykkeligAnmodning?: unknown };
  if (lead.personType !== consumerPersonType || typeof lead.udtrykkeligAnmodning !== 'boolean') return {};
  return {
    [urgentWorkRequestKeys.answer]: lead.udtrykkeligAnmodning ? 'ja' : 'nej',
    [urgentWorkRequestKeys.version]: urgentWorkRequestVersion,
    [urgentWorkRequestKeys.at]: at.toISOString(),
  };
}

/** A stored version as staff read it: the exact wording, with its version. */
export function urgentWorkRequestWording(version: string): string {
  const wording = (urgentWorkRequestWordings as Record<string, string>)[version];
  return wording ? `»${wording}« (version ${version})` : version;
}
