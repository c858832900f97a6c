/**
 * The spam signals of a lead, each a named reason (domain/spam.ts). A strong reason files the
 * lead as spam (no e-mail; its sender gets the same answer as anyone else); weak reasons alone
 * only mark it "Mulig spam" for staff, and it is handled like any other. People leave the hidden
 * field empty and send through a form that fetched its token when the page opened (strong
 * signals); they usually take more than a few seconds and write text rather than lists of links,
 * but autofill and pasted links are human too (weak signals). Whether the token already brought
 * a lead is decided where the lead is stored (server/leads/create-lead.ts).
 */
import { leadFields, splitLead, type Lead } from '../../domain/lead.ts';
import { honeypotFieldName, type SpamReason } from '../../domain/spam.ts';
import { formTokenLimits, verifyFormToken } from './spam-token.ts';

export const contentLimits = {
  /** More links than this in the message (or description) is spam. */
  maxLinks: 2,
  /** A message with at least this many characters besides spaces … */
  minCharactersForLetterShare: 20,
  /** … of which fewer than this share are letters (any script) is not text. */
  minLetterShare: 0.2,
} as const;

const linkPattern = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const onlyLinkPattern = /^(?:https?:\/\/|www\.)\S+$/i;
/** Tags of HTML (the common ones; "a < b" and "<3" are not tags) and forum link markup. */
const markupPattern =
  /<\s*(?:\/\s*)?(?:a|abbr|b|body|br|center|div|em|embed|font|form|h[1-6]|head|html|i|iframe|img|input|li|link|meta|object|ol|p|script|span|strong|style|svg|table|td|tr|u|ul)(?:\s[^<>]*)?\/?>|<script|\[\/?(?:url|link|img)\b[^\]]*\]/i;

export interface SpamCheckOptions {
  /** The signing secret the form tokens are signed with. */
  secret: string;
  /** Now, in milliseconds. */
  now: number;
}

/** Every reason the lead looks like spam, in a fixed order; empty for a lead from a person. */
export function spamReasonsOf(lead: Lead, options: SpamCheckOptions): SpamReason[] {
  return [...formReasons(lead, options), ...contentReasons(lead)];
}

/** Honeypot and form token: what a form in a browser always gets right. */
function formReasons(lead: Lead, options: SpamCheckOptions): SpamReason[] {
  const values = lead as unknown as Record<string, unknown>;
  const reasons: SpamReason[] = [];
  const honeypot = values[honeypotFieldName];
  if (typeof honeypot === 'string' && honeypot.trim() !== '') reasons.push('honeypot');
  const token = typeof values.formToken === 'string' ? values.formToken.trim() : '';
  if (!token) {
    reasons.push('token-missing');
    return reasons;
  }
  const check = verifyFormToken(options.secret, token, options.now);
  if (check.status === 'invalid') reasons.push('token-invalid');
  else if (check.status === 'expired') {
    // A form left open for days starts anew; a week-old token was not renewed by any form.
    const abandoned = options.now - check.issuedAt > formTokenLimits.renewableForMs;
    reasons.push(abandoned ? 'token-invalid' : 'token-expired');
  } else if (options.now - check.startedAt < formTokenLimits.minFillMs) reasons.push('too-fast');
  return reasons;
}

/** What the lead says: links, markup, and messages that are not text. */
export function contentReasons(lead: Lead): SpamReason[] {
  const { contact, details } = splitLead(lead);
  const freeTexts = leadFields[lead.kind]
    .filter((field) => field.multiline)
    .map((field) => details[field.key]?.trim() ?? '')
    .filter((text) => text !== '');
  const reasons: SpamReason[] = [];
  const links = freeTexts.reduce((sum, text) => sum + (text.match(linkPattern)?.length ?? 0), 0);
  if (links > contentLimits.maxLinks) reasons.push('many-links');
  if (freeTexts.some((text) => onlyLinkPattern.test(text))) reasons.push('only-link');
  if ([contact.name, ...Object.values(details)].some((text) => markupPattern.test(text))) {
    reasons.push('markup');
  }
  if (/\b(?:https?:\/\/|www\.)/i.test(contact.name)) reasons.push('link-in-name');
  if (freeTexts.some(isMostlyNotLetters)) reasons.push('not-text');
  return reasons;
}

function isMostlyNotLetters(text: string): boolean {
  const characters = text.replace(/\s/g, '');
  if (characters.length < contentLimits.minCharactersForLetterShare) return false;
  const letters = characters.match(/\p{L}/gu)?.length ?? 0;
  return letters / characters.length < contentLimits.minLetterShare;
}
