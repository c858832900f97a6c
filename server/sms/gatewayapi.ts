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
 */
import { smsEncoding } from './segments.ts';
import { basicAuth, getJson, msisdnOf, postJson, SmsSendError, type SmsTransport } from './transport.ts';

export const gatewayapiDefaultUrl = 'https://gatewayapi.com/rest/mtsms';

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
