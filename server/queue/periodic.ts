/**
 * The periodic jobs (retention, upload purge, spam digest, weekly figures) on the job engine: one
 * periodic_jobs row per job, claimed with the engine's lease like any job row. So one server copy
 * runs a job at a time, a run moves the next one on for every copy (two copies run the daily
 * retention once a day, not twice), and a copy killed mid-run leaves the job to another copy when
 * its lease runs out. A job without a row yet is first due `firstRunAfterMs` after start: a moment
 * after start, never during it; a job with one keeps its time across restarts.
 *
 * A failed run is logged and tried again after the periodic back-off (server/queue/backoff.ts),
 * or at the next interval when that comes sooner.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { periodicJobs } from '../db/schema.ts';
import { backoffDelayMs, backoffSteps } from './backoff.ts';
import { claimDue, errorText, failedAttempt, releaseLeftLeases, renewLeases } from './job-table.ts';
import { createJobLoop, type JobLoop } from './worker-loop.ts';

export interface PeriodicLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PeriodicJob {
  /** The job's row (stable across versions: renaming it forgets its schedule). */
  id: string;
  /** What it does, for the log. */
  name: string;
  intervalMs: number;
  /** The first run waits this long after start, so it never competes with start-up. */
  firstRunAfterMs: number;
  run(now: Date): Promise<unknown>;
}

export interface PeriodicOptions {
  /** How often to look for due jobs (at most the shortest interval). */
  pollIntervalMs: number;
  /** How long a claimed run stays reserved; renewed every third of it while the run lasts. */
  leaseMs: number;
  /** The only worker on its database (PGlite): leases found at start belong to a gone process. */
  exclusive: boolean;
}

const defaults: PeriodicOptions = { pollIntervalMs: 5_000, leaseMs: 60_000, exclusive: false };

export interface PeriodicJobs extends Pick<JobLoop, 'start' | 'stop' | 'running'> {
  /** Runs the jobs due at `now`, once; the number run. */
  runDue(now?: Date): Promise<number>;
}

export function createPeriodicJobs(
  deps: { db: Db; log?: PeriodicLog | undefined; clock?: () => Date },
  jobs: readonly PeriodicJob[],
  options: Partial<PeriodicOptions> = {},
): PeriodicJobs {
  const settings = { ...defaults, ...options };
  const clock = deps.clock ?? (() => new Date());
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const shortest = Math.min(...jobs.map((job) => job.intervalMs));

  /** Each job's row, due `firstRunAfterMs` after start unless it already has one. */
  async function schedule(startedAt: number): Promise<void> {
    await deps.db
      .insert(periodicJobs)
      .values(jobs.map((job) => ({ id: job.id, runAt: new Date(startedAt + job.firstRunAfterMs) })))
      // A job another copy (or an earlier start) scheduled keeps its time: a restart does not
      // run the daily retention again, and copies starting together run it once.
      .onConflictDoNothing();
  }

  async function runOne(row: typeof periodicJobs.$inferSelect, now: Date): Promise<void> {
    const job = byId.get(row.id)!;
    const renewal = setInterval(
      () => {
        const until = new Date(clock().getTime() + settings.leaseMs);
        renewLeases(deps.db, periodicJobs, [row.id], until).catch(() => {
          // At worst the lease runs out and another copy runs the job as well.
        });
      },
      Math.max(Math.floor(settings.leaseMs / 3), 1),
    );
    renewal.unref();
    try {
      await job.run(now);
      const finished = clock();
      await deps.db
        .update(periodicJobs)
        .set({
          runAt: new Date(finished.getTime() + job.intervalMs),
          lockedUntil: null,
          attempts: 0,
          lastError: null,
          lastRunAt: finished,
        })
        .where(inArray(periodicJobs.id, [row.id]));
    } catch (error) {
      deps.log?.error({ err: error }, `${job.name} failed; the next run tries again`);
      const attempts = row.attempts + 1;
      const delay = Math.min(job.intervalMs, backoffDelayMs(backoffSteps.periodic, attempts));
      await deps.db
        .update(periodicJobs)
        .set(failedAttempt(attempts, error, new Date(clock().getTime() + delay)))
        .where(inArray(periodicJobs.id, [row.id]))
        .catch((updateError: unknown) => {
          deps.log?.error({ err: updateError, error: errorText(error) }, 'could not record a failed run');
        });
    } finally {
      clearInterval(renewal);
    }
  }

  async function runDue(now: Date = clock()): Promise<number> {
    if (jobs.length === 0) return 0;
    const due = await claimDue(deps.db, periodicJobs, {
      now,
      leaseMs: settings.leaseMs,
      batchSize: jobs.length,
      where: inArray(periodicJobs.id, [...byId.keys()]),
    });
    // One after the other: the jobs are light, and a run never competes with the next.
    for (const row of due) await runOne(row, now);
    return due.length;
  }

  let scheduled = false;
  let startedAt = 0;
  const loop = createJobLoop({
    name: 'periodic jobs',
    pollIntervalMs: Math.min(settings.pollIntervalMs, shortest),
    settleMs: 0,
    round: async () => {
      // At the first round that reaches the database (it may be down at start).
      if (!scheduled) {
        if (settings.exclusive) await releaseLeftLeases(deps.db, periodicJobs);
        await schedule(startedAt);
        scheduled = true;
      }
      await runDue();
      return { busy: false };
    },
    log: { error: (obj, msg) => deps.log?.error(obj, msg) },
  });

  // Nothing is due before the earliest first run: the loop starts then, so the database is not
  // polled during start-up (and a short-lived app, a test, never runs a periodic job).
  let firstRound: NodeJS.Timeout | undefined;
  return {
    start() {
      if (jobs.length === 0 || firstRound) return;
      startedAt = clock().getTime();
      firstRound = setTimeout(loop.start, Math.min(...jobs.map((job) => job.firstRunAfterMs)));
      firstRound.unref();
    },
    async stop() {
      clearTimeout(firstRound);
      firstRound = undefined;
      await loop.stop();
    },
    // Started: the loop itself waits for the earliest first run (its timer) before it runs.
    running: () => firstRound !== undefined || loop.running(),
    runDue,
  };
}
