/**
 * Leads sent straight to POST /api/leads, for journeys that start after the form (the forms have
 * journeys of their own), and the case page link their receipt carries.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { ReceivedMail } from '../../support/smtp';

/** Sends `data` as a lead to the server at `origin`; it must be taken (201). Answers its reference. */
export async function postLead(
  request: APIRequestContext,
  origin: string,
  data: Record<string, unknown>,
): Promise<string> {
  const response = await request.post(`${origin}/api/leads`, { data });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

/** A private person's report of water damage in Roskilde: what a journey does not look at. */
export function waterDamageReport(who: { name: string; email: string }, besked: string) {
  return {
    kind: 'anmeldelse',
    personType: 'privatperson',
    fuldeNavn: who.name,
    telefon: '23 45 67 89',
    adresse: 'Algade 3, 4000 Roskilde',
    email: who.email,
    forsikringsselskab: 'Codan',
    skadetype: 'vandskade',
    besked,
    images: [],
  };
}

/**
 * An emergency of water damage in Roskilde, insured with Tryg: what a journey does not look at.
 * `more` sets the fields it does look at (a phone, an address, policy numbers).
 */
export function waterEmergency(
  who: { name: string; email: string },
  besked: string,
  more: Record<string, unknown> = {},
) {
  return {
    kind: 'akut-skade',
    fuldeNavn: who.name,
    adresse: 'Algade 31, 4000 Roskilde',
    telefon: '23 45 67 89',
    email: who.email,
    forsikringsselskab: 'Tryg',
    policeNr: '',
    skadeNr: '',
    skadetype: 'vandskade',
    besked,
    images: [],
    ...more,
  };
}

/** The subject of a damage report's receipt. */
export const damageReportReceiptSubject = (reference: string) =>
  `Vi har modtaget din skadeanmeldelse – ${reference}`;

/**
 * postLead, then the lead's receipt (an e-mail naming its reference, with a case link) waited for
 * with `waitForMail`: answers the reference, the receipt and the customer's case page link.
 */
export async function postLeadWithCaseLink(
  request: APIRequestContext,
  origin: string,
  data: Record<string, unknown>,
  waitForMail: (predicate: (mail: ReceivedMail) => boolean) => Promise<ReceivedMail>,
): Promise<{ reference: string; receipt: ReceivedMail; caseLink: string }> {
  const reference = await postLead(request, origin, data);
  const receipt = await waitForMail(
    (mail) => (mail.parsed.subject ?? '').includes(reference) && (mail.parsed.text ?? '').includes('/sag/'),
  );
  return { reference, receipt, caseLink: caseLinkIn(receipt) };
}

/** The link to the customer's case page in an e-mail's text; the e-mail must have one. */
export function caseLinkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/sag\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '')?.[0];
  expect(link, mail.parsed.text).toBeTruthy();
  return link!;
}
