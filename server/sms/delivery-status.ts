/**
 * Delivery reports: what happened to an SMS after the provider accepted it
 * (docs/decisions/sms-delivery-reports.md).
 *
 * GatewayAPI POSTs `{ id, msisdn, time, status, error, code, userref, … }` to the message's
 * `callback_url`; with an authentication token set on the webhook it also sends the same fields as
 * a JWT (HS256, signed with that token) in `X-Gwapi-Signature`. We read the report from the
 * verified JWT only, so an unsigned or forged report changes nothing. States (docs/rest.rst):
 * UNKNOWN, SCHEDULED, BUFFERED, ENROUTE (on the way), DELIVERED, and the failures EXPIRED,
 * UNDELIVERABLE, REJECTED (SKIPPED, DELETED: not delivered either).
 *
 * CPSMS POSTs to the message's `dlr_url` with `?status=x&receiver=xx` appended: 1 delivered,
 * 2 failed, 3 buffered, 4 abandoned. It signs nothing, so the URL we give it carries our own
 * signature of the SMS id: a report to any other URL is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface DeliveryReport {
  /** Our SMS id (GatewayAPI `userref`; CPSMS: from our signed URL). */
  smsId: string;
  /** The provider's state as it names it ('UNDELIVERABLE', 'cpsms:2'). */
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

const gatewayapiFailed = new Set(['EXPIRED', 'UNDELIVERABLE', 'REJECTED', 'SKIPPED', 'DELETED']);

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

/** Signs claims as GatewayAPI does (the fake provider and tests use it). */
export function signHs256Jwt(claims: Record<string, unknown>, secret: string): string {
  const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** GatewayAPI's report from its signed header; null when unsigned, forged or not about our SMS. */
export function gatewayapiReport(
  signatureHeader: string | undefined,
  secret: string,
  now: Date,
): DeliveryReport | null {
  if (!signatureHeader) return null;
  const claims = verifyHs256Jwt(signatureHeader, secret);
  if (!claims) return null;
  const { userref, status, error, code, time } = claims;
  if (typeof userref !== 'string' || !userref || typeof status !== 'string') return null;
  const state = status.toUpperCase();
  const detail = [code, error].filter((part) => typeof part === 'string' && part).join(' ');
  return {
    smsId: userref,
    state,
    delivered: state === 'DELIVERED',
    failed: gatewayapiFailed.has(state),
    detail: detail || null,
    at: typeof time === 'number' && Number.isFinite(time) ? new Date(time * 1000) : now,
  };
}

function cpsmsSignature(secret: string, smsId: string): string {
  return createHmac('sha256', `cpsms-delivery-report:${secret}`).update(smsId).digest('base64url');
}

/** The last part of an SMS's `dlr_url`: its id and our signature of it. */
export function cpsmsReportToken(secret: string, smsId: string): string {
  return `${smsId}.${cpsmsSignature(secret, smsId)}`;
}

const cpsmsStates: Record<string, { delivered: boolean; failed: boolean; name: string }> = {
  '1': { delivered: true, failed: false, name: 'leveret' },
  '2': { delivered: false, failed: true, name: 'ikke leveret' },
  '3': { delivered: false, failed: false, name: 'i kø' },
  '4': { delivered: false, failed: true, name: 'opgivet' },
};

/** CPSMS's report from our signed URL and its `status` parameter; null when forged or unknown. */
export function cpsmsReport(
  token: string,
  status: unknown,
  secret: string,
  now: Date,
): DeliveryReport | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const smsId = token.slice(0, dot);
  const expected = Buffer.from(cpsmsSignature(secret, smsId));
  const given = Buffer.from(token.slice(dot + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const known = typeof status === 'string' ? cpsmsStates[status] : undefined;
  if (!known) return null;
  return {
    smsId,
    state: `cpsms:${status as string}`,
    delivered: known.delivered,
    failed: known.failed,
    detail: known.name,
    at: now,
  };
}

/** Where the providers send reports, under PUBLIC_URL. */
export const deliveryReportPaths = {
  gatewayapi: '/sms-status/gatewayapi',
  cpsms: '/sms-status/cpsms',
} as const;
