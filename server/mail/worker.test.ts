import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, mailJobs } from '../db/schema.ts';
import type { OutgoingMail } from './transport.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { createMailWorker, retryDelayMs, type MailWorkerDeps } from './worker.ts';

const silent = { info() {}, warn() {}, error() {} };

describe('retry back-off', () => {
  it('grows from 5 seconds to at most 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100].map(retryDelayMs)).toEqual([
      5_000, 15_000, 60_000, 120_000, 300_000, 600_000, 900_000, 900_000, 900_000,
    ]);
  });
});

describeEachDatabase('the mail worker', (target) => {
  let database: TestDatabase;
  const sent: string[] = [];
  let failSends = false;
  const errors: string[] = [];

  const deps = (overrides: Partial<MailWorkerDeps> = {}): MailWorkerDeps => ({
    db: database.db,
    prepareRound: async () => async (job) => ({
      messageId: job.id,
      from: 'a@b.dk',
      to: 'c@d.dk',
      subject: job.kind,
      text: '',
      html: '',
    }),
    send: async (mail: OutgoingMail) => {
      if (failSends) throw new Error('SMTP nede');
      sent.push(mail.messageId);
    },
    log: { ...silent, error: (_obj, msg) => errors.push(msg) },
    ...overrides,
  });

  // Every job is about this lead; what the worker sends is made up by prepareRound.
  let leadId: string;
  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
    const [lead] = await database.db
      .insert(leads)
      .values({ kind: 'kontakt', reference: 'SK-WORKER', name: 'A', email: 'a@example.dk' })
      .returning({ id: leads.id });
    leadId = lead!.id;
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await database.db.delete(mailJobs);
    sent.length = 0;
    errors.length = 0;
    failSends = false;
  });

  const enqueue = (n: number) =>
    database.db
      .insert(mailJobs)
      .values(Array.from({ length: n }, () => ({ kind: 'lead-notification', payload: { leadId }, leadId })));

  it('sends each due job once and marks it sent', async () => {
    await enqueue(3);
    const worker = createMailWorker(deps());
    expect(await worker.runDueJobs()).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(await worker.runDueJobs()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const rows = await database.db.select().from(mailJobs);
    expect(
      rows.every((row) => row.status === 'sent' && row.sentAt && row.attempts === 1 && !row.lockedUntil),
    ).toBe(true);
    expect(new Set(sent).size).toBe(3);
  });

  it('never sends a job twice when two workers run at the same time', async () => {
    await enqueue(40);
    const a = createMailWorker(deps(), { batchSize: 7 });
    const b = createMailWorker(deps(), { batchSize: 7 });
    for (let round = 0; round < 10; round++) await Promise.all([a.runDueJobs(), b.runDueJobs()]);
    expect(sent).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
  });

  it("gives a crashed worker's job back once its lease has run out", async () => {
    await enqueue(1);
    const now = Date.now();
    // A worker claims the job and dies mid-send (the send never finishes).
    const crashed = createMailWorker(deps({ send: () => new Promise(() => {}) }), { leaseMs: 60_000 });
    void crashed.runDueJobs(new Date(now));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [claimed] = await database.db.select().from(mailJobs);
    expect(claimed!.lockedUntil!.getTime()).toBe(now + 60_000);

    const healthy = createMailWorker(deps());
    expect(await healthy.runDueJobs(new Date(now + 30_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await healthy.runDueJobs(new Date(now + 61_000))).toEqual({ sent: 1, retried: 0, failed: 0 });
  });

  it('retries with back-off and marks a job failed only after the last attempt, logging an error', async () => {
    await enqueue(1);
    failSends = true;
    const worker = createMailWorker(deps(), { maxAttempts: 3 });
    let now = Date.now();
    expect(await worker.runDueJobs(new Date(now))).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [afterFirst] = await database.db.select().from(mailJobs);
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP nede' });
    expect(afterFirst!.runAt.getTime()).toBeGreaterThanOrEqual(now + 5_000);

    now += 5_000 + 1_000;
    expect(await worker.runDueJobs(new Date(now))).toEqual({ sent: 0, retried: 1, failed: 0 });
    now += 15_000 + 1_000;
    expect(await worker.runDueJobs(new Date(now))).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [last] = await database.db.select().from(mailJobs);
    expect(last).toMatchObject({ status: 'failed', attempts: 3 });
    expect(errors.join('\n')).toMatch(/MAIL NOT DELIVERED/);
    failSends = false;
    expect(await worker.runDueJobs(new Date(now + 86_400_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('prepares each round once and marks its jobs with far fewer UPDATEs than jobs', async () => {
    await enqueue(30);
    const rounds: number[] = [];
    let updates = 0;
    // Counts the UPDATE statements the worker issues (the claim is one of them).
    const db = new Proxy(database.db, {
      get: (target, key, receiver) => {
        if (key === 'update') updates++;
        return Reflect.get(target, key, receiver);
      },
    });
    const base = deps();
    const worker = createMailWorker(
      deps({
        db,
        prepareRound: async (jobs) => {
          rounds.push(jobs.length);
          return base.prepareRound(jobs);
        },
        // Sends finish one after another while an UPDATE is running.
        send: async (mail) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          sent.push(mail.messageId);
        },
      }),
      { batchSize: 50, concurrency: 4 },
    );
    expect(await worker.runDueJobs()).toEqual({ sent: 30, retried: 0, failed: 0 });
    expect(rounds).toEqual([30]);
    expect(updates).toBeLessThan(30);
    const rows = await database.db.select().from(mailJobs);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1 && !row.lockedUntil)).toBe(true);
  });

  it('retries every job of a round whose rows could not be read', async () => {
    await enqueue(2);
    const worker = createMailWorker(
      deps({
        prepareRound: async () => {
          throw new Error('database gone');
        },
      }),
    );
    expect(await worker.runDueJobs()).toEqual({ sent: 0, retried: 2, failed: 0 });
    expect(sent).toHaveLength(0);
    const rows = await database.db.select().from(mailJobs);
    expect(rows.every((row) => row.status === 'pending' && row.lastError === 'database gone')).toBe(true);
  });

  it('gathers the jobs of submissions arriving close together into one round', async () => {
    const rounds: number[] = [];
    const base = deps();
    const worker = createMailWorker(
      deps({
        prepareRound: async (jobs) => {
          rounds.push(jobs.length);
          return base.prepareRound(jobs);
        },
      }),
      { pollIntervalMs: 60_000, settleMs: 200 },
    );
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < 5; i++) {
      await enqueue(1);
      worker.notify();
    }
    await new Promise((resolve) => setTimeout(resolve, 600));
    await worker.stop();
    expect(sent).toHaveLength(5);
    expect(rounds).toEqual([5]);
  });

  it('wakes up on notify and stops after finishing the send in progress', async () => {
    let release: () => void = () => {};
    const slowSend = new Promise<void>((resolve) => (release = resolve));
    const worker = createMailWorker(
      deps({
        send: async (mail) => {
          await slowSend;
          sent.push(mail.messageId);
        },
      }),
      { pollIntervalMs: 60_000 },
    );
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await enqueue(1);
    worker.notify();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = worker.stop();
    release();
    await stopping;
    expect(sent).toHaveLength(1);
    const [row] = await database.db.select().from(mailJobs).where(eq(mailJobs.status, 'sent'));
    expect(row).toBeDefined();
  });
});
