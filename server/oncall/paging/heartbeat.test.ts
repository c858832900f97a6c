/**
 * The heartbeat to an outside monitor, on PGlite and PostgreSQL: a monitor on 127.0.0.1 counts the
 * pings; stuck pages withhold them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leads, oncallDispatch, oncallPages, oncallSms, users } from '../../db/schema.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/databases.ts';
import { beat, heartbeatJob, pagerHealth, type HeartbeatLog } from './heartbeat.ts';

interface Monitor {
  url: string;
  pings: string[];
  status: number;
  close(): Promise<void>;
}

async function startMonitor(): Promise<Monitor> {
  const monitor = { pings: [] as string[], status: 200 };
  const server: Server = createServer((request, response) => {
    monitor.pings.push(`${request.method} ${request.url}`);
    response.writeHead(monitor.status).end('OK');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(monitor, {
    url: `http://127.0.0.1:${port}/ping/7f3c`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

function recordingLog(): HeartbeatLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    warn: (_obj, msg) => lines.push(`warn: ${msg}`),
    error: (_obj, msg) => lines.push(`error: ${msg}`),
  };
}

const now = new Date('2026-11-26T02:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describeEachDatabase('the heartbeat', (target) => {
  let database: TestDatabase;
  let monitor: Monitor;
  let leadId: string;

  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
    monitor = await startMonitor();
    const [lead] = await database.db
      .insert(leads)
      .values({
        kind: 'akut-skade',
        pagesOnCall: true,
        reference: 'SK-HB0001',
        name: 'Kunde',
        email: 'k@example.dk',
      })
      .returning({ id: leads.id });
    leadId = lead!.id;
  });
  afterAll(async () => {
    await monitor.close();
    await database.dispose();
  });
  afterEach(async () => {
    monitor.pings.length = 0;
    monitor.status = 200;
    await database.db.delete(oncallPages);
  });

  const deps = (log = recordingLog()) => ({ db: database.db, url: monitor.url, fetch, log });

  it('pings the monitor every minute while pages go out', async () => {
    const job = heartbeatJob(deps());
    expect(job.intervalMs).toBe(60_000);
    expect(await job.run(now)).toBe(true);
    expect(monitor.pings).toEqual(['GET /ping/7f3c']);
  });

  it('pings while an escalation waits for its time or an SMS was just queued', async () => {
    const [page] = await database.db
      .insert(oncallPages)
      .values({ leadId, runAt: new Date(now.getTime() + 10 * 60_000) })
      .returning({ id: oncallPages.id });
    await database.db.insert(oncallSms).values({
      pageId: page!.id,
      leadId,
      purpose: 'page',
      step: 0,
      phone: '+4511111111',
      body: 'AKUT',
      runAt: minutesAgo(1),
    });
    expect(await beat(deps(), now)).toBe(true);
    expect(monitor.pings).toHaveLength(1);
  });

  it('withholds the ping when an escalation step is overdue (no worker runs it)', async () => {
    await database.db.insert(oncallPages).values({ leadId, runAt: minutesAgo(3) });
    const log = recordingLog();
    expect(await beat(deps(log), now)).toBe(false);
    expect(monitor.pings).toEqual([]);
    expect(log.lines).toEqual([
      'error: on-call pages are stuck: the heartbeat is withheld, so the outside monitor alerts',
    ]);
    expect(await pagerHealth(database.db, now)).toEqual({ ok: false, overdueSteps: 1, overdueSms: 0 });
  });

  it("withholds the ping when a person's SMS dispatch is overdue", async () => {
    const [person] = await database.db
      .insert(users)
      .values({ email: 'anna@skade.example.dk', name: 'Anna', passwordHash: 'x' })
      .returning({ id: users.id });
    await database.db.insert(oncallDispatch).values({ id: person!.id, runAt: minutesAgo(3) });
    try {
      expect(await pagerHealth(database.db, now)).toEqual({ ok: false, overdueSteps: 1, overdueSms: 0 });
      await database.db.update(oncallDispatch).set({ runAt: minutesAgo(1) });
      expect((await pagerHealth(database.db, now)).ok).toBe(true);
    } finally {
      await database.db.delete(users);
    }
  });

  it('withholds the ping while the gateway has refused a page SMS for over two minutes', async () => {
    const [page] = await database.db
      .insert(oncallPages)
      .values({ leadId, status: 'exhausted' })
      .returning({ id: oncallPages.id });
    await database.db.insert(oncallSms).values({
      pageId: page!.id,
      leadId,
      purpose: 'page',
      step: 0,
      phone: '+4511111111',
      body: 'AKUT',
      attempts: 6,
      firstFailedAt: minutesAgo(3),
      runAt: new Date(now.getTime() + 30_000),
    });
    expect(await beat(deps(), now)).toBe(false);
    expect(monitor.pings).toEqual([]);
    expect(await pagerHealth(database.db, now)).toMatchObject({ ok: false, overdueSms: 1 });
  });

  it('counts a sent SMS or a finished escalation as working', async () => {
    const [page] = await database.db
      .insert(oncallPages)
      .values({ leadId, status: 'acknowledged', runAt: minutesAgo(30) })
      .returning({ id: oncallPages.id });
    await database.db.insert(oncallSms).values({
      pageId: page!.id,
      leadId,
      purpose: 'page',
      step: 0,
      phone: '+4511111111',
      body: 'AKUT',
      status: 'sent',
      firstFailedAt: minutesAgo(20),
      runAt: minutesAgo(20),
    });
    expect(await beat(deps(), now)).toBe(true);
  });

  it('logs a monitor that refuses or cannot be reached, and carries on', async () => {
    monitor.status = 500;
    const log = recordingLog();
    expect(await beat(deps(log), now)).toBe(true);
    expect(log.lines).toEqual(['warn: the heartbeat monitor refused the ping']);
    const unreachable = { ...deps(log), url: 'http://127.0.0.1:9/ping' };
    expect(await beat(unreachable, now)).toBe(true);
    expect(log.lines.at(-1)).toBe('warn: the heartbeat monitor could not be reached');
  });
});

describe('the heartbeat job', () => {
  it('runs every minute, soon after start', () => {
    const job = heartbeatJob({ db: {} as never, url: 'http://127.0.0.1/x', fetch, log: recordingLog() });
    expect(job).toMatchObject({ id: 'heartbeat', intervalMs: 60_000, firstRunAfterMs: 5_000 });
  });
});
