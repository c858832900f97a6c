/**
 * The acknowledgement link in a page SMS: `/vagt/<lead>.<person>.<expires>.<signature>`, signed
 * with the server's signing secret (server/storage/signing.ts) for this purpose only, bound to
 * the lead and the person, valid 24 hours. Ids travel as 22 base64url characters to keep the SMS
 * short. The page's form carries a second, short-lived token signed over the link, so the POST
 * needs a page this server rendered (with an Origin check, a CSRF defence without a session).
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { signUrlParts, verifyUrlParts } from '../../storage/signing.ts';

export const ackLinkTtlSeconds = 24 * 60 * 60;
export const ackFormTtlSeconds = 60 * 60;
export const ackPathPrefix = '/vagt/';

const linkPurpose = 'oncall-ack';
const formPurpose = 'oncall-ack-form';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function packId(uuid: string): string {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
}

function unpackId(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(text)) return null;
  const hex = Buffer.from(text, 'base64url').toString('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return uuidPattern.test(uuid) ? uuid : null;
}

export function ackToken(secret: string, leadId: string, userId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + ackLinkTtlSeconds;
  const signature = signUrlParts(secret, linkPurpose, `${leadId}/${userId}`, expires);
  return `${packId(leadId)}.${packId(userId)}.${expires}.${signature}`;
}

export function ackUrl(publicUrl: string, secret: string, leadId: string, userId: string, now: Date): string {
  return `${publicUrl}${ackPathPrefix}${ackToken(secret, leadId, userId, now)}`;
}

/**
 * What stands for a link's token in a stored SMS once the SMS is done with (sent, given up or
 * cancelled): the row shows where the link went, but is no key to the page.
 */
export const hiddenAckToken = '[skjult]';

/**
 * The text with the token of every on-call link in it (signed `/vagt/…`, short `/v/…`) replaced by
 * `hiddenAckToken`.
 */
export function withoutAckTokens(text: string): string {
  return text.replace(/\/(vagt|v)\/\S+/g, `/$1/${hiddenAckToken}`);
}

/** `withoutAckTokens` in SQL, for rows changed in bulk. */
export function withoutAckTokensSql(column: AnyColumn): SQL {
  return sql`regexp_replace(${column}, ${'/(vagt|v)/[^[:space:]]+'}, ${`/\\1/${hiddenAckToken}`}, 'g')`;
}

export type AckTokenCheck =
  | { status: 'ok'; leadId: string; userId: string }
  | { status: 'expired'; leadId: string; userId: string }
  | { status: 'invalid' };

export function checkAckToken(secret: string, token: string, now: Date): AckTokenCheck {
  const [lead, user, expires, signature, ...rest] = token.split('.');
  const leadId = unpackId(lead ?? '');
  const userId = unpackId(user ?? '');
  if (!leadId || !userId || rest.length > 0) return { status: 'invalid' };
  const check = verifyUrlParts(secret, linkPurpose, `${leadId}/${userId}`, expires, signature, now.getTime());
  if (check === 'invalid') return { status: 'invalid' };
  return { status: check, leadId, userId };
}

/** The hidden form field of the acknowledgement page: `<expires>.<signature over the link>`. */
export function ackFormToken(secret: string, token: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + ackFormTtlSeconds;
  return `${expires}.${signUrlParts(secret, formPurpose, token, expires)}`;
}

export function checkAckFormToken(secret: string, token: string, formToken: string, now: Date): boolean {
  const [expires, signature, ...rest] = formToken.split('.');
  if (rest.length > 0) return false;
  return verifyUrlParts(secret, formPurpose, token, expires, signature, now.getTime()) === 'ok';
}

/**
 * The on-call queue page a digest SMS links to: `/vagt/liste/<person>.<expires>.<signature>`,
 * bound to the person only (it lists every open emergency), valid as long as a page link.
 */
export const queuePathPrefix = `${ackPathPrefix}liste/`;
const queuePurpose = 'oncall-queue';

export function queueToken(secret: string, userId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + ackLinkTtlSeconds;
  return `${packId(userId)}.${expires}.${signUrlParts(secret, queuePurpose, userId, expires)}`;
}

export type QueueTokenCheck = { status: 'ok' | 'expired'; userId: string } | { status: 'invalid' };

export function checkQueueToken(secret: string, token: string, now: Date): QueueTokenCheck {
  const [user, expires, signature, ...rest] = token.split('.');
  const userId = unpackId(user ?? '');
  if (!userId || rest.length > 0) return { status: 'invalid' };
  const check = verifyUrlParts(secret, queuePurpose, userId, expires, signature, now.getTime());
  if (check === 'invalid') return { status: 'invalid' };
  return { status: check, userId };
}
