/**
 * Every limit on a client counts an IPv6 /64 as one client, as it counts one IPv4 address: the
 * addresses of one /64 belong to one household or phone, which can pick a new one per request.
 * Behind one trusted proxy (TRUST_PROXY=true), so the client's address is the one the proxy
 * appended to X-Forwarded-For.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { issueCaseToken } from '../case/links.ts';
import { leads, mailJobs } from '../db/schema.ts';
import { addStaff } from '../staff/accounts.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { contactBody } from '../test/lead-bodies.ts';
import { publicUrl } from '../test/staff-client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const proxy = '10.9.9.9';
/** The nth address of one /64, each spelled differently from the last. */
const sameSlash64 = (n: number) => `2001:db8:77:${n % 2 === 0 ? '1' : '0001'}::${(n + 1).toString(16)}`;
const otherSlash64 = (n: number) => `2001:db8:77:${n + 2}::1`;
const range = (length: number) => Array.from({ length }, (_, index) => index);

let clock = Date.UTC(2026, 10, 23, 3, 0, 0);
/** Each test in a window of its own, so the sliding minutes hold only its own tries. */
function nextWindow() {
  clock += 60 * 60_000;
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
}

describeEachDatabase('one client is an IPv4 address or an IPv6 /64', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: {
        PUBLIC_URL: publicUrl,
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '10',
        SPAM_CHECKS: 'off',
        TRUST_PROXY: 'true',
      },
      mail: { startWorker: false },
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const from = (address: string) => ({ remoteAddress: proxy, headers: { 'x-forwarded-for': address } });

  it('makes a /64 wait after 5 wrong passwords for one account, whichever of its addresses tries', async () => {
    nextWindow();
    await addStaff(t.app.deps.db, { email: 'v6@example.dk', password: 'rigtigt-kodeord-123' });
    const statuses: number[] = [];
    for (const n of range(7)) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/staff/login',
        ...from(sameSlash64(n)),
        headers: { ...from(sameSlash64(n)).headers, origin: publicUrl, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'v6@example.dk', password: `forkert-${n}` }),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Another /64 is another client: it is told the password is wrong, not to wait.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': otherSlash64(0), origin: publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'v6@example.dk', password: 'forkert' }),
    });
    expect(other.statusCode).toBe(401);
  });

  it('takes 10 leads a minute from a /64, whichever of its addresses sends them', async () => {
    nextWindow();
    const statuses: number[] = [];
    for (const n of range(12)) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/leads',
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': sameSlash64(n), 'content-type': 'application/json' },
        payload: JSON.stringify({ ...contactBody, email: `v6-lead-${n}@example.dk` }),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 429]);
  });

  it("counts a /64's case-page posts together", async () => {
    nextWindow();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      ...from(otherSlash64(10)),
      headers: { 'x-forwarded-for': otherSlash64(10), 'content-type': 'application/json' },
      payload: JSON.stringify({ ...contactBody, email: 'v6-case@example.dk' }),
    });
    expect(created.statusCode).toBe(201);
    const [lead] = await t.app.deps.db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.email, 'v6-case@example.dk'));
    const [receipt] = await t.app.deps.db
      .select({ id: mailJobs.id })
      .from(mailJobs)
      .where(and(eq(mailJobs.leadId, lead!.id), eq(mailJobs.kind, 'lead-receipt')));
    const token = await issueCaseToken(t.app.deps.db, { leadId: lead!.id, mailJobId: receipt!.id });
    const statuses: number[] = [];
    for (const n of range(12)) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/sag/${token}/besked`,
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': sameSlash64(n), 'content-type': 'application/x-www-form-urlencoded' },
        // An empty message: refused as such (400) until the client is over its limit (429).
        payload: 'besked=',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429, 429]);
  });

  it("answers 429 from the routes' own limit to the 61st page read of a minute from a /64", async () => {
    nextWindow();
    const statuses: number[] = [];
    for (const n of range(61)) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/sag/${'x'.repeat(43)}`,
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': sameSlash64(n) },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
