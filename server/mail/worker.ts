/**
 * Delivers the mail outbox (DESIGN §1, decision 6). Due jobs are claimed with
 * FOR UPDATE SKIP LOCKED and a lease (locked_until), so several server copies never send the same
 * job at once and a crashed worker's jobs come back when the lease runs out. A round costs a few
 * statements whatever its size: the claim, one read per table, one mark-sent UPDATE per 200 ms.
 * A failed send is retried with growing pauses (5 s, 15 s, 1 min, … at most 15 min) for days;
 * only then is the job marked 'failed', logged as an error. The worker wakes on notify() right
 * after a submission is committed (50 ms later, gathering the submissions of those 50 ms into one
 * round), and on an interval for retries and jobs enqueued by other copies.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';
import type { OutgoingMail } from './transport.ts';
import type { ClaimedMailJob } from './outbox.ts';

export interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailWorkerDeps {
  db: Db;
  /**
   * Prepares a claimed round: reads what its jobs need at once (one query per table, not one per
   * job) and returns the function that builds one job's message (objects and PDFs are read there,
   * so a round never holds all its attachments in memory).
   */
  prepareRound(jobs: readonly ClaimedMailJob[]): Promise<(job: ClaimedMailJob) => Promise<OutgoingMail>>;
  /** Sends it; throws when the message was not accepted. */
  send(mail: OutgoingMail): Promise<void>;
  log: WorkerLog;
  now?: () => Date;
}

export interface MailWorkerOptions {
  /** How often to look for due jobs without a notify (retries, other server copies). */
  pollIntervalMs: number;
  /** How long a claimed job stays reserved for this worker. Longer than any send can take. */
  leaseMs: number;
  /** Jobs claimed per round. */
  batchSize: number;
  /** After a wake-up, wait this long before claiming, to gather the jobs of several submissions. */
  settleMs: number;
  /** Sent jobs are marked in one UPDATE at most this often (and at the end of each round). */
  markIntervalMs: number;
  /** Jobs sent at the same time within a round. */
  concurrency: number;
  /** After this many failed attempts the job is marked 'failed' (about five days with the back-off). */
  maxAttempts: number;
}

export const defaultMailWorkerOptions: MailWorkerOptions = {
  pollIntervalMs: 5_000,
  leaseMs: 5 * 60_000,
  batchSize: 50,
  settleMs: 50,
  markIntervalMs: 200,
  concurrency: 4,
  maxAttempts: 500,
};

const backoffStepsMs = [5_000, 15_000, 60_000, 2 * 60_000, 5 * 60_000, 10 * 60_000, 15 * 60_000];

/** The pause before the next attempt after `failedAttempts` failures (1 → 5 s … capped at 15 min). */
export function retryDelayMs(failedAttempts: number): number {
  return backoffStepsMs[Math.min(Math.max(failedAttempts, 1), backoffStepsMs.length) - 1]!;
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorker {
  /** Starts the background loop (idempotent). */
  start(): void;
  /** Stops the loop; resolves after the round in progress (and its sends) has finished. */
  stop(): Promise<void>;
  /** A job was just committed: look now instead of at the next interval. */
  notify(): void;
  /** Claims and sends the jobs due at `now`, once. Tests drive the worker with this. */
  runDueJobs(now?: Date): Promise<RunResult>;
}

export function createMailWorker(deps: MailWorkerDeps, options: Partial<MailWorkerOptions> = {}): MailWorker {
  const settings = { ...defaultMailWorkerOptions, ...options };
  const clock = deps.now ?? (() => new Date());

  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let pendingWake = false;

  /** One statement: UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING. */
  async function claim(now: Date): Promise<ClaimedMailJob[]> {
    // The database keeps microseconds, JavaScript milliseconds: a job written in this very
    // millisecond is due too (else a notify right after the commit could miss it).
    const dueBefore = new Date(now.getTime() + 1);
    const due = deps.db
      .select({ id: mailJobs.id })
      .from(mailJobs)
      .where(
        and(
          eq(mailJobs.status, 'pending'),
          lt(mailJobs.runAt, dueBefore),
          or(isNull(mailJobs.lockedUntil), lt(mailJobs.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailJobs.runAt))
      .limit(settings.batchSize)
      .for('update', { skipLocked: true });
    return deps.db
      .update(mailJobs)
      .set({ lockedUntil: new Date(now.getTime() + settings.leaseMs) })
      .where(inArray(mailJobs.id, due))
      .returning({
        id: mailJobs.id,
        kind: mailJobs.kind,
        payload: mailJobs.payload,
        attempts: mailJobs.attempts,
      });
  }

  /** One UPDATE for every job in `ids` whose message was accepted. */
  async function markSent(ids: readonly string[]): Promise<void> {
    await deps.db
      .update(mailJobs)
      .set({
        status: 'sent',
        sentAt: clock(),
        lockedUntil: null,
        lastError: null,
        attempts: sql`${mailJobs.attempts} + 1`,
      })
      .where(inArray(mailJobs.id, [...ids]));
  }

  /** Sends one job's message; false (and the failure recorded) when it could not be sent. */
  async function deliver(
    job: ClaimedMailJob,
    compose: (job: ClaimedMailJob) => Promise<OutgoingMail>,
    result: RunResult,
  ): Promise<boolean> {
    try {
      await deps.send(await compose(job));
      return true;
    } catch (error) {
      await recordFailure(job, error, result);
      return false;
    }
  }

  async function recordFailure(job: ClaimedMailJob, error: unknown, result: RunResult): Promise<void> {
    const attempts = job.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = attempts >= settings.maxAttempts;
    const failedAt = clock();
    try {
      await deps.db
        .update(mailJobs)
        .set({
          attempts,
          lastError: message.slice(0, 2000),
          lockedUntil: null,
          runAt: new Date(failedAt.getTime() + retryDelayMs(attempts)),
          ...(giveUp ? { status: 'failed' as const } : {}),
        })
        .where(eq(mailJobs.id, job.id));
    } catch (updateError) {
      // The lease runs out and the job is tried again; nothing is lost.
      deps.log.error({ err: updateError, jobId: job.id }, 'could not record a failed mail attempt');
    }
    if (giveUp) {
      result.failed++;
      deps.log.error(
        { jobId: job.id, kind: job.kind, attempts, err: error },
        'MAIL NOT DELIVERED: gave up after many attempts; the lead is in the database, send it by hand',
      );
    } else {
      result.retried++;
      deps.log.warn({ jobId: job.id, kind: job.kind, attempts, err: message }, 'mail not sent, will retry');
    }
  }

  async function runDueJobs(now: Date = clock()): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    const jobs = await claim(now);
    if (jobs.length === 0) return result;
    let compose: (job: ClaimedMailJob) => Promise<OutgoingMail>;
    try {
      compose = await deps.prepareRound(jobs);
    } catch (error) {
      // E.g. the rows could not be read: every job of the round counts as a failed attempt.
      compose = () => Promise.reject(error);
    }

    // Sent jobs are marked together, in one UPDATE per markIntervalMs (and one at the end of the
    // round), not one per message. A crash can resend only what was sent since the last mark;
    // the stable Message-ID makes such a duplicate recognisable.
    const unmarked: ClaimedMailJob[] = [];
    let lastMark = Date.now();
    const markSentSoFar = async () => {
      lastMark = Date.now();
      const batch = unmarked.splice(0);
      if (batch.length === 0) return;
      try {
        await markSent(batch.map((job) => job.id));
        result.sent += batch.length;
      } catch (error) {
        for (const job of batch) await recordFailure(job, error, result);
      }
    };

    let next = 0;
    const lane = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        if (await deliver(job, compose, result)) unmarked.push(job);
        if (Date.now() - lastMark >= settings.markIntervalMs) await markSentSoFar();
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, jobs.length) }, lane));
    await markSentSoFar();
    return result;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });
  }

  async function run(): Promise<void> {
    while (running) {
      pendingWake = false;
      let busy = false;
      try {
        const result = await runDueJobs();
        // A full round probably left more due jobs behind: go again at once.
        busy = result.sent + result.retried + result.failed >= settings.batchSize;
      } catch (error) {
        deps.log.error({ err: error }, 'mail worker round failed');
      }
      if (!running || busy) continue;
      if (!pendingWake) await sleep(settings.pollIntervalMs);
      // Woken by a submission: let the next ones arrive too, so a stream of submissions costs
      // one round (claim, read, mark) per settleMs instead of one per submission.
      if (running && pendingWake && settings.settleMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, settings.settleMs));
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = undefined;
    },
    notify() {
      pendingWake = true;
      wake?.();
    },
    runDueJobs,
  };
}

/**
 * Fastify plugin: starts the app's mail worker when the app is ready and stops it on close
 * (finishing the send in progress) before the database closes.
 */
export async function mailWorkerJob(
  app: FastifyInstance,
  deps: { mail: { start(): void; close(): Promise<void> } },
): Promise<void> {
  app.addHook('onReady', async () => {
    deps.mail.start();
  });
  app.addHook('onClose', async () => {
    await deps.mail.close();
  });
}
