/**
 * What an SMS provider is to the rest of the server: one module per provider (./gatewayapi.ts,
 * ./cpsms.ts), listed once in ./providers.ts. Config, the transport, the delivery-report and
 * incoming-SMS routes and log redaction read the provider from there; nothing outside server/sms
 * names one (README "Adding an SMS provider").
 */
import type { DeliveryReport } from './delivery-status.ts';
import type { SmsTransport } from './transport.ts';

/** The parts of a provider's webhook call a parser reads (a Fastify request has them). */
export interface SmsWebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  params: unknown;
  query: unknown;
}

/** An SMS a customer sent us, as its provider reported it. */
export interface IncomingSms {
  /** `<provider>:<the provider's id>`: the same SMS posted again is stored once. */
  incomingId: string;
  /** The sender, E.164 when it reads as a number; as given otherwise. */
  from: string;
  /** The text as sent (the caller cuts it to what it keeps). */
  text: string;
  /** When the customer sent it, as the provider says; null when it did not. */
  sentAt: Date | null;
}

export interface SmsProvider<Name extends string = string> {
  /** SMS_PROVIDER's value. */
  readonly name: Name;
  /** The send endpoint when SMS_API_URL is not set. */
  readonly defaultUrl: string;
  /** What SMS_API_TOKEN must look like, if the provider needs more than a non-empty text. */
  readonly tokenFormat?: { pattern: RegExp; description: string };
  /**
   * The transport; with a webhook secret it asks for delivery reports under `publicUrl` (at
   * `deliveryReports.path`).
   */
  createTransport(options: {
    url: string;
    token: string;
    sender: string;
    publicUrl: string;
    webhookSecret: string | null;
  }): SmsTransport;
  /** Delivery reports: POSTed by the provider to PUBLIC_URL + `path` (a Fastify route path). */
  readonly deliveryReports: {
    path: string;
    /**
     * The path ends in a parameter that is a key in itself (our signature): request logs hide it
     * (server/plugins/log-redaction.ts).
     */
    keyedSegment: boolean;
    /** The states (DeliveryReport.state) that are final: a later report does not change them. */
    finalStates: readonly string[];
    /** The report, or null when unsigned, forged or naming no state we know. */
    parse(request: SmsWebhookRequest, secret: string, now: Date): DeliveryReport | null;
  };
  /** Customers' SMS answers, when the provider can sign them; none: answers come otherwise. */
  readonly incoming?: {
    path: string;
    /**
     * The SMS: 'unsigned' when the signature is missing or does not verify, 'malformed' when a
     * signed message lacks its sender, id or text.
     */
    parse(request: SmsWebhookRequest, secret: string): IncomingSms | 'unsigned' | 'malformed';
  };
}

/** A header's single value, or undefined. */
export function headerValue(request: SmsWebhookRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
