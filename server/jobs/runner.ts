/**
 * The one runner of the server's periodic jobs (purging unattached uploads, the retention job):
 * each runs a moment after start, then every interval, never twice at once in one process, and
 * stops cleanly (the run in progress finishes) when the app closes. A failed run is logged and
 * the next one tries again. Several server copies may run the same job; the jobs themselves are
 * written for that (FOR UPDATE SKIP LOCKED).
 */
import type { FastifyInstance } from 'fastify';

export interface JobLog {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface PeriodicJob {
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  /** What failed, for the log. */
  name: string;
  intervalMs: number;
  /** The first run waits this long after start, so it never competes with start-up. */
  firstRunAfterMs: number;
  log?: JobLog | undefined;
}

/** Runs `run` after `firstRunAfterMs`, then every `intervalMs`, until stopped. */
export function startPeriodicJob(run: () => Promise<unknown>, options: PeriodicJobOptions): PeriodicJob {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = run()
      .catch((error: unknown) => {
        options.log?.error({ err: error }, `${options.name} failed; the next run tries again`);
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  const first = setTimeout(tick, options.firstRunAfterMs);
  first.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}

/** Fastify plugin glue: the job starts when the app is ready and stops when it closes. */
export function runWithApp(app: FastifyInstance, start: () => PeriodicJob): void {
  let job: PeriodicJob | undefined;
  app.addHook('onReady', async () => {
    job = start();
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}
