/**
 * GatewayAPI's REST API (https://gatewayapi.com/docs/, source
 * https://github.com/onlinecity/gatewayapi-docs docs/rest.rst):
 *   POST https://gatewayapi.com/rest/mtsms, HTTP Basic auth with the API token as the user name
 *   and an empty password, JSON { sender, message, recipients: [{ msisdn }], encoding?, userref? }.
 *   200 → { ids: [number], usage: {…} }; 400/401/403/422/500 → { code: '0x0216', message,
 *   incident_uuid, variables }. `encoding` defaults to GSM 03.38; 'UCS2' sends Unicode.
 *   `callback_url` asks for delivery reports there (server/sms/delivery-status.ts), with our SMS
 *   id as `userref`; `validity_period` (seconds, at least 60) makes the network give up on it.
 *   GET /rest/me → { credit, currency, id }: the account's balance.
 *
 * Delivery reports and received SMS ("MO SMS") come to our webhooks as `{ id, msisdn, … }` and,
 * with an authentication token set on the webhook, the same fields as a JWT (HS256, signed with
 * that token) in `X-Gwapi-Signature`. We read them from the verified JWT only, so an unsigned or
 * forged call changes nothing. Report states (docs/rest.rst): UNKNOWN, SCHEDULED, BUFFERED, ENROUTE
 * (on the way), DELIVERED, and the failures EXPIRED, UNDELIVERABLE, REJECTED (SKIPPED, DELETED: not
 * delivered either).
 */
import { readPhone } from '../../domain/phone.ts';
import { verifyHs256Jwt, type DeliveryReport } from './delivery-status.ts';
import { headerValue, type IncomingSms, type SmsProvider } from './provider.ts';
import { smsEncoding } from './segments.ts';
import { basicAuth, getJson, msisdnOf, postJson, SmsSendError, type SmsTransport } from './transport.ts';

export const gatewayapiDefaultUrl = 'https://gatewayapi.com/rest/mtsms';
/** Where GatewayAPI posts delivery reports, under PUBLIC_URL. */
const gatewayapiReportPath = '/sms-status/gatewayapi';

export function createGatewayapiTransport(options: {
  url: string;
  token: string;
  sender: string;
  /** Where GatewayAPI reports delivery; none: the account's default webhook, if any. */
  callbackUrl?: string;
  timeoutMs?: number;
}): SmsTransport {
  const authorization = basicAuth(options.token, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    kind: 'gatewayapi',
    async send(message) {
      const body: Record<string, unknown> = {
        sender: options.sender,
        message: message.text,
        recipients: [{ msisdn: Number(msisdnOf(message.to)) }],
      };
      if (smsEncoding(message.text) === 'UCS-2') body.encoding = 'UCS2';
      if (message.reference) body.userref = message.reference;
      if (options.callbackUrl) body.callback_url = options.callbackUrl;
      if (message.validitySeconds) body.validity_period = Math.max(60, Math.round(message.validitySeconds));
      const answer = await postJson(options.url, authorization, body, timeoutMs);
      const json = answer.json as { ids?: unknown; code?: unknown; message?: unknown } | null;
      if (answer.status === 200 && Array.isArray(json?.ids) && json.ids.length > 0) {
        return { ids: json.ids.map(String) };
      }
      const detail =
        json && typeof json.message === 'string' ? `${String(json.code ?? '')} ${json.message}` : '';
      throw new SmsSendError(
        `GatewayAPI answered ${answer.status}${detail ? `: ${detail.trim()}` : ''}`,
        answer.status,
      );
    },
    async account() {
      const answer = await getJson(new URL('/rest/me', options.url).href, authorization, timeoutMs);
      const json = answer.json as { credit?: unknown; currency?: unknown; message?: unknown } | null;
      if (answer.status === 200 && typeof json?.credit === 'number') {
        return { credit: json.credit, currency: typeof json.currency === 'string' ? json.currency : null };
      }
      const detail = typeof json?.message === 'string' ? `: ${json.message}` : '';
      throw new SmsSendError(`GatewayAPI answered ${answer.status}${detail}`, answer.status);
    },
  };
}

const failedStates = new Set(['EXPIRED', 'UNDELIVERABLE', 'REJECTED', 'SKIPPED', 'DELETED']);

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
    failed: failedStates.has(state),
    detail: detail || null,
    at: typeof time === 'number' && Number.isFinite(time) ? new Date(time * 1000) : now,
  };
}

/** The sender as E.164: GatewayAPI gives the number with its country code and without "+". */
export function senderNumber(msisdn: string): string | null {
  const digits = msisdn.replace(/[\s+]/g, '');
  if (!/^\d{8,15}$/.test(digits)) return null;
  return readPhone(digits.length === 8 ? digits : `+${digits}`);
}

/** A received SMS from GatewayAPI's signed header. */
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
    text: message,
    sentAt: typeof senttime === 'number' && Number.isFinite(senttime) ? new Date(senttime * 1000) : null,
  };
}

export const gatewayapi: SmsProvider<'gatewayapi'> = {
  name: 'gatewayapi',
  defaultUrl: gatewayapiDefaultUrl,
  createTransport: ({ url, token, sender, publicUrl, webhookSecret }) =>
    createGatewayapiTransport({
      url,
      token,
      sender,
      ...(webhookSecret ? { callbackUrl: `${publicUrl}${gatewayapiReportPath}` } : {}),
    }),
  deliveryReports: {
    path: gatewayapiReportPath,
    keyedSegment: false,
    finalStates: ['DELIVERED', ...failedStates],
    parse: (request, secret, now) => gatewayapiReport(headerValue(request, 'x-gwapi-signature'), secret, now),
  },
  incoming: {
    path: '/sms-incoming/gatewayapi',
    parse: (request, secret) => gatewayapiIncomingSms(headerValue(request, 'x-gwapi-signature'), secret),
  },
};
