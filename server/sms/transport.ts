/**
 * Where on-call SMS go: GatewayAPI or CPSMS over their REST APIs, or, without SMS_PROVIDER,
 * text files in DATA_DIR/sms (docs/decisions/sms-paging.md).
 */
export interface SmsMessage {
  /** E.164, e.g. '+4512345678'. */
  to: string;
  text: string;
  /** Our id for the message (the provider's reference field), for tracing. */
  reference?: string;
}

export interface SmsTransport {
  readonly kind: 'gatewayapi' | 'cpsms' | 'file';
  /** Resolves with the provider's message ids once the provider accepted it; throws otherwise. */
  send(message: SmsMessage): Promise<{ ids: string[] }>;
}

/** The provider refused the message or could not be reached; `status` is its HTTP status, if any. */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The digits of an E.164 number without '+': the MSISDN both providers take. */
export function msisdnOf(e164: string): string {
  if (!/^\+[1-9]\d{7,14}$/.test(e164)) throw new SmsSendError(`not an E.164 number: ${e164}`);
  return e164.slice(1);
}

export function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** POSTs JSON; a network failure or timeout becomes an SmsSendError. */
export async function postJson(
  url: string,
  authorization: string,
  body: unknown,
  timeoutMs: number,
): Promise<{ status: number; json: unknown; text: string }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: authorization,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new SmsSendError(`SMS provider unreachable: ${cause ?? (error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return { status: response.status, json, text };
}
