import { z } from 'zod';
import { company } from './company.ts';
import { formTokenPath, honeypotFieldName } from './spam-names.ts';

/**
 * Spam defence without a captcha: every lead form sends a form token (fetched from the server
 * when the form has hydrated) and a honeypot field that people never see. Both travel in the
 * lead's body next to the kind's own fields; the server judges them and never stores them.
 */

export { formTokenPath, honeypotFieldName };

const anyMessage = 'Ugyldig forespørgsel';

/** Merged into each kind's schema; `splitLead` leaves them out of what is stored. */
export const spamFields = {
  formToken: z.string({ error: anyMessage }).max(1024, { error: anyMessage }).nullish(),
  [honeypotFieldName]: z.string({ error: anyMessage }).max(1024, { error: anyMessage }).nullish(),
} as const;

export const spamFieldNames: readonly string[] = Object.keys(spamFields);

/**
 * Why the server suspects a lead (stored in leads.spam_reasons). A strong reason (see
 * strongSpamReasons) files the lead as spam: status 'spam', no e-mail, the same answer to the
 * sender as anyone else. Weak reasons alone are what a hurried or unusual person can trip: the
 * lead is handled as any other (staff e-mail, receipt) and marked "Mulig spam" with its reasons.
 */
export const spamReasons = [
  /** The hidden field was filled in. */
  'honeypot',
  /** No form token: posted straight to the API, not through a form. */
  'token-missing',
  /** A token the server did not sign. */
  'token-invalid',
  /** A token that already brought a lead: a form fetches a new one after each. */
  'token-reused',
  /** A token older than its lifetime. */
  'token-expired',
  /** Sent sooner after the form got its token than a person can fill it in. */
  'too-fast',
  /** More links in the message than people write. */
  'many-links',
  /** The message is a link and nothing else. */
  'only-link',
  /** HTML tags or forum markup in a field. */
  'markup',
  /** A link in the name field. */
  'link-in-name',
  /** The message is mostly other characters than letters. */
  'not-text',
] as const;
export type SpamReason = (typeof spamReasons)[number];

/**
 * Reasons no person using the form trips: any of them files the lead as spam. The others (too
 * fast, links, an old token, not text) stay weak: a person with autofill, a pasted link or a tab
 * left open overnight can trip them, so such a lead still reaches staff and its sender.
 */
export const strongSpamReasons: ReadonlySet<SpamReason> = new Set<SpamReason>([
  'honeypot',
  'token-missing',
  'token-invalid',
  'token-reused',
  'markup',
  'link-in-name',
]);

/** Filed as spam (no e-mail) rather than handled and marked "Mulig spam". */
export function isFiledAsSpam(reasons: readonly SpamReason[]): boolean {
  return reasons.some((reason) => strongSpamReasons.has(reason));
}

/** What staff read above a lead that weak reasons alone made suspect. */
export const possibleSpamLabel = 'Mulig spam';

/** The reasons as staff read them (inbox). */
export const spamReasonLabels: Record<SpamReason, string> = {
  honeypot: 'Det skjulte felt var udfyldt',
  'token-missing': 'Sendt uden om formularen (ingen formularnøgle)',
  'token-invalid': 'Ugyldig formularnøgle',
  'token-reused': 'Formularnøglen var allerede brugt til en anden henvendelse',
  'token-expired': 'Formularnøglen var udløbet',
  'too-fast': 'Sendt få sekunder efter, at siden blev åbnet',
  'many-links': 'Mange links i beskeden',
  'only-link': 'Beskeden er kun et link',
  markup: 'HTML eller kode i teksten',
  'link-in-name': 'Link i navnefeltet',
  'not-text': 'Beskeden består mest af andet end bogstaver',
};

/** The answer to a lead over the submission limit (HTTP 429); the forms show it as it is. */
export const tooManySubmissionsMessage = `Du har sendt mange henvendelser på kort tid. Vent et minut, og prøv igen – eller ring til os på ${company.phoneDisplay}.`;
