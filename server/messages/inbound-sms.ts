/**
 * A customer's SMS answer (docs/decisions/incoming-answers.md), from GatewayAPI's webhook for
 * received messages ("MO SMS"): it posts `{ id, msisdn, receiver, message, senttime, … }` to the
 * webhook of the keyword or virtual number and, with an authentication token set on the webhook,
 * the same fields as a JWT (HS256) in `X-Gwapi-Signature`, as it signs delivery reports. We read
 * the message from the verified JWT only, so an unsigned or forged call stores nothing. CPSMS has
 * no webhook for received SMS that we could verify; with it answers come by e-mail or the case page.
 *
 * The sender's number (E.164) finds the newest open lead with that phone (status new or in
 * progress); none → the SMS goes to the company inbox as it came.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { readPhone } from '../../domain/phone.ts';
import type { Db } from '../db/client.ts';
import { leads } from '../db/schema.ts';
import { verifyHs256Jwt } from '../sms/delivery-status.ts';
import { forwardUnmatched, storeAnswer } from './answer-store.ts';
import { maxReplyLength } from './reply-text.ts';

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

/** The newest lead still open (new or in progress) with this phone number, or null. */
export async function newestOpenLeadOf(db: Db, phone: string): Promise<string | null> {
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.phone, phone), inArray(leads.status, ['new', 'in-progress'])))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(1);
  return lead?.id ?? null;
}

export type SmsOutcome = 'stored' | 'duplicate' | 'forwarded' | 'forwarded-before';

/** Takes one SMS answer into the thread, or forwards it; the caller wakes the mail worker. */
export async function takeSms(deps: { db: Db }, sms: IncomingSms, now: Date): Promise<SmsOutcome> {
  const leadId = sms.from.startsWith('+') ? await newestOpenLeadOf(deps.db, sms.from) : null;
  if (leadId) {
    const outcome = await storeAnswer(deps.db, {
      leadId,
      channel: 'sms',
      body: sms.text.trim() || '(Tom SMS)',
      incomingId: sms.incomingId,
      at: now,
      photos: [],
    });
    if (outcome !== 'lead-gone') return outcome;
  }
  const forwarded = await forwardUnmatched(deps.db, {
    channel: 'sms',
    incomingId: sms.incomingId,
    from: sms.from,
    replyTo: null,
    subject: null,
    receivedAt: (sms.sentAt ?? now).toISOString(),
    text: sms.text,
    attachments: [],
  });
  return forwarded ? 'forwarded' : 'forwarded-before';
}
