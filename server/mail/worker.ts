/**
 * Delivers the mail outbox. Due jobs are claimed with FOR UPDATE SKIP LOCKED and a short lease
 * (locked_until, 30 s) that the worker renews while it is still sending them, so several server
 * copies never send the same job at once, and the jobs of a copy that crashed (kill -9, power
 * loss) are free again at most 30 s later, for any copy, the restarted one included.
 *
 * On PGlite the worker is the database's only one, so at start it frees, at once, the leases a
 * killed process left behind.
 *
 * Each job is marked sent in its own UPDATE as soon as the mail server has accepted its message,
 * so a crash can resend only a message whose acceptance it had not yet recorded: at most one per
 * lane, `concurrency` in all, however many the round claimed. When such an UPDATE fails (tried
 * three times within a second), no further send of the round starts and its unsent jobs are put
 * back, so a database fault cannot pile up accepted, unrecorded messages either. Every message
 * carries the Message-ID `<job id@host>`, so a copy is recognisable.
 *
 * Failures are of two kinds:
 * - the mail server cannot be used (unreachable, connection refused or dropped, timeout, 421,
 *   authentication): the round stops at once (a round opens ONE connection first and only then
 *   sends in parallel, so a dead server costs one connection attempt per round), its unsent jobs
 *   wait, and the worker pauses 5 s, 15 s, 30 s, then 60 s between rounds until the server
 *   answers again. Such a failure is not the message's fault: it neither counts as an attempt nor
 *   ever makes the worker give up on a job.
 * - the message itself failed (the server refused it, or it could not be built): retried with
 *   growing pauses (5 s, 15 s, 1 min, … at most 15 min) for days; only then is the job marked
 *   'failed', logged as an error. A payload its kind's schema refuses is marked 'failed' at once.
 * When the connection breaks after the whole message was sent, the server may well have accepted
 * it: the job counts as sent (with a warning) instead of risking a second copy
 * (docs/decisions/mail-outbox-table.md).
 *
 * The worker wakes right after a mail job is committed (50 ms later, gathering the leads
 * of those 50 ms into one round), and on an interval for retries and jobs of other copies.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';
import { backoffDelayMs, backoffSteps } from '../queue/backoff.ts';
import {
  claimDue,
  errorText,
  failedAttempt,
  putBack,
  releaseLeftLeases,
  renewLeases,
} from '../queue/job-table.ts';
import { createJobLoop } from '../queue/worker-loop.ts';
import { MailPayloadRefused } from './compose.ts';
import { createMarkSent } from './mark-sent.ts';
import { sendFailureKind } from './send-failure.ts';
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
  /** Sends it; throws when the message was not accepted (see sendFailureKind). */
  send(mail: OutgoingMail): Promise<void>;
  log: WorkerLog;
  now?: () => Date;
}

export interface MailWorkerOptions {
  /** How often to look for due jobs without a wake (retries, other server copies). */
  pollIntervalMs: number;
  /**
   * How long a claimed job stays reserved for this worker. Renewed every third of it while the
   * job is still waiting or being sent, so it only runs out when the worker is gone.
   */
  leaseMs: number;
  /** Jobs claimed per round. */
  batchSize: number;
  /** After a wake-up, wait this long before claiming, to gather the jobs of several submissions. */
  settleMs: number;
  /** Jobs sent at the same time within a round (after the first one has gone through). */
  concurrency: number;
  /** After this many refused attempts the job is marked 'failed' (about five days with the back-off). */
  maxAttempts: number;
  /** The pauses after rounds that found the mail server unusable, one after the other; the last repeats. */
  serverDownPausesMs: readonly number[];
  /**
   * This worker is the only one on its database (PGlite: one process owns the data directory).
   * Leases found at start then belong to a process that is gone (killed, crashed), so start()
   * frees them at once instead of waiting for them to run out.
   */
  exclusive: boolean;
}

export const defaultMailWorkerOptions: MailWorkerOptions = {
  pollIntervalMs: 5_000,
  leaseMs: 30_000,
  batchSize: 50,
  settleMs: 50,
  concurrency: 4,
  maxAttempts: 500,
  serverDownPausesMs: backoffSteps['mail.server'],
  exclusive: false,
};

/** Leases are renewed for at most this long; no send takes it (nodemailer gives up after 60 s idle). */
const maxRenewingMs = 10 * 60_000;

/** The pause before the next attempt after `failedAttempts` failures (1 → 5 s … capped at 15 min). */
export function retryDelayMs(failedAttempts: number): number {
  return backoffDelayMs(backoffSteps['mail.message'], failedAttempts);
}

export interface RunResult {
  /** Accepted by the mail server (or, when unconfirmed, probably accepted) and marked sent. */
  sent: number;
  /** Put back for a later round: refused, or held back while the mail server is down. */
  retried: number;
  /** Given up: marked 'failed'. */
  failed: number;
}

export interface MailWorker {
  /** Starts the background loop (idempotent). */
  start(): void;
  /** Stops the loop; resolves after the round in progress (and its sends) has finished. */
  stop(): Promise<void>;
  /** A job was just committed: look now instead of at the next interval (unless paused). */
  wake(): void;
  /** True while the loop runs (started, not stopped). */
  running(): boolean;
  /**
   * Claims and sends the jobs due at `now`, once. Tests drive the worker with this. Does nothing
   * while the worker pauses after finding the mail server down (see pausedUntil).
   */
  runDueJobs(now?: Date): Promise<RunResult>;
  /** Until when the worker leaves the mail server alone after finding it down; null when not. */
  pausedUntil(): Date | null;
}

export function createMailWorker(deps: MailWorkerDeps, options: Partial<MailWorkerOptions> = {}): MailWorker {
  const settings = { ...defaultMailWorkerOptions, ...options };
  const clock = deps.now ?? (() => new Date());
  const renewEveryMs = Math.max(Math.floor(settings.leaseMs / 3), 1);

  /** Rounds in a row that found the mail server unusable, and the pause that follows the last. */
  let serverDownRounds = 0;
  let serverDownSince: Date | null = null;
  let pauseUntil: Date | null = null;

  async function claim(now: Date): Promise<ClaimedMailJob[]> {
    const rows = await claimDue(deps.db, mailJobs, {
      now,
      leaseMs: settings.leaseMs,
      batchSize: settings.batchSize,
    });
    return rows.map(({ id, kind, payload, attempts }) => ({ id, kind, payload, attempts }));
  }

  const markSent = createMarkSent(deps.db, clock);

  /** Keeps the round's unfinished jobs reserved while the worker still has them. */
  async function renew(ids: readonly string[], now: Date): Promise<void> {
    await renewLeases(deps.db, mailJobs, ids, new Date(now.getTime() + settings.leaseMs));
  }

  /**
   * A refused message (or one that could not be built): back-off, and in the end give up. A
   * payload its kind refuses is given up at once: no later attempt reads it otherwise.
   */
  async function recordFailure(job: ClaimedMailJob, error: unknown, result: RunResult): Promise<void> {
    const attempts = job.attempts + 1;
    const message = errorText(error);
    const malformed = error instanceof MailPayloadRefused;
    const giveUp = malformed || attempts >= settings.maxAttempts;
    const failedAt = clock();
    try {
      await deps.db
        .update(mailJobs)
        .set({
          ...failedAttempt(attempts, error, new Date(failedAt.getTime() + retryDelayMs(attempts))),
          ...(giveUp ? { status: 'failed' as const } : {}),
        })
        .where(eq(mailJobs.id, job.id));
    } catch (updateError) {
      // The lease runs out and the job is tried again; nothing is lost.
      deps.log.error({ err: updateError, jobId: job.id }, 'could not record a failed mail attempt');
    }
    if (malformed) {
      result.failed++;
      deps.log.error(
        { jobId: job.id, kind: job.kind, err: message },
        'MAIL NOT DELIVERED: its payload does not fit its kind, so it is failed, not retried; send it by hand',
      );
    } else if (giveUp) {
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

  /**
   * The mail server cannot be used: the round's unsent jobs wait until the pause is over, which
   * the table records (run_at), so other server copies leave them alone too.
   */
  async function holdBack(
    jobs: readonly ClaimedMailJob[],
    error: unknown,
    until: Date,
    result: RunResult,
  ): Promise<void> {
    if (jobs.length === 0) return;
    try {
      await putBack(
        deps.db,
        mailJobs,
        jobs.map((job) => job.id),
        { runAt: until, lastError: errorText(error) },
      );
    } catch (updateError) {
      deps.log.error({ err: updateError }, 'could not put back mail jobs; their lease runs out soon');
    }
    result.retried += jobs.length;
  }

  function serverDown(error: unknown, now: Date): Date {
    serverDownRounds++;
    serverDownSince ??= now;
    const steps = settings.serverDownPausesMs;
    const pauseMs = steps[Math.min(serverDownRounds, steps.length) - 1] ?? 60_000;
    pauseUntil = new Date(now.getTime() + pauseMs);
    const downForMs = now.getTime() - serverDownSince.getTime();
    const details = { err: errorText(error), pauseMs, downForSeconds: Math.round(downForMs / 1000) };
    // A long outage is an error someone must look at; the first minutes are usually a restart.
    if (downForMs >= 15 * 60_000) {
      deps.log.error(
        details,
        'MAIL SERVER UNUSABLE for over 15 minutes: leads are stored, their e-mails wait',
      );
    } else {
      deps.log.warn(details, 'mail server unusable: e-mails wait, trying again after a pause');
    }
    return pauseUntil;
  }

  function serverUp(): void {
    if (serverDownSince) deps.log.info({ since: serverDownSince }, 'mail server usable again');
    serverDownRounds = 0;
    serverDownSince = null;
    pauseUntil = null;
  }

  /** Still in the pause after a round that found the mail server unusable. */
  function isPaused(now: Date = clock()): boolean {
    return pauseUntil !== null && now < pauseUntil;
  }

  async function runDueJobs(now: Date = clock()): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    if (isPaused(now)) return result;
    const jobs = await claim(now);
    if (jobs.length === 0) return result;
    // The round's own time: `now` moved on by the real time spent (tests pass a `now` of their own).
    const roundStarted = Date.now();
    const roundNow = () => new Date(now.getTime() + (Date.now() - roundStarted));

    const unfinished = new Set(jobs.map((job) => job.id));
    let renewing: Promise<void> = Promise.resolve();
    const renewal = setInterval(() => {
      // A send that hangs this long is broken: let the lease run out so the job goes out again.
      if (Date.now() - roundStarted > maxRenewingMs) return;
      renewing = renew([...unfinished], roundNow()).catch((error: unknown) => {
        // Not fatal: at worst the lease runs out and another copy sends a message again.
        deps.log.error({ err: error }, 'could not renew the lease of mail jobs being sent');
      });
    }, renewEveryMs);
    renewal.unref?.();

    try {
      let compose: (job: ClaimedMailJob) => Promise<OutgoingMail>;
      try {
        compose = await deps.prepareRound(jobs);
      } catch (error) {
        // E.g. the rows could not be read: every job of the round counts as a failed attempt.
        compose = () => Promise.reject(error);
      }

      /** Set when the mail server turned out unusable: no further send starts. */
      let stopError: { error: unknown } | undefined;
      /** The server answered a message of this round (accepted or refused it). */
      let serverAnswered = false;
      /** Accepted but not yet recorded (the UPDATE failed): tried once more at the end. */
      const unrecorded: { id: string; note: string | null }[] = [];
      /** Set when an accepted message could not be recorded: no further send starts. */
      let recordError: { error: unknown } | undefined;

      const record = async (job: ClaimedMailJob, note: string | null) => {
        try {
          await markSent(job.id, note);
        } catch (error) {
          unrecorded.push({ id: job.id, note });
          recordError ??= { error };
        }
        result.sent++;
        unfinished.delete(job.id);
      };

      const deliver = async (job: ClaimedMailJob): Promise<void> => {
        let mail: OutgoingMail;
        try {
          mail = await compose(job);
        } catch (error) {
          await recordFailure(job, error, result);
          unfinished.delete(job.id);
          return;
        }
        try {
          await deps.send(mail);
        } catch (error) {
          const kind = sendFailureKind(error);
          if (kind === 'message') {
            if (typeof (error as { responseCode?: unknown }).responseCode === 'number') serverAnswered = true;
            await recordFailure(job, error, result);
            unfinished.delete(job.id);
            return;
          }
          stopError ??= { error };
          if (kind === 'uncertain') {
            // Sent in full; only the server's answer is missing. Sending it again would most
            // likely make a second copy, so it counts as sent, and the log says which lead.
            deps.log.warn(
              { jobId: job.id, kind: job.kind, payload: job.payload, err: errorText(error) },
              'mail server dropped the connection after the whole message was sent: counted as sent, not resent',
            );
            await record(job, `unconfirmed: ${errorText(error)}`.slice(0, 2000));
          }
          // 'server': the job stays in `unfinished` and is held back with the rest below.
          return;
        }
        serverAnswered = true;
        await record(job, null);
      };

      // One message at a time until the server has answered one: a dead server then costs one
      // connection attempt per round, not `concurrency`.
      let next = 0;
      const halted = () => stopError !== undefined || recordError !== undefined;
      while (!halted() && !serverAnswered && next < jobs.length) await deliver(jobs[next++]!);
      if (serverAnswered) serverUp();
      const lane = async () => {
        while (!halted() && next < jobs.length) await deliver(jobs[next++]!);
      };
      const lanes = Math.min(settings.concurrency, jobs.length - next);
      await Promise.all(Array.from({ length: lanes }, lane));

      if (unrecorded.length > 0) {
        try {
          for (const { id, note } of unrecorded) await markSent(id, note);
        } catch (error) {
          deps.log.error(
            { err: error, jobIds: unrecorded.map((entry) => entry.id) },
            'mail sent but not recorded: it may be sent again (with the same Message-ID)',
          );
        }
      }
      if (stopError) {
        const until = serverDown(stopError.error, roundNow());
        await holdBack(
          jobs.filter((job) => unfinished.has(job.id)),
          stopError.error,
          until,
          result,
        );
      } else if (recordError) {
        deps.log.error({ err: recordError.error }, 'could not record a sent mail: the round stops sending');
        const unsent = jobs.filter((job) => unfinished.has(job.id));
        await holdBack(unsent, recordError.error, roundNow(), result);
      }
      return result;
    } finally {
      clearInterval(renewal);
      await renewing;
    }
  }

  /** Frees the leases a gone process left behind (only when this worker is the database's only one). */
  async function releaseLeftLeasesOfGoneProcess(): Promise<void> {
    try {
      const freed = await releaseLeftLeases(deps.db, mailJobs);
      if (freed.length > 0) {
        // The ids say which messages may arrive twice (sent, but not yet marked when it stopped).
        deps.log.warn(
          { jobs: freed.length, jobIds: freed },
          'mail jobs claimed by a process that stopped without finishing: sending them now',
        );
      }
    } catch (error) {
      // Their leases run out by themselves.
      deps.log.error({ err: error }, 'could not free the mail jobs of a stopped process');
    }
  }

  const loop = createJobLoop({
    name: 'mail worker',
    pollIntervalMs: settings.pollIntervalMs,
    settleMs: settings.settleMs,
    round: async () => {
      const result = await runDueJobs();
      // A full round probably left more due jobs behind: go again at once.
      return { busy: result.sent + result.retried + result.failed >= settings.batchSize && !isPaused() };
    },
    pauseRemainingMs: () => (isPaused() ? pauseUntil!.getTime() - clock().getTime() : 0),
    beforeFirstRound: settings.exclusive ? releaseLeftLeasesOfGoneProcess : undefined,
    log: deps.log,
  });

  return {
    start: loop.start,
    stop: loop.stop,
    wake: loop.wake,
    running: loop.running,
    runDueJobs,
    pausedUntil: () => pauseUntil,
  };
}
