/**
 * CPSMS's REST API v2 (https://api.cpsms.dk/documentation/index.html#send, source
 * https://github.com/Compaya/slate source/includes/_sms.md and _errors.md):
 *   POST https://api.cpsms.dk/v2/send, HTTP Basic auth with the CPSMS user name and an API key,
 *   JSON { to: '4512345678', message, from, reference? } (message UTF-8, at most 1530 characters;
 *   `from` 11 characters alphanumeric or 20 digits). 200 → { success: [{ to, cost }] };
 *   several recipients with some failing → 207 with { success, error: [{ errorCode, errMsg, to }] };
 *   400 bad request, 401 credentials, 402 no credit, 403 IP validation, 500 server error.
 *   `dlr_url`: CPSMS POSTs delivery reports there with `?status=x&receiver=xx` appended
 *   (server/sms/delivery-status.ts). GET /v2/creditvalue → { credit: '9.843,40' }.
 *
 * Delivery report states: 1 delivered, 2 failed, 3 buffered, 4 abandoned. CPSMS signs nothing, so
 * the URL we give it carries our own signature of the SMS id: a report to any other URL is
 * refused, and request logs hide that part of the path. CPSMS has no webhook for received SMS that
 * we could verify; with it answers come by e-mail or the case page.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DeliveryReport } from './delivery-status.ts';
import type { SmsProvider, SmsWebhookRequest } from './provider.ts';
import { basicAuth, getJson, msisdnOf, postJson, SmsSendError, type SmsTransport } from './transport.ts';

export const cpsmsDefaultUrl = 'https://api.cpsms.dk/v2/send';
/** Where CPSMS posts delivery reports, under PUBLIC_URL: followed by our signed SMS id. */
const cpsmsReportPath = '/sms-status/cpsms';

export function createCpsmsTransport(options: {
  url: string;
  /** 'username:apikey' */
  token: string;
  sender: string;
  /** The delivery-report URL of one SMS (by our reference); none: no reports. */
  reportUrl?: (reference: string) => string;
  timeoutMs?: number;
}): SmsTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const separator = options.token.indexOf(':');
  const authorization = basicAuth(options.token.slice(0, separator), options.token.slice(separator + 1));
  return {
    kind: 'cpsms',
    async send(message) {
      const to = msisdnOf(message.to);
      const body: Record<string, unknown> = { to, message: message.text, from: options.sender };
      // At most 32 characters: a UUID without its dashes.
      if (message.reference) body.reference = message.reference.replace(/-/g, '').slice(0, 32);
      if (message.reference && options.reportUrl) body.dlr_url = options.reportUrl(message.reference);
      const answer = await postJson(options.url, authorization, body, timeoutMs);
      const json = answer.json as { success?: unknown; error?: unknown } | null;
      const success = Array.isArray(json?.success) ? (json.success as { to?: unknown }[]) : [];
      if (answer.status === 200 && success.some((entry) => String(entry.to) === to)) {
        // CPSMS gives no message id; the recipient and our reference identify it.
        return { ids: [String(body.reference ?? to)] };
      }
      throw new SmsSendError(`CPSMS answered ${answer.status}${errorText(json?.error)}`, answer.status);
    },
    async account() {
      const answer = await getJson(new URL('/v2/creditvalue', options.url).href, authorization, timeoutMs);
      const credit = (answer.json as { credit?: unknown } | null)?.credit;
      // Written the Danish way: '9.843,40'.
      const value = typeof credit === 'string' ? Number(credit.replaceAll('.', '').replace(',', '.')) : NaN;
      if (answer.status === 200 && Number.isFinite(value)) return { credit: value, currency: null };
      throw new SmsSendError(
        `CPSMS answered ${answer.status}${errorText((answer.json as { error?: unknown } | null)?.error)}`,
        answer.status,
      );
    },
  };
}

function errorText(error: unknown): string {
  const first = Array.isArray(error) ? error[0] : error;
  if (!first || typeof first !== 'object') return '';
  const { errorCode, errMsg, code, message } = first as Record<string, unknown>;
  const text = [errorCode ?? code, errMsg ?? message].filter((part) => part !== undefined).join(' ');
  return text ? `: ${text}` : '';
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

function parseReport(request: SmsWebhookRequest, secret: string, now: Date): DeliveryReport | null {
  const token = (request.params as { token?: unknown } | null)?.token;
  if (typeof token !== 'string') return null;
  return cpsmsReport(token, (request.query as { status?: unknown } | null)?.status, secret, now);
}

export const cpsms: SmsProvider<'cpsms'> = {
  name: 'cpsms',
  defaultUrl: cpsmsDefaultUrl,
  tokenFormat: { pattern: /^[^:]+:.+$/, description: 'username:apikey' },
  createTransport: ({ url, token, sender, publicUrl, webhookSecret }) =>
    createCpsmsTransport({
      url,
      token,
      sender,
      ...(webhookSecret
        ? {
            reportUrl: (reference: string) =>
              `${publicUrl}${cpsmsReportPath}/${cpsmsReportToken(webhookSecret, reference)}`,
          }
        : {}),
    }),
  deliveryReports: {
    path: `${cpsmsReportPath}/:token`,
    keyedSegment: true,
    finalStates: Object.entries(cpsmsStates)
      .filter(([, state]) => state.delivered || state.failed)
      .map(([status]) => `cpsms:${status}`),
    parse: parseReport,
  },
};
