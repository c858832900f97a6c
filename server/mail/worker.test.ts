import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, mailJobs } from '../db/schema.ts';
import type { OutgoingMail } from './transport.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { createMailWorker, defaultMailWorkerOptions, retryDelayMs, type MailWorkerDeps } from './worker.ts';
import { sendFailureKind } from './send-failure.ts';

const silent = { info() {}, warn() {}, error() {} };

describe('retry back-off', () => {
  it('grows from 5 seconds to at most 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100].map(retryDelayMs)).toEqual([
      5_000, 15_000, 60_000, 120_000, 300_000, 600_000, 900_000, 900_000, 900_000,
    ]);
  });
});

describe('send failures', () => {
  const error = (fields: object) => Object.assign(new Error('x'), fields);
  it('tell a server that cannot be used from a refused message and from an unconfirmed one', () => {
    expect(sendFailureKind(error({ code: 'ESOCKET', originalCode: 'ECONNREFUSED' }))).toBe('server');
    expect(sendFailureKind(error({ code: 'ECONNECTION' }))).toBe('server');
    expect(sendFailureKind(error({ code: 'ETIMEDOUT' }))).toBe('server');
    expect(sendFailureKind(error({ code: 'EDNS' }))).toBe('server');
    expect(sendFailureKind(error({ code: 'EAUTH', responseCode: 535 }))).toBe('message');
    expect(sendFailureKind(error({ code: 'EAUTH' }))).toBe('server');
    expect(sendFailureKind(error({ code: 'ECONNREFUSED' }))).toBe('server');
    expect(sendFailureKind(error({ code: 'EMESSAGE', responseCode: 421 }))).toBe('server');
    expect(sendFailureKind(error({ code: 'EMESSAGE', responseCode: 451 }))).toBe('message');
    expect(sendFailureKind(error({ code: 'EENVELOPE', responseCode: 550 }))).toBe('message');
    expect(sendFailureKind(error({ code: 'ECONNECTION', afterData: true }))).toBe('uncertain');
    expect(sendFailureKind(new Error('lead not found'))).toBe('message');
    expect(sendFailureKind('weird')).toBe('message');
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

  /** A send that notes, before it accepts each message, how many accepted ones are not yet marked sent. */
  const sendNotingUnmarked = (unmarkedAtSend: number[]) => async (mail: OutgoingMail) => {
    // Accepted counted before the recorded: records only grow meanwhile, so this never overcounts.
    const accepted = sent.length;
    const rows = await database.db.select().from(mailJobs).where(eq(mailJobs.status, 'sent'));
    unmarkedAtSend.push(accepted - rows.length);
    sent.push(mail.messageId);
  };

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

  it("gives a crashed worker's job to any worker 30 s later, when its short lease has run out", async () => {
    await enqueue(1);
    const now = Date.now();
    // A worker claims the job and dies mid-send (the send never finishes, nothing renews).
    let dead = false;
    const crashed = createMailWorker(
      deps({
        send: () => new Promise(() => {}),
        db: new Proxy(database.db, {
          // After the claim, the dead process writes nothing more (no lease renewal).
          get: (target, key, receiver) =>
            key === 'update' && dead ? () => ({}) : Reflect.get(target, key, receiver),
        }),
      }),
    );
    void crashed.runDueJobs(new Date(now));
    await new Promise((resolve) => setTimeout(resolve, 300));
    dead = true;
    const [claimed] = await database.db.select().from(mailJobs);
    expect(defaultMailWorkerOptions.leaseMs).toBe(30_000);
    expect(claimed!.lockedUntil!.getTime()).toBe(now + 30_000);

    const healthy = createMailWorker(deps());
    expect(await healthy.runDueJobs(new Date(now + 20_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await healthy.runDueJobs(new Date(now + 31_000))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('frees at start the leases a killed process left, when it is the only worker on its database', async () => {
    await enqueue(2);
    // Claimed by a process that was killed a moment ago: its lease has most of its time left.
    await database.db.update(mailJobs).set({ lockedUntil: new Date(Date.now() + 25_000) });
    const shared = createMailWorker(deps(), { pollIntervalMs: 60_000 });
    shared.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await shared.stop();
    expect(sent).toHaveLength(0);

    const only = createMailWorker(deps(), { pollIntervalMs: 60_000, exclusive: true });
    only.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await only.stop();
    expect(sent).toHaveLength(2);
  });

  it('renews the lease while a slow send is in progress, so no other worker takes the job', async () => {
    await enqueue(1);
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const sending = createMailWorker(
      deps({
        send: async (mail) => {
          await slow;
          sent.push(mail.messageId);
        },
      }),
      // Long enough that a busy machine's pauses (PGlite syncs every commit) stay well inside it.
      { leaseMs: 1_000 },
    );
    const round = sending.runDueJobs();
    const other = createMailWorker(deps(), { leaseMs: 1_000 });
    // Three leases long: without renewal the other worker would have taken the job.
    for (let i = 0; i < 30; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await other.runDueJobs()).toEqual({ sent: 0, retried: 0, failed: 0 });
    }
    release();
    expect(await round).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sent).toHaveLength(1);
    const [row] = await database.db.select().from(mailJobs);
    expect(row).toMatchObject({ status: 'sent', lockedUntil: null });
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

  it('prepares each round once and marks each job sent as soon as its message is accepted', async () => {
    await enqueue(12);
    const rounds: number[] = [];
    const base = deps();
    // What the table said about the jobs already accepted, each time a message went out.
    const unmarkedAtSend: number[] = [];
    const worker = createMailWorker(
      deps({
        prepareRound: async (jobs) => {
          rounds.push(jobs.length);
          return base.prepareRound(jobs);
        },
        send: sendNotingUnmarked(unmarkedAtSend),
      }),
      { batchSize: 50, concurrency: 1 },
    );
    expect(await worker.runDueJobs()).toEqual({ sent: 12, retried: 0, failed: 0 });
    expect(rounds).toEqual([12]);
    expect(unmarkedAtSend).toEqual(Array.from({ length: 12 }, () => 0));
    const rows = await database.db.select().from(mailJobs);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1 && !row.lockedUntil)).toBe(true);
  });

  it('has at most one accepted, unrecorded message per lane while it sends with four lanes', async () => {
    await enqueue(30);
    const unmarkedAtSend: number[] = [];
    const worker = createMailWorker(
      deps({
        send: sendNotingUnmarked(unmarkedAtSend),
      }),
      { batchSize: 50, concurrency: 4 },
    );
    expect(await worker.runDueJobs()).toEqual({ sent: 30, retried: 0, failed: 0 });
    // A kill at any moment finds at most the other three lanes' messages accepted, unrecorded.
    expect(Math.max(...unmarkedAtSend)).toBeLessThanOrEqual(3);
  });

  it('stops sending when an accepted message cannot be recorded, and sends the rest later', async () => {
    await enqueue(20);
    // The database refuses every "sent" record (a disk full, a lost connection), not the claim.
    await database.db.execute(sql`create function refuse_sent() returns trigger language plpgsql as $$
      begin if new.status = 'sent' then raise exception 'disk full'; end if; return new; end $$`);
    await database.db.execute(
      sql`create trigger refuse_sent before update on mail_jobs for each row execute function refuse_sent()`,
    );
    const worker = createMailWorker(deps(), { batchSize: 50, concurrency: 4 });
    try {
      await worker.runDueJobs();
      // Else the whole batch would go out unrecorded, and a kill now would send all 20 again.
      expect(sent.length).toBeLessThanOrEqual(4);
      expect(errors).toContain('could not record a sent mail: the round stops sending');
    } finally {
      await database.db.execute(sql`drop trigger refuse_sent on mail_jobs`);
      await database.db.execute(sql`drop function refuse_sent()`);
    }
    const before = sent.length;
    // The unsent jobs are due at once; an unrecorded one when its lease has run out.
    await worker.runDueJobs(new Date(Date.now() + 31_000));
    const rows = await database.db.select().from(mailJobs);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    // Only the messages accepted while the database refused go out a second time.
    expect(sent.length - 20).toBe(before);
  });

  describe('when the mail server cannot be used', () => {
    const serverDownError = () =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), {
        code: 'ESOCKET',
        originalCode: 'ECONNREFUSED',
      });

    it('tries one connection per round, holds the rest back and pauses 5 s, 15 s, 30 s, then 60 s', async () => {
      await enqueue(20);
      let down = true;
      let attempts = 0;
      const worker = createMailWorker(
        deps({
          send: async (mail) => {
            attempts++;
            if (down) throw serverDownError();
            sent.push(mail.messageId);
          },
        }),
        { concurrency: 4 },
      );
      const start = Date.now();
      let now = start;
      expect(await worker.runDueJobs(new Date(now))).toEqual({ sent: 0, retried: 20, failed: 0 });
      expect(attempts).toBe(1);
      const pauses: number[] = [worker.pausedUntil()!.getTime() - now];
      const rows = await database.db.select().from(mailJobs);
      // Not the messages' fault: no attempt counted, and the table says when they are due again.
      expect(
        rows.every(
          (row) =>
            row.status === 'pending' &&
            row.attempts === 0 &&
            !row.lockedUntil &&
            row.lastError?.includes('ECONNREFUSED') &&
            row.runAt.getTime() >= now + 5_000,
        ),
      ).toBe(true);

      // Ten simulated minutes, a round every second: one attempt per pause, not per job.
      for (let second = 1; second <= 600; second++) {
        now = start + second * 1_000;
        const before = attempts;
        await worker.runDueJobs(new Date(now));
        if (attempts > before) pauses.push(worker.pausedUntil()!.getTime() - now);
      }
      expect(pauses.slice(0, 5).map((ms) => Math.round(ms / 1000))).toEqual([5, 15, 30, 60, 60]);
      expect(attempts).toBe(pauses.length);
      expect(attempts).toBeLessThanOrEqual(14);
      expect(sent).toHaveLength(0);

      down = false;
      now += 61_000;
      expect(await worker.runDueJobs(new Date(now))).toEqual({ sent: 20, retried: 0, failed: 0 });
      expect(worker.pausedUntil()).toBeNull();
      expect(new Set(sent).size).toBe(20);
    });

    it('polls at its usual pace after a pause whose next round reached no server', async () => {
      await enqueue(1);
      let updates = 0;
      // Counts the worker's UPDATE statements: each claim is one.
      const db = new Proxy(database.db, {
        get: (target, key, receiver) => {
          if (key === 'update') updates++;
          return Reflect.get(target, key, receiver);
        },
      });
      const base = deps();
      let down = true;
      const worker = createMailWorker(
        deps({
          db,
          prepareRound: async (jobs) => {
            // After the first round, every message fails before it reaches the server.
            if (!down) throw new Error('lead not found');
            return base.prepareRound(jobs);
          },
          send: async () => {
            down = false;
            throw serverDownError();
          },
        }),
        { pollIntervalMs: 200, serverDownPausesMs: [100] },
      );
      worker.start();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await worker.stop();
      // Two rounds with a job (claim and one more UPDATE each), then one claim per 200 ms poll.
      expect(updates).toBeGreaterThanOrEqual(4);
      expect(updates).toBeLessThanOrEqual(12);
      const [row] = await database.db.select().from(mailJobs);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'lead not found' });
    });

    it('does not let wake() cut a pause short', async () => {
      await enqueue(5);
      let attempts = 0;
      const worker = createMailWorker(
        deps({
          send: async () => {
            attempts++;
            throw serverDownError();
          },
        }),
        { pollIntervalMs: 60_000, settleMs: 10, serverDownPausesMs: [400] },
      );
      worker.start();
      for (let i = 0; i < 30; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        worker.wake();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      await worker.stop();
      // About 600 ms with a 400 ms pause: the first round and at most one more.
      expect(attempts).toBeGreaterThanOrEqual(1);
      expect(attempts).toBeLessThanOrEqual(2);
    });

    it('counts a message as sent, and does not resend it, when the connection broke after all of it was sent', async () => {
      await enqueue(1);
      let attempts = 0;
      const worker = createMailWorker(
        deps({
          send: async () => {
            attempts++;
            throw Object.assign(new Error('Connection closed unexpectedly'), {
              code: 'ECONNECTION',
              afterData: true,
            });
          },
          log: { ...silent, warn: (_obj, msg) => errors.push(msg) },
        }),
      );
      const now = Date.now();
      expect(await worker.runDueJobs(new Date(now))).toEqual({ sent: 1, retried: 0, failed: 0 });
      const [row] = await database.db.select().from(mailJobs);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
      expect(row!.lastError).toMatch(/^unconfirmed: Connection closed unexpectedly/);
      expect(errors.join('\n')).toMatch(/after the whole message was sent/);
      expect(await worker.runDueJobs(new Date(now + 3_600_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(attempts).toBe(1);
    });
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
      worker.wake();
    }
    await new Promise((resolve) => setTimeout(resolve, 600));
    await worker.stop();
    expect(sent).toHaveLength(5);
    expect(rounds).toEqual([5]);
  });

  it('wakes up on wake() and stops after finishing the send in progress', async () => {
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
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = worker.stop();
    release();
    await stopping;
    expect(sent).toHaveLength(1);
    const [row] = await database.db.select().from(mailJobs).where(eq(mailJobs.status, 'sent'));
    expect(row).toBeDefined();
  });
});
