/**
 * Where SMS go: a provider's API (./providers.ts), or, without SMS_PROVIDER, text files in
 * DATA_DIR/sms (docs/decisions/sms-paging.md).
 */
export interface SmsMessage {
  /** E.164, e.g. '+4512345678'. */
  to: string;
  text: string;
  /** Our id for the message (the provider's reference field), for tracing and delivery reports. */
  reference?: string;
  /** The provider gives up after this long (GatewayAPI `validity_period`): a late page is no page. */
  validitySeconds?: number;
}

/** What the account has left (GatewayAPI GET /rest/me, CPSMS GET /v2/creditvalue). */
export interface SmsAccount {
  credit: number;
  currency: string | null;
}

export interface SmsTransport {
  /** The provider's name (SMS_PROVIDER), or 'file'. */
  readonly kind: string;
  /** Resolves with the provider's message ids once the provider accepted it; throws otherwise. */
  send(message: SmsMessage): Promise<{ ids: string[] }>;
  /** The account's credit; throws SmsSendError (with the status) when the provider refuses us. */
  account?(): Promise<SmsAccount>;
}

/** The provider refused the message or could not be reached; `status` is its HTTP status, if any. */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  // A field, not a parameter property: `npm run abuse` loads this module with Node's type stripping.
  readonly status?: number;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }

  /**
   * Sending it again cannot help: the provider refused this request (a 4xx other than a timeout
   * or "too many requests"). Only 5xx answers, timeouts and refused connections are retried.
   */
  get permanent(): boolean {
    return (
      this.status !== undefined &&
      this.status >= 400 &&
      this.status < 500 &&
      ![408, 429].includes(this.status)
    );
  }

  /**
   * Our side is wrong, not the message: credentials (401), no credit (402; GatewayAPI says 403),
   * an address or account the provider blocks (403), a request it cannot take (422). Someone must
   * fix the configuration; every page fails until then.
   */
  get configurationFault(): boolean {
    return this.status !== undefined && [401, 402, 403, 422].includes(this.status);
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

/** GETs JSON (the account endpoints); a network failure or timeout becomes an SmsSendError. */
export async function getJson(
  url: string,
  authorization: string,
  timeoutMs: number,
): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: authorization, Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new SmsSendError(`SMS provider unreachable: ${cause ?? (error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  try {
    return { status: response.status, json: text ? JSON.parse(text) : null };
  } catch {
    return { status: response.status, json: null };
  }
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
