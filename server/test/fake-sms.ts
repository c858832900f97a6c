/**
 * Fake SMS providers on 127.0.0.1, one for each provider in server/sms/providers.ts, speaking its
 * documented format (docs/decisions/sms-paging.md): they check the auth header and body as
 * documented, record what they accepted and answer like the real ones. `failWith(500)` makes them
 * answer an error, `stop()` makes them refuse connections (then `start()` again on the same port).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { smsProvider, type SmsProviderName } from '../sms/providers.ts';

export interface ReceivedSms {
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** E.164 of the recipient, read from the provider's own field. */
  to: string;
  text: string;
  /** Date.now() when the request was accepted. */
  at: number;
}

export interface FakeSmsProvider {
  kind: SmsProviderName;
  /** The send endpoint (SMS_API_URL). */
  url: string;
  /** What SMS_API_TOKEN must be. */
  token: string;
  received: ReceivedSms[];
  requests: number;
  /** What the balance endpoint (e.g. GET /rest/me) answers. */
  credit: number;
  failWith(status: number | null): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** One provider's side of the wire, as its documentation describes it. */
interface FakeProtocol {
  token: string;
  authorization: string;
  /** The balance endpoint (the send endpoint is the provider's default URL's path). */
  accountPath: string;
  unauthorized: unknown;
  failure(status: number): unknown;
  account(credit: number): unknown;
  /** The recipient's E.164 and the text of a send request, or null when it lacks them. */
  read(body: Record<string, unknown>): { to: string; text: string } | null;
  badRequest: unknown;
  accepted(body: Record<string, unknown>, id: number): unknown;
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const protocols: Record<SmsProviderName, FakeProtocol> = {
  gatewayapi: {
    token: 'gw-test-token',
    authorization: basic('gw-test-token', ''),
    accountPath: '/rest/me',
    unauthorized: { code: '0x0211', message: 'Invalid password', incident_uuid: 'x', variables: [] },
    failure: () => ({ code: '0x0201', message: 'Unknown error', incident_uuid: 'x', variables: [] }),
    account: (credit) => ({ credit, currency: 'DKK', id: 1 }),
    read(body) {
      const recipients = body.recipients as { msisdn?: unknown }[] | undefined;
      const msisdn = recipients?.[0]?.msisdn;
      if (typeof body.message !== 'string' || typeof msisdn !== 'number') return null;
      return { to: `+${msisdn}`, text: body.message };
    },
    badRequest: { code: '0x0222', message: 'Missing required parameter', variables: [] },
    accepted: (_body, id) => ({
      ids: [id],
      usage: { countries: { DK: 1 }, currency: 'DKK', total_cost: 0.13 },
    }),
  },
  cpsms: {
    token: 'cpuser:cp-api-key',
    authorization: basic('cpuser', 'cp-api-key'),
    accountPath: '/v2/creditvalue',
    unauthorized: { error: { code: 401, message: 'Unauthorized' } },
    failure: (status) => ({ error: { code: status, message: 'Internal Server Error' } }),
    account: (credit) => ({ credit: credit.toLocaleString('da-DK', { minimumFractionDigits: 2 }) }),
    read(body) {
      if (typeof body.message !== 'string' || typeof body.to !== 'string' || typeof body.from !== 'string')
        return null;
      return { to: `+${body.to}`, text: body.message };
    },
    badRequest: { error: { code: 400, message: 'Bad request' } },
    accepted: (body) => ({ success: [{ to: body.to, cost: 1 }] }),
  },
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The environment that points the app's SMS transport at this fake (SMS_PROVIDER, token and URL). */
export function smsProviderEnv(fake: FakeSmsProvider): Record<string, string> {
  return { SMS_PROVIDER: fake.kind, SMS_API_TOKEN: fake.token, SMS_API_URL: fake.url };
}

export async function startFakeSmsProvider(
  kind: SmsProviderName,
  options: { port?: number } = {},
): Promise<FakeSmsProvider> {
  const fake = fakeSmsProvider(kind, options);
  await fake.start();
  return fake;
}

/** The fake before its first `start()`: its `url` is set once it listens. */
export function fakeSmsProvider(kind: SmsProviderName, options: { port?: number } = {}): FakeSmsProvider {
  const protocol = protocols[kind];
  const path = new URL(smsProvider(kind).defaultUrl).pathname;
  let failure: number | null = null;
  let nextId = 1000;
  let port = options.port ?? 0;
  let server: Server | undefined;
  const fake: FakeSmsProvider = {
    kind,
    url: '',
    token: protocol.token,
    received: [],
    requests: 0,
    credit: 1234.56,
    failWith(status) {
      failure = status;
    },
    async start() {
      if (server) return;
      server = createServer((request, response) => {
        void (async () => {
          fake.requests++;
          const raw = await readBody(request);
          const reply = (status: number, json: unknown) => {
            response.writeHead(status, { 'Content-Type': 'application/json' });
            response.end(JSON.stringify(json));
          };
          const isAccount = request.method === 'GET' && request.url === protocol.accountPath;
          if (!isAccount && (request.method !== 'POST' || request.url !== path))
            return reply(404, { message: 'Not found' });
          if (request.headers.authorization !== protocol.authorization)
            return reply(401, protocol.unauthorized);
          if (failure !== null) return reply(failure, protocol.failure(failure));
          if (isAccount) return reply(200, protocol.account(fake.credit));
          let body: Record<string, unknown>;
          try {
            body = JSON.parse(raw) as Record<string, unknown>;
          } catch {
            return reply(422, { code: '0x0308', message: 'Invalid JSON' });
          }
          const sms = protocol.read(body);
          if (!sms) return reply(400, protocol.badRequest);
          fake.received.push({ authorization: request.headers.authorization, body, ...sms, at: Date.now() });
          return reply(200, protocol.accepted(body, nextId++));
        })();
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      fake.url = `http://127.0.0.1:${port}${path}`;
    },
    async stop() {
      if (!server) return;
      const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
      server.closeAllConnections();
      await closing;
      server = undefined;
    },
  };
  return fake;
}
