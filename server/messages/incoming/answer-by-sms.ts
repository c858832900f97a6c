/**
 * A customer's SMS answer (docs/decisions/incoming-answers.md), from GatewayAPI's webhook for
 * received messages ("MO SMS"): it posts `{ id, msisdn, receiver, message, senttime, … }` to the
 * webhook of the keyword or virtual number and, with an authentication token set on the webhook,
 * the same fields as a JWT (HS256) in `X-Gwapi-Signature`, as it signs delivery reports. We read
 * the message from the verified JWT only, so an unsigned or forged call stores nothing. CPSMS has
 * no webhook for received SMS that we could verify; with it answers come by e-mail or the case page.
 *
 * An answer goes to the lead whose message we texted to the sender's number: anyone can type
 * someone else's number into a form, so the lead's phone alone says nothing about who reads its
 * case page. When we texted that number about no lead in the last `answerWindowDays`, or about
 * several, the SMS goes to the company inbox only, saying why, and each of those leads gets a
 * note for staff that it went there: never to a case page.
 */
import { and, eq, gt } from 'drizzle-orm';
import { readPhone } from '../../../domain/phone.ts';
import type { Db } from '../../db/client.ts';
import { leadMessageSms, leads } from '../../db/schema.ts';
import { addSystemNote } from '../../leads/system-notes.ts';
import { verifyHs256Jwt } from '../../sms/delivery-status.ts';
import { forwardUnmatched, storeAnswer } from './answer-store.ts';
import { maxReplyLength } from './answer-text.ts';

export interface IncomingSms {
  /** `gatewayapi:<the provider's id>`: the same SMS posted again is stored once. */
  incomingId: string;
  /** The sender, E.164 when it reads as a number; as given otherwise. */
  from: string;
  text: string;
  /** When the customer sent it, as the provider says; null when it did not. */
  sentAt: Date | null;
}

/** Where GatewayAPI posts received SMS, under PUBLIC_URL. */
export const incomingSmsPath = '/sms-incoming/gatewayapi';

/** The sender as E.164: GatewayAPI gives the number with its country code and without "+". */
export function senderNumber(msisdn: string): string | null {
  const digits = msisdn.replace(/[\s+]/g, '');
  if (!/^\d{8,15}$/.test(digits)) return null;
  return readPhone(digits.length === 8 ? digits : `+${digits}`);
}

/**
 * The SMS from GatewayAPI's signed header: 'unsigned' when the signature is missing or does not
 * verify, 'malformed' when a signed message lacks its sender, id or text.
 */
export function gatewayapiIncomingSms(
  signatureHeader: string | undefined,
  secret: string,
): IncomingSms | 'unsigned' | 'malformed' {
  if (!signatureHeader) return 'unsigned';
  const claims = verifyHs256Jwt(signatureHeader, secret);
  if (!claims) return 'unsigned';
  const { id, msisdn, message, senttime } = claims;
  const providerId = typeof id === 'number' || typeof id === 'string' ? String(id).trim() : '';
  const sender = typeof msisdn === 'number' || typeof msisdn === 'string' ? String(msisdn).trim() : '';
  if (
    !providerId ||
    providerId.length > 100 ||
    !sender ||
    sender.length > 32 ||
    typeof message !== 'string'
  ) {
    return 'malformed';
  }
  return {
    incomingId: `gatewayapi:${providerId}`,
    from: senderNumber(sender) ?? sender,
    text: message.length > maxReplyLength ? `${message.slice(0, maxReplyLength - 1)}…` : message,
    sentAt: typeof senttime === 'number' && Number.isFinite(senttime) ? new Date(senttime * 1000) : null,
  };
}

/** How long after our SMS an answer from that number is taken as an answer to it. */
export const answerWindowDays = 30;

export type SmsRoute =
  | { to: 'lead'; leadId: string }
  | { to: 'staff'; why: 'not-texted' }
  | { to: 'staff'; why: 'several-leads'; leads: { id: string; reference: string }[] };

/** The most leads a note names; more than two is already the odd case. */
const namedLeadsMax = 10;

/**
 * Where an SMS from `phone` belongs: the one lead whose message we texted to that number within
 * `answerWindowDays` before `now`, or staff only (none, or several: we cannot know which).
 */
export async function routeOfSms(db: Db, phone: string, now: Date): Promise<SmsRoute> {
  const since = new Date(now.getTime() - answerWindowDays * 24 * 60 * 60_000);
  const texted = await db
    .selectDistinct({ id: leads.id, reference: leads.reference })
    .from(leadMessageSms)
    .innerJoin(leads, eq(leads.id, leadMessageSms.leadId))
    .where(
      and(
        eq(leadMessageSms.phone, phone),
        eq(leadMessageSms.status, 'sent'),
        gt(leadMessageSms.sentAt, since),
      ),
    )
    .orderBy(leads.reference)
    .limit(namedLeadsMax);
  if (texted.length === 0) return { to: 'staff', why: 'not-texted' };
  if (texted.length === 1) return { to: 'lead', leadId: texted[0]!.id };
  return { to: 'staff', why: 'several-leads', leads: texted };
}

const kept = 'Den er ikke lagt på nogen sag, så ingen kunde kan se den på en sagsside.';

/** What staff read about an SMS that went to them only: in the forwarded e-mail and on each lead. */
export const staffOnlySmsCopy = {
  notTexted: `Vi har ikke sendt SMS til dette nummer de seneste ${answerWindowDays} dage. ${kept} Her er den, som den kom.`,
  severalLeads: (references: string[]) =>
    `Vi har sendt SMS til dette nummer om flere sager (${references.join(', ')}), så vi ved ikke, hvilken sag den hører til. ${kept} Her er den, som den kom.`,
  leadGone: `Sagen, vi sendte SMS om til dette nummer, er slettet. ${kept} Her er den, som den kom.`,
  leadNote: (from: string, references: string[]) =>
    `En SMS fra ${from} er sendt til firmaets indbakke i stedet for at blive lagt på sagen: vi har sendt SMS til nummeret om flere sager (${references.join(', ')}). Kunden kan ikke se den på sagssiden.`,
};

export type SmsOutcome = 'stored' | 'duplicate' | 'forwarded' | 'forwarded-before';

/** Takes one SMS answer into the thread, or forwards it; the caller wakes the mail worker. */
export async function takeSms(deps: { db: Db }, sms: IncomingSms, now: Date): Promise<SmsOutcome> {
  const route: SmsRoute = sms.from.startsWith('+')
    ? await routeOfSms(deps.db, sms.from, now)
    : { to: 'staff', why: 'not-texted' };
  if (route.to === 'lead') {
    const outcome = await storeAnswer(deps.db, {
      leadId: route.leadId,
      channel: 'sms',
      body: sms.text.trim() || '(Tom SMS)',
      incomingId: sms.incomingId,
      at: now,
      photos: [],
    });
    if (outcome !== 'lead-gone') return outcome;
  }
  const references = route.to === 'staff' && route.why === 'several-leads' ? route.leads : [];
  const forwarded = await forwardUnmatched(deps.db, {
    channel: 'sms',
    incomingId: sms.incomingId,
    from: sms.from,
    replyTo: null,
    subject: null,
    receivedAt: (sms.sentAt ?? now).toISOString(),
    text: sms.text,
    attachments: [],
    whyNoCase:
      route.to === 'lead'
        ? staffOnlySmsCopy.leadGone
        : route.why === 'several-leads'
          ? staffOnlySmsCopy.severalLeads(references.map((lead) => lead.reference))
          : staffOnlySmsCopy.notTexted,
  });
  // Only the first time: the same SMS sent again by the gateway notes nothing more.
  if (forwarded) {
    const note = staffOnlySmsCopy.leadNote(
      sms.from,
      references.map((lead) => lead.reference),
    );
    for (const lead of references) await addSystemNote(deps.db, lead.id, note, now);
  }
  return forwarded ? 'forwarded' : 'forwarded-before';
}
