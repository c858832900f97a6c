/**
 * Form tokens: `<startedAt>.<issuedAt>.<nonce>.<signature>` (milliseconds since 1970, a random
 * nonce, HMAC-SHA256 with the signing secret and a purpose of its own, so no other signed value of
 * ours passes as a token). Tokens issued before the nonce existed (`<startedAt>.<issuedAt>.<signature>`)
 * are still accepted while they live.
 *
 * - `issuedAt` limits the token's life (formTokenLimits.maxAgeMs).
 * - `startedAt` is when the form first got a token. A form left open renews its token before it
 *   runs out and hands in the old one; the new token keeps the old start, so a renewal just
 *   before sending never looks like a form filled in within seconds.
 *
 * The client cannot change either time without breaking the signature. A token brings one lead:
 * the lead's transaction records formTokenHash(token) (server/leads/create-lead.ts), and the nonce
 * keeps two forms opened in the same millisecond from getting the same token.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const purpose = 'lead-form-token';

export const formTokenLimits = {
  /** A token older than this is expired (the form renews its token well before). */
  maxAgeMs: 2 * 60 * 60_000,
  /** Sent sooner than this after the form got its first token: faster than a person. */
  minFillMs: 3_000,
  /** A renewal keeps the start of a token issued at most this long ago (a form left open for days starts anew). */
  renewableForMs: 7 * 24 * 60 * 60_000,
} as const;

export type FormTokenCheck =
  | { status: 'valid'; startedAt: number; issuedAt: number }
  | { status: 'expired'; startedAt: number; issuedAt: number }
  | { status: 'invalid' };

function sign(secret: string, startedAt: number, issuedAt: number, nonce?: string): string {
  const signed = `${purpose}\n${startedAt}\n${issuedAt}${nonce === undefined ? '' : `\n${nonce}`}`;
  return createHmac('sha256', secret).update(signed).digest('base64url');
}

/** What the spent-token record keeps of a token: its SHA-256, never the token. */
export function formTokenHash(token: string): string {
  return createHash('sha256').update(token.trim()).digest('base64url');
}

/**
 * A new token issued at `now`. With a `previous` token of ours (even expired, within
 * renewableForMs), the form's start is carried over.
 */
export function issueFormToken(secret: string, now: number, previous?: string | undefined): string {
  let startedAt = now;
  if (previous) {
    const check = verifyFormToken(secret, previous, now);
    if (check.status !== 'invalid' && now - check.issuedAt <= formTokenLimits.renewableForMs) {
      startedAt = Math.min(check.startedAt, now);
    }
  }
  const nonce = randomBytes(12).toString('base64url');
  return `${startedAt}.${now}.${nonce}.${sign(secret, startedAt, now, nonce)}`;
}

export function verifyFormToken(secret: string, token: string, now: number): FormTokenCheck {
  const match = /^(\d{1,15})\.(\d{1,15})\.(?:([A-Za-z0-9_-]{16})\.)?([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { status: 'invalid' };
  const startedAt = Number(match[1]);
  const issuedAt = Number(match[2]);
  const expected = Buffer.from(sign(secret, startedAt, issuedAt, match[3]));
  const given = Buffer.from(match[4]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
  if (startedAt > issuedAt) return { status: 'invalid' };
  if (now - issuedAt > formTokenLimits.maxAgeMs) return { status: 'expired', startedAt, issuedAt };
  return { status: 'valid', startedAt, issuedAt };
}
