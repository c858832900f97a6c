/**
 * The addresses an answer to one of our e-mails comes back to (docs/decisions/incoming-answers.md,
 * docs/decisions/staff-replies.md): the reply mailbox's address with a tag naming the lead (plus
 * addressing, as Zammad, FreeScout and GitLab's incoming e-mail do).
 *
 * - To a customer: `svar+<lead id><signature>@firma.dk`, the lead's id without dashes and 12 hex
 *   characters of an HMAC over it, all lower case (some mail systems lower-case the local part), 49
 *   characters with "svar+", under the 64 a local part may have.
 * - To staff (a notification about a lead): `svar+s<lead id><signature>@firma.dk`, signed with a key
 *   of its own, so a customer's tag can never pass for a staff tag (50 characters with "svar+").
 *
 * A forged or altered tag names no lead.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import { company } from '../../domain/company.ts';
import type { ComposeDeps } from './compose.ts';
import type { MailAddress } from './transport.ts';

const signatureLength = 12;
const customerTag = /^([0-9a-f]{32})([0-9a-f]{12})$/;
const staffTag = /^s([0-9a-f]{32})([0-9a-f]{12})$/;

type Audience = 'customer' | 'staff';

function signatureOf(secret: string, audience: Audience, compactId: string): string {
  const key = audience === 'customer' ? `lead-reply-address:${secret}` : `lead-staff-reply-address:${secret}`;
  return createHmac('sha256', key).update(compactId).digest('hex').slice(0, signatureLength);
}

function addressOf(secret: string, audience: Audience, mailbox: string, leadId: string): string {
  const at = mailbox.lastIndexOf('@');
  const compactId = leadId.replaceAll('-', '').toLowerCase();
  const prefix = audience === 'staff' ? 's' : '';
  return `${mailbox.slice(0, at)}+${prefix}${compactId}${signatureOf(secret, audience, compactId)}${mailbox.slice(at)}`;
}

function leadIdOf(secret: string, audience: Audience, address: string): string | null {
  const local = address.trim().toLowerCase().split('@')[0] ?? '';
  const plus = local.indexOf('+');
  if (plus < 0) return null;
  const match = (audience === 'staff' ? staffTag : customerTag).exec(local.slice(plus + 1));
  if (!match) return null;
  const [, compactId, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(signatureOf(secret, audience, compactId));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
  return compactId.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
}

/** `svar@firma.dk` and a lead → `svar+<tag>@firma.dk`, for e-mails to the customer. */
export function replyAddressOf(secret: string, mailbox: string, leadId: string): string {
  return addressOf(secret, 'customer', mailbox, leadId);
}

/** The lead an address made by `replyAddressOf` names; null for any other address or a bad tag. */
export function leadIdOfReplyAddress(secret: string, address: string): string | null {
  return leadIdOf(secret, 'customer', address);
}

/** `svar@firma.dk` and a lead → `svar+s<tag>@firma.dk`, for notifications to staff. */
export function staffReplyAddressOf(secret: string, mailbox: string, leadId: string): string {
  return addressOf(secret, 'staff', mailbox, leadId);
}

/** The lead an address made by `staffReplyAddressOf` names; null for any other address. */
export function leadIdOfStaffReplyAddress(secret: string, address: string): string | null {
  return leadIdOf(secret, 'staff', address);
}

type ReplyDeps = Pick<ComposeDeps, 'mail' | 'signingSecret'>;

/** True when answers by e-mail come back into the thread (a reply mailbox and a key to sign with). */
export function repliesComeBack(deps: ReplyDeps): boolean {
  return Boolean(deps.mail.replyAddress && deps.signingSecret);
}

/**
 * The Reply-To of every e-mail to a customer about a lead: the lead's tagged reply address, so an
 * answer lands in the thread; the company inbox without a reply mailbox.
 */
export function customerReplyTo(deps: ReplyDeps, leadId: string): string {
  return repliesComeBack(deps)
    ? replyAddressOf(deps.signingSecret!, deps.mail.replyAddress!, leadId)
    : deps.mail.to;
}

/**
 * The Reply-To of a notification to staff about a lead: the staff tag, so a staff member's answer
 * goes to the customer through the thread; null without a reply mailbox (the e-mail then points to
 * the inbox only).
 */
export function staffReplyTo(deps: ReplyDeps, leadId: string): string | null {
  return repliesComeBack(deps)
    ? staffReplyAddressOf(deps.signingSecret!, deps.mail.replyAddress!, leadId)
    : null;
}

/**
 * The sender of a message a staff member wrote: "Bo Jensen, Skadekompagniet", at the reply mailbox
 * (a mailbox a person's answer reaches), else at MAIL_FROM's address. Not no-reply: a person wrote it.
 */
export function personalFrom(deps: Pick<ComposeDeps, 'mail'>, author: string): MailAddress {
  const [configured] = addressparser(deps.mail.from, { flatten: true });
  const address = deps.mail.replyAddress ?? configured?.address ?? deps.mail.from;
  return { name: `${author}, ${company.name}`, address };
}
