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
 */
import { basicAuth, getJson, msisdnOf, postJson, SmsSendError, type SmsTransport } from './transport.ts';

export const cpsmsDefaultUrl = 'https://api.cpsms.dk/v2/send';

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
