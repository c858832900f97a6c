/**
 * Two copies of the server (two processes, as behind a load balancer) on one PostgreSQL and one
 * SMTP server: a lead sent through either copy is mailed exactly once, and when one copy is
 * killed (kill -9) under load, the other one finishes its work: the jobs the dead copy had
 * claimed come free when their lease runs out (30 s) and go out then.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, prepareServerApp, startServerProcess } from '../scripts/chaos/server-process.mjs';
import { startSmtpSink, type SmtpSink } from '../scripts/chaos/smtp-sink.mjs';
import { createTestDatabaseLocation, testDatabases, type TestDatabaseLocation } from './test/databases.ts';
import { contactBody, emergencyBody } from './test/lead-bodies.ts';
import { defaultMailWorkerOptions } from './mail/worker.ts';

const MAIL_TO = 'leads@copies.test';
const postgres = testDatabases.find((target) => target.kind === 'postgres')!;

type ServerProcess = ReturnType<typeof startServerProcess>;

describe.skipIf(!postgres.available)(`${postgres.label} several server copies`, () => {
  let location: TestDatabaseLocation;
  let sink: SmtpSink;
  let bundle: string;
  const running: ServerProcess[] = [];
  let leadNumber = 0;

  beforeAll(async () => {
    location = await createTestDatabaseLocation('postgres');
    ({ server: bundle } = await prepareServerApp(join(location.dataDir, 'app')));
    sink = await startSmtpSink();
  }, 120_000);
  afterAll(async () => {
    for (const server of running) await server.crash();
    await sink?.stop();
    await location?.cleanup();
  });

  async function startCopy(name: string): Promise<ServerProcess> {
    const server = startServerProcess({
      bundle,
      port: await freePort(),
      logFile: join(location.dataDir, `${name}.log`),
      env: {
        DATA_DIR: join(location.dataDir, name),
        DATABASE_URL: location.databaseUrl!,
        SMTP_URL: sink.url,
        MAIL_TO,
        PUBLIC_URL: 'http://copies.test',
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
        // Every receipt at once: the hourly cap on visitor e-mail is not under test here.
        RECEIPT_MAIL_MAX_PER_HOUR: '100000',
        SPAM_CHECKS: 'off',
        SIGNING_SECRET: 'copies-signing-secret-0123456789abcdef',
        CLIENT_DIR: join(location.dataDir, 'no-pages'),
        LOG_LEVEL: 'warn',
      },
    });
    running.push(server);
    await server.ready;
    return server;
  }

  /** Posts one lead; its reference when answered 201, null when the copy died under it. */
  async function postLead(url: string): Promise<string | null> {
    const n = ++leadNumber;
    const email = `kunde-${n}@copies.test`;
    const body =
      n % 4 === 0
        ? { ...emergencyBody(), fuldeNavn: `Kunde ${n}`, email }
        : { ...contactBody, name: `Kunde ${n}`, email };
    try {
      const response = await fetch(`${url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      expect(response.status, text).toBe(201);
      return (JSON.parse(text) as { reference: string }).reference;
    } catch (error) {
      if (error instanceof Error && error.name === 'AssertionError') throw error;
      return null;
    }
  }

  async function query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: location.databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  /** Waits until every mail job is sent and each has arrived; returns the copies per job. */
  async function waitForAllMail(timeoutMs: number): Promise<Map<string, number>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const jobs = await query<{ id: string; status: string }>('select id::text, status from mail_jobs');
      const copies = new Map(jobs.map((job) => [`<${job.id}@copies.test>`, 0]));
      for (const mail of sink.messages) {
        if (copies.has(mail.messageId)) copies.set(mail.messageId, copies.get(mail.messageId)! + 1);
      }
      const done = jobs.every((job) => job.status === 'sent') && [...copies.values()].every((n) => n > 0);
      if (done || Date.now() > deadline) return copies;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('mails each lead sent through either copy exactly once', async () => {
    const [a, b] = await Promise.all([startCopy('a'), startCopy('b')]);
    const references: string[] = [];
    // Eight clients at a time, every other lead through the other copy.
    for (let batch = 0; batch < 25; batch++) {
      const sent = await Promise.all(
        Array.from({ length: 8 }, (_, i) => postLead((batch * 8 + i) % 2 === 0 ? a.url : b.url)),
      );
      references.push(...sent.map((reference) => reference!));
    }
    const copies = await waitForAllMail(30_000);
    const stored = await query<{ reference: string }>('select reference from leads');
    expect(new Set(stored.map((row) => row.reference))).toEqual(new Set(references));
    // Staff notification and receipt per lead, each exactly once, though both copies sent mail.
    expect(copies.size).toBeGreaterThanOrEqual(200);
    expect([...copies.values()].filter((n) => n !== 1)).toEqual([]);
    expect(sink.messages).toHaveLength(copies.size);
    const stopped = await Promise.all([a, b].map((server) => server.stop()));
    expect(stopped.map((result) => result.code)).toEqual([0, 0]);
  }, 120_000);

  it('finishes the work of a copy killed under load: nothing acknowledged is lost', async () => {
    await query('delete from leads');
    sink.messages.length = 0;
    const [a, b] = await Promise.all([startCopy('a2'), startCopy('b2')]);
    const references: string[] = [];
    let stop = false;
    const client = async (index: number) => {
      while (!stop) {
        // Half the clients use the copy that is killed; once it is gone they move to the other.
        const url = index % 2 === 0 && a.running ? a.url : b.url;
        const reference = await postLead(url);
        if (reference) references.push(reference);
      }
    };
    const clients = Array.from({ length: 8 }, (_, index) => client(index));
    await new Promise((resolve) => setTimeout(resolve, 1_000 + Math.random() * 2_000));
    await a.crash();
    const killedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop = true;
    await Promise.all(clients);

    const copies = await waitForAllMail(60_000);
    const finishedAfter = Math.max(...sink.messages.map((mail) => mail.receivedAt)) - killedAt;
    console.log(
      `${references.length} leads acknowledged; the surviving copy finished the killed copy's e-mails ${(finishedAfter / 1000).toFixed(1)} s after the kill`,
    );
    const stored = new Set(
      (await query<{ reference: string }>('select reference from leads')).map((row) => row.reference),
    );
    expect(references.filter((reference) => !stored.has(reference))).toEqual([]);
    expect([...copies.values()].filter((n) => n === 0)).toEqual([]);
    // One crash: only messages the killed copy had in flight are sent twice (accepted by the SMTP
    // server, then killed before the "sent" record), and it sends `concurrency` at a time.
    const extra = [...copies.values()].reduce((sum, n) => sum + n - 1, 0);
    expect(extra).toBeLessThanOrEqual(defaultMailWorkerOptions.concurrency);
    // The dead copy's claims come free after the 30 s lease; the poll takes up to 5 s more.
    expect(finishedAfter).toBeLessThan(45_000);
    expect((await b.stop()).code).toBe(0);
  }, 150_000);
});
