/**
 * The address a customer's e-mail answer comes back to: the reply mailbox's address with a tag
 * naming the lead, `svar+<lead id><signature>@firma.dk` (plus addressing, as Zammad, FreeScout and
 * GitLab's incoming e-mail do). The tag is the lead's id without dashes and 12 hex characters of
 * an HMAC over it, all lower case (some mail systems lower-case the local part), 49 characters with
 * "svar+", under the 64 a local part may have. A forged or altered tag names no lead.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const signatureLength = 12;
const tagPattern = /^([0-9a-f]{32})([0-9a-f]{12})$/;

function signatureOf(secret: string, compactId: string): string {
  return createHmac('sha256', `lead-reply-address:${secret}`)
    .update(compactId)
    .digest('hex')
    .slice(0, signatureLength);
}

/** `svar@firma.dk` and a lead → `svar+<tag>@firma.dk`. */
export function replyAddressOf(secret: string, mailbox: string, leadId: string): string {
  const at = mailbox.lastIndexOf('@');
  const compactId = leadId.replaceAll('-', '').toLowerCase();
  return `${mailbox.slice(0, at)}+${compactId}${signatureOf(secret, compactId)}${mailbox.slice(at)}`;
}

/** The lead an address made by `replyAddressOf` names; null for any other address or a bad tag. */
export function leadIdOfReplyAddress(secret: string, address: string): string | null {
  const local = address.trim().toLowerCase().split('@')[0] ?? '';
  const plus = local.indexOf('+');
  if (plus < 0) return null;
  const match = tagPattern.exec(local.slice(plus + 1));
  if (!match) return null;
  const [, compactId, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(signatureOf(secret, compactId));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
  return compactId.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
}
