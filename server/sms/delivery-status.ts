/**
 * Delivery reports: what happened to an SMS after the provider accepted it
 * (docs/decisions/sms-delivery-reports.md). Each provider reads its own reports (its module's
 * `deliveryReports.parse`); this is what they read them into, and the signed-JWT check the
 * providers that sign with a shared secret use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface DeliveryReport {
  /** Our SMS id (the reference we sent it with). */
  smsId: string;
  /** The provider's state as it names it (e.g. 'UNDELIVERABLE'), as the SMS row keeps it. */
  state: string;
  /** Delivered to the phone. */
  delivered: boolean;
  /** Will never be delivered: the next person must be paged now. */
  failed: boolean;
  /** The provider's error text and code, if it gave them. */
  detail: string | null;
  /** When the provider saw the state; the report's arrival when it gave no time. */
  at: Date;
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

/** The claims of an HS256 JWT signed with `secret`, or null when it is not one. */
export function verifyHs256Jwt(token: string, secret: string): Record<string, unknown> | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  let claims: unknown;
  try {
    const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
    // Only the algorithm we asked for: never 'none', never an asymmetric one keyed with the secret.
    if (alg !== 'HS256') return null;
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return claims && typeof claims === 'object' && !Array.isArray(claims)
    ? (claims as Record<string, unknown>)
    : null;
}

/** Signs claims as a provider signing with HS256 does (the fake provider and tests use it). */
export function signHs256Jwt(claims: Record<string, unknown>, secret: string): string {
  const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
