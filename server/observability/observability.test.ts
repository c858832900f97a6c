/**
 * GET /metrics and GET /readyz on PGlite and PostgreSQL: the scraper's token, the families an
 * alert reads, a pending page SMS's age, route labels without tokens, readiness of the workers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createFileSmsTransport } from '../sms/file-transport.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportedJobKinds } from './metrics.ts';

const token = 'metrics-token-0123456789';
const auth = { authorization: `Bearer ${token}` };

describeEachDatabase('metrics', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { METRICS_TOKEN: token },
      mail: { startWorker: false },
      oncall: { startWorker: false },
      messages: { startWorker: false },
    });
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token or with a wrong one (401)', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('skadeservice_');
  });

  it('reports every family: jobs per kind, leads, requests, surge, process', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const kind of reportedJobKinds) {
      expect(res.body).toMatch(new RegExp(`^skadeservice_jobs_pending\\{kind="${kind}"\\} \\d+$`, 'm'));
      expect(res.body).toMatch(new RegExp(`^skadeservice_jobs_failed\\{kind="${kind}"\\} \\d+$`, 'm'));
      expect(res.body).toMatch(new RegExp(`^skadeservice_jobs_oldest_due_seconds\\{kind="${kind}"\\} `, 'm'));
    }
    expect(res.body).toContain('# TYPE skadeservice_leads_stored gauge');
    expect(res.body).toContain('# TYPE skadeservice_leads_last_hour gauge');
    expect(res.body).toMatch(/^skadeservice_surge_mode\{mode="normal"\} 1$/m);
    expect(res.body).toMatch(/^skadeservice_expected_callback_minutes 15$/m);
    expect(res.body).toMatch(
      /^http_request_duration_seconds_count\{route="\/healthz",method="GET",status="2xx"\} 1$/m,
    );
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('shows how long a page SMS has waited', async () => {
    await t.app.deps.db.execute(
      sql`insert into oncall_sms (purpose, step, phone, body, run_at)
          values ('page', 0, '+4512345678', 'Akut skade', now() - interval '90 seconds')`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    const age = Number(
      /^skadeservice_jobs_oldest_due_seconds\{kind="oncall_sms"\} (\S+)$/m.exec(res.body)?.[1],
    );
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(120);
    expect(res.body).toMatch(/^skadeservice_jobs_pending\{kind="oncall_sms"\} 1$/m);
  });

  it('labels requests by route pattern, never by a token in the path', async () => {
    const secret = 'SECRETTOKEN1234567890abcdef';
    await t.app.inject({ method: 'GET', url: `/sag/${secret}` });
    await t.app.inject({ method: 'GET', url: `/vagt/${secret}` });
    await t.app.inject({ method: 'GET', url: `/no-such-place/${secret}` });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.body).not.toContain(secret);
    expect(res.body).toMatch(/route="unmatched",method="GET",status="4xx"/);
    expect(res.body).toContain('route="/sag/:token"');
    expect(res.body).toContain('route="/vagt/:token"');
  });
});

describeEachDatabase('metrics without METRICS_TOKEN', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      mail: { startWorker: false },
      oncall: { startWorker: false },
    });
  });
  afterAll(() => t.close());

  it('answers 404, even with a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('skadeservice_');
  });
});

describeEachDatabase('readiness', (target) => {
  it('answers 503 with the stopped workers while they are stopped', async () => {
    const t = await createTestApp({
      database: target,
      mail: { startWorker: false },
      oncall: { startWorker: false },
      messages: { startWorker: false },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        reason: 'workers not running: mail, oncall, messages',
      });
      // Liveness is another question: the process and its database answer.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers 200 when the database, the migrations and the workers are there', async () => {
    const t = await createTestApp({ database: target });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.json()).toEqual({ status: 'ready' });
      expect(res.statusCode).toBe(200);
      // A migration of the journal missing from the database: not ready.
      await t.app.deps.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ status: 'unavailable', reason: '1 migration(s) not applied' });
    } finally {
      await t.close();
    }
  });
});

describe('file SMS transport log', () => {
  it('logs the end of the number, not the number', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sms-log-'));
    const lines: string[] = [];
    try {
      const transport = createFileSmsTransport({
        dir,
        sender: 'Skade',
        log: { info: (obj, msg) => lines.push(JSON.stringify({ ...obj, msg })) },
      });
      await transport.send({ to: '+4512345678', text: 'Akut skade', reference: 'r1' });
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toContain('12345678');
      expect(lines[0]).toContain('…78');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
