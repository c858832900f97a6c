import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tooManySubmissionsMessage } from '../../domain/spam.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { leads, rateLimitCounters } from '../db/schema.ts';
import { createTestDatabaseLocation, describeEachDatabase, testDatabases } from '../test/databases.ts';
import { contactBody } from '../test/lead-bodies.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from '../test/test-app.ts';

/** The start of a minute: the counters keep one row per key and minute; the limit slides over them. */
const windowStart = Date.UTC(2026, 10, 22, 3, 0, 0);
const minute = 60_000;

function setClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: ms });
}

function send(
  app: FastifyInstance,
  { ip = '10.0.0.1', email = 'anne@example.dk', headers = {} as Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/leads',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ ...contactBody, email }),
  });
}

describeEachDatabase('submission limits on the lead routes', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      // 4 per IP, so 2 per e-mail address.
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '4', SPAM_CHECKS: 'off' },
      mail: { startWorker: false },
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const leadCount = async () => (await t.app.deps.db.select({ n: count() }).from(leads))[0]!.n;

  it('refuses the fifth lead from one IP within a minute with 429, Retry-After and the Danish message', async () => {
    setClock(windowStart + 20_000);
    for (let index = 0; index < 4; index++) {
      expect((await send(t.app, { email: `ip-${index}@example.dk` })).statusCode).toBe(201);
    }
    const stored = await leadCount();
    const refused = await send(t.app, { email: 'ip-5@example.dk' });
    expect(refused.statusCode).toBe(429);
    // Five attempts in this minute: room for one more once they have faded to three, 24 s into the next.
    expect(refused.headers['retry-after']).toBe('64');
    expect(refused.json()).toEqual({ message: tooManySubmissionsMessage });
    expect(await leadCount()).toBe(stored);
    // Refused before the body is read: even a broken body counts and is refused.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.0.0.1',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(broken.statusCode).toBe(429);
    // Another client is not affected; the burst still counts at the start of the next minute, and
    // has faded a minute later.
    expect((await send(t.app, { ip: '10.0.0.2', email: 'other@example.dk' })).statusCode).toBe(201);
    setClock(windowStart + minute);
    expect((await send(t.app, { email: 'ip-6@example.dk' })).statusCode).toBe(429);
    setClock(windowStart + 3 * minute);
    expect((await send(t.app, { email: 'ip-7@example.dk' })).statusCode).toBe(201);
  });

  it('refuses the third lead for one e-mail address in a minute, whatever the IP and case', async () => {
    setClock(windowStart + 5 * minute + 59_500);
    expect((await send(t.app, { ip: '10.0.1.1', email: 'Per@Example.dk' })).statusCode).toBe(201);
    expect((await send(t.app, { ip: '10.0.1.2', email: 'per@example.dk' })).statusCode).toBe(201);
    const refused = await send(t.app, { ip: '10.0.1.3', email: 'PER@example.dk ' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('41');
    expect(refused.json()).toEqual({ message: tooManySubmissionsMessage });
  });

  it('counts victim+1@…, victim+2@… and Victim@… as one address', async () => {
    setClock(windowStart + 20 * minute);
    expect((await send(t.app, { ip: '10.0.5.1', email: 'victim+1@example.dk' })).statusCode).toBe(201);
    expect((await send(t.app, { ip: '10.0.5.2', email: 'Victim+2@Example.dk' })).statusCode).toBe(201);
    expect((await send(t.app, { ip: '10.0.5.3', email: 'victim@example.dk' })).statusCode).toBe(429);
    expect((await send(t.app, { ip: '10.0.5.4', email: 'victim+3@example.dk' })).statusCode).toBe(429);
  });

  it('holds across the turn of a minute: a burst split over two minutes counts as one', async () => {
    setClock(windowStart + 30 * minute - 400);
    for (let index = 0; index < 4; index++) {
      expect((await send(t.app, { ip: '10.0.6.1', email: `burst-${index}@example.dk` })).statusCode).toBe(
        201,
      );
    }
    setClock(windowStart + 30 * minute + 400);
    for (let index = 4; index < 8; index++) {
      expect((await send(t.app, { ip: '10.0.6.1', email: `burst-${index}@example.dk` })).statusCode).toBe(
        429,
      );
    }
  });

  it('keeps its counters in the database, without e-mail addresses in the clear', async () => {
    const rows = await t.app.deps.db.select().from(rateLimitCounters);
    expect(
      rows.find((row) => row.key === 'lead-ip:10.0.0.1' && row.windowStart.getTime() === windowStart),
    ).toMatchObject({ count: 6 });
    expect(rows.some((row) => row.key.includes('@'))).toBe(false);
    expect(rows.filter((row) => row.key.startsWith('lead-email:')).length).toBeGreaterThan(0);
  });

  it('counts the client behind the proxy only with TRUST_PROXY', async () => {
    setClock(windowStart + 10 * minute);
    for (let index = 0; index < 4; index++) {
      const headers = { 'x-forwarded-for': `192.0.2.${index}` };
      expect((await send(t.app, { ip: '10.0.2.1', email: `p${index}@example.dk`, headers })).statusCode).toBe(
        201,
      );
    }
    // Without TRUST_PROXY the header is ignored: the proxy's address is the client.
    const fifth = await send(t.app, {
      ip: '10.0.2.1',
      email: 'p5@example.dk',
      headers: { 'x-forwarded-for': '192.0.2.99' },
    });
    expect(fifth.statusCode).toBe(429);
  });
});

describeEachDatabase('submission limits behind a proxy', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '2', SPAM_CHECKS: 'off', TRUST_PROXY: 'true' },
      mail: { startWorker: false },
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts each client named in X-Forwarded-For on its own', async () => {
    setClock(windowStart);
    const from = (client: string, email: string) =>
      send(t.app, { ip: '10.9.9.9', email, headers: { 'x-forwarded-for': client } });
    expect((await from('192.0.2.1', 'a@example.dk')).statusCode).toBe(201);
    expect((await from('192.0.2.1', 'b@example.dk')).statusCode).toBe(201);
    expect((await from('192.0.2.1', 'c@example.dk')).statusCode).toBe(429);
    expect((await from('192.0.2.2', 'd@example.dk')).statusCode).toBe(201);
  });
});

const postgres = testDatabases.find((target) => target.kind === 'postgres')!;

describe.skipIf(!postgres.available)('[PostgreSQL] two server copies on one database', () => {
  const apps: FastifyInstance[] = [];
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const location = await createTestDatabaseLocation('postgres');
    cleanup = location.cleanup;
    for (let copy = 0; copy < 2; copy++) {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        SIGNING_SECRET: TEST_SIGNING_SECRET,
        DATA_DIR: location.dataDir,
        DATABASE_URL: location.databaseUrl!,
        CLIENT_DIR: `${location.dataDir}/no-pages`,
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '3',
        SPAM_CHECKS: 'off',
      });
      const app = await buildApp(config, { mail: { startWorker: false } });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    vi.useRealTimers();
    for (const app of apps) await app.close();
    await cleanup();
  });

  it('share one limit: three leads from one IP across both copies, the fourth refused by either', async () => {
    setClock(windowStart + 30_000);
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    expect((await send(a, { email: 'x1@example.dk' })).statusCode).toBe(201);
    expect((await send(b, { email: 'x2@example.dk' })).statusCode).toBe(201);
    expect((await send(a, { email: 'x3@example.dk' })).statusCode).toBe(201);
    expect((await send(b, { email: 'x4@example.dk' })).statusCode).toBe(429);
    expect((await send(a, { email: 'x5@example.dk' })).statusCode).toBe(429);
    const [row] = await a.deps.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, 'lead-ip:10.0.0.1'));
    expect(row?.count).toBe(5);
  });

  it('share the same count under concurrent requests to both copies', async () => {
    setClock(windowStart + 2 * minute);
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        send(index % 2 ? a : b, { ip: '10.0.5.5', email: `c${index}@example.dk` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});
