import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures for URLs on our own server (local object reads and upload PUTs).
 * The purpose is part of the signed text so a read link can never be used as an upload link.
 */
export function signUrlParts(secret: string, purpose: string, subject: string, expires: number): string {
  return createHmac('sha256', secret).update(`${purpose}\n${subject}\n${expires}`).digest('base64url');
}

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

export function verifyUrlParts(
  secret: string,
  purpose: string,
  subject: string,
  expires: string | undefined,
  signature: string | undefined,
  now: number = Date.now(),
): SignatureCheck {
  if (!expires || !signature || !/^\d{1,15}$/.test(expires)) return 'invalid';
  const expected = Buffer.from(signUrlParts(secret, purpose, subject, Number(expires)));
  const given = Buffer.from(signature);
  // Constant-time compare; the length check first is required by timingSafeEqual and leaks nothing useful.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  // Expiry is checked after the signature so a forged URL never learns whether it is "expired".
  if (Number(expires) * 1000 < now) return 'expired';
  return 'ok';
}
