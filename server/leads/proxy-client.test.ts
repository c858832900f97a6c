/**
 * Which address a lead is counted under behind proxies (TRUST_PROXY). A proxy appends the address
 * it saw to X-Forwarded-For and keeps what the client wrote in front of it, so only the entries
 * the trusted proxies appended say who the client is.
 */
import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { rateLimitCounters } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { contactBody } from '../test/lead-bodies.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const minute = 60_000;
let clock = Date.UTC(2026, 10, 22, 3, 0, 0);

/** Each test in a minute of its own, so the sliding window holds only its own leads. */
function nextMinute() {
  clock += 10 * minute;
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
}

let sent = 0;
function send(app: FastifyInstance, peer: string, forwardedFor?: string) {
  sent++;
  return app.inject({
    method: 'POST',
    url: '/api/leads',
    remoteAddress: peer,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
    },
    payload: JSON.stringify({ ...contactBody, email: `proxy-${sent}@example.dk` }),
  });
}

async function statuses(requests: Array<() => Promise<{ statusCode: number }>>): Promise<number[]> {
  const result: number[] = [];
  for (const request of requests) result.push((await request()).statusCode);
  return result;
}

async function countedIps(t: TestApp): Promise<string[]> {
  const rows = await t.app.deps.db
    .select({ key: rateLimitCounters.key })
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, 'lead-ip:%'));
  return [...new Set(rows.map((row) => row.key.slice('lead-ip:'.length)))].sort();
}

const twelve = Array.from({ length: 12 }, (_, index) => index);
const env = (trustProxy: string) => ({
  RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '10',
  SPAM_CHECKS: 'off',
  TRUST_PROXY: trustProxy,
});

describeEachDatabase('the client address behind one proxy (TRUST_PROXY=true)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: target, env: env('true'), mail: { startWorker: false } });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts leads with forged first entries under the address the proxy appended', async () => {
    nextMinute();
    const answers = await statuses(
      twelve.map((index) => () => send(t.app, '10.9.9.9', `198.18.${index}.1, 192.0.2.10`)),
    );
    expect(answers).toEqual([...Array<number>(10).fill(201), 429, 429]);
    expect(await countedIps(t)).toEqual(['192.0.2.10']);
  });

  it('counts a client that sends no X-Forwarded-For of its own under its address', async () => {
    nextMinute();
    expect((await send(t.app, '10.9.9.9', '192.0.2.11')).statusCode).toBe(201);
    expect(await countedIps(t)).toContain('192.0.2.11');
  });

  it('believes X-Forwarded-Proto from the proxy (HSTS)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeDefined();
  });
});

describeEachDatabase('the client address behind two proxies (TRUST_PROXY=2)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: target, env: env('2'), mail: { startWorker: false } });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts leads under the second-to-last entry, whatever the client wrote before it', async () => {
    nextMinute();
    const answers = await statuses(
      twelve.map((index) => () => send(t.app, '10.9.9.9', `198.18.${index}.1, 192.0.2.20, 10.8.0.1`)),
    );
    expect(answers).toEqual([...Array<number>(10).fill(201), 429, 429]);
    expect(await countedIps(t)).toEqual(['192.0.2.20']);
  });
});

describeEachDatabase('the client address behind listed proxies (TRUST_PROXY=<addresses>)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: env('10.9.9.9, 10.8.0.0/16'),
      mail: { startWorker: false },
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('skips the listed proxies from the right and counts the first address that is not one', async () => {
    nextMinute();
    const answers = await statuses(
      twelve.map((index) => () => send(t.app, '10.9.9.9', `198.18.${index}.1, 192.0.2.30, 10.8.3.4`)),
    );
    expect(answers).toEqual([...Array<number>(10).fill(201), 429, 429]);
    expect(await countedIps(t)).toEqual(['192.0.2.30']);
  });

  it('ignores X-Forwarded-* from a peer that is not a listed proxy', async () => {
    nextMinute();
    const answers = await statuses(
      twelve.map((index) => () => send(t.app, '203.0.113.40', `198.18.${index}.1`)),
    );
    expect(answers).toEqual([...Array<number>(10).fill(201), 429, 429]);
    expect(await countedIps(t)).toContain('203.0.113.40');
    expect((await countedIps(t)).some((ip) => ip.startsWith('198.18.'))).toBe(false);
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '203.0.113.40',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
