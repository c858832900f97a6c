/**
 * Fake SMS providers on 127.0.0.1 speaking GatewayAPI's and CPSMS's documented formats
 * (docs/decisions/sms-paging.md): they check the auth header and body as documented, record what
 * they accepted and answer like the real ones. `failWith(500)` makes them answer an error,
 * `stop()` makes them refuse connections (then `start()` again on the same port).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  kind: 'gatewayapi' | 'cpsms';
  /** The send endpoint (SMS_API_URL). */
  url: string;
  /** What SMS_API_TOKEN must be. */
  token: string;
  received: ReceivedSms[];
  requests: number;
  /** What the balance endpoint (GET /rest/me, GET /v2/creditvalue) answers. */
  credit: number;
  failWith(status: number | null): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeSmsProvider(
  kind: 'gatewayapi' | 'cpsms',
  options: { port?: number } = {},
): Promise<FakeSmsProvider> {
  const token = kind === 'gatewayapi' ? 'gw-test-token' : 'cpuser:cp-api-key';
  const path = kind === 'gatewayapi' ? '/rest/mtsms' : '/v2/send';
  const expectedAuth =
    kind === 'gatewayapi'
      ? `Basic ${Buffer.from(`${token}:`).toString('base64')}`
      : `Basic ${Buffer.from(token).toString('base64')}`;
  let failure: number | null = null;
  let nextId = 1000;
  let port = options.port ?? 0;
  let server: Server | undefined;
  const fake: FakeSmsProvider = {
    kind,
    url: '',
    token,
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
          const accountPath = kind === 'gatewayapi' ? '/rest/me' : '/v2/creditvalue';
          const isAccount = request.method === 'GET' && request.url === accountPath;
          if (!isAccount && (request.method !== 'POST' || request.url !== path))
            return reply(404, { message: 'Not found' });
          if (request.headers.authorization !== expectedAuth) {
            return kind === 'gatewayapi'
              ? reply(401, { code: '0x0211', message: 'Invalid password', incident_uuid: 'x', variables: [] })
              : reply(401, { error: { code: 401, message: 'Unauthorized' } });
          }
          if (failure !== null) {
            return kind === 'gatewayapi'
              ? reply(failure, {
                  code: '0x0201',
                  message: 'Unknown error',
                  incident_uuid: 'x',
                  variables: [],
                })
              : reply(failure, { error: { code: failure, message: 'Internal Server Error' } });
          }
          if (isAccount) {
            return kind === 'gatewayapi'
              ? reply(200, { credit: fake.credit, currency: 'DKK', id: 1 })
              : reply(200, {
                  credit: fake.credit.toLocaleString('da-DK', { minimumFractionDigits: 2 }),
                });
          }
          let body: Record<string, unknown>;
          try {
            body = JSON.parse(raw) as Record<string, unknown>;
          } catch {
            return reply(422, { code: '0x0308', message: 'Invalid JSON' });
          }
          if (kind === 'gatewayapi') {
            const recipients = body.recipients as { msisdn?: unknown }[] | undefined;
            const msisdn = recipients?.[0]?.msisdn;
            if (typeof body.message !== 'string' || typeof msisdn !== 'number') {
              return reply(400, { code: '0x0222', message: 'Missing required parameter', variables: [] });
            }
            fake.received.push({
              authorization: request.headers.authorization,
              body,
              to: `+${msisdn}`,
              text: body.message,
              at: Date.now(),
            });
            return reply(200, {
              ids: [nextId++],
              usage: { countries: { DK: 1 }, currency: 'DKK', total_cost: 0.13 },
            });
          }
          if (
            typeof body.message !== 'string' ||
            typeof body.to !== 'string' ||
            typeof body.from !== 'string'
          ) {
            return reply(400, { error: { code: 400, message: 'Bad request' } });
          }
          fake.received.push({
            authorization: request.headers.authorization,
            body,
            to: `+${body.to}`,
            text: body.message,
            at: Date.now(),
          });
          return reply(200, { success: [{ to: body.to, cost: 1 }] });
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
  await fake.start();
  return fake;
}
