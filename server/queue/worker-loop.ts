/**
 * The loop every job worker runs, written once: a round at start, then a round whenever a job
 * was just committed (wake), when the last round filled its batch (more may be due), and on an
 * interval for retries, due times and jobs of other server copies. stop() lets the round in
 * progress finish. A failed round is logged and the next one tries again.
 */

export interface LoopLog {
  error(obj: object, msg: string): void;
}

export interface JobLoopOptions {
  /** What failed, for the log ('mail worker'). */
  name: string;
  /** How often to look for due jobs without a wake. */
  pollIntervalMs: number;
  /** After a wake, wait this long before the round, to gather the jobs of several commits. */
  settleMs: number;
  /** One round; `busy` when it filled its batch, so that more jobs are probably due. */
  round(): Promise<{ busy: boolean }>;
  /**
   * How much longer the loop leaves its provider alone (a dead mail server), in ms on the
   * worker's own clock; only stop() cuts such a pause short.
   */
  pauseRemainingMs?: () => number;
  /** Runs once before the first round (e.g. freeing the leases of a killed process). */
  beforeFirstRound?: () => Promise<void>;
  log: LoopLog;
}

export interface JobLoop {
  /** Starts the loop (idempotent). */
  start(): void;
  /** Stops it; resolves after the round in progress has finished. */
  stop(): Promise<void>;
  /** A job was just committed: run a round now instead of at the next interval (unless paused). */
  wake(): void;
  /** True from start() until stop(): what GET /readyz asks of this copy's workers. */
  running(): boolean;
}

export function createJobLoop(options: JobLoopOptions): JobLoop {
  let running = false;
  let loop: Promise<void> | undefined;
  let endSleep: (() => void) | undefined;
  let pendingWake = false;

  function sleep(ms: number, wakeable: boolean): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        endSleep = undefined;
        resolve();
      }, ms);
      const stop = () => {
        clearTimeout(timer);
        endSleep = undefined;
        resolve();
      };
      endSleep = wakeable ? stop : () => (running ? undefined : stop());
    });
  }

  async function run(): Promise<void> {
    try {
      await options.beforeFirstRound?.();
    } catch (error) {
      options.log.error({ err: error }, `${options.name} could not prepare its first round`);
    }
    while (running) {
      pendingWake = false;
      let busy = false;
      try {
        ({ busy } = await options.round());
      } catch (error) {
        options.log.error({ err: error }, `${options.name} round failed`);
      }
      if (!running) break;
      const pauseMs = options.pauseRemainingMs?.() ?? 0;
      if (pauseMs > 0) {
        await sleep(pauseMs, false);
        continue;
      }
      if (busy) continue;
      if (!pendingWake) await sleep(options.pollIntervalMs, true);
      // Woken by a commit: let the next ones arrive too, so a stream of commits costs one round
      // per settleMs instead of one per commit.
      if (running && pendingWake && options.settleMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, options.settleMs));
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
      endSleep?.();
      await loop;
      loop = undefined;
    },
    wake() {
      pendingWake = true;
      endSleep?.();
    },
    running: () => running,
  };
}

/** The app's hooks a worker runs with. */
interface AppHooks {
  addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown;
}

/**
 * Starts a worker when the app is ready and stops it when the app closes: the round in progress
 * finishes before the database closes (the app registers the database's close first).
 */
export function runWithApp(app: AppHooks, worker: { start(): void; stop(): Promise<void> }): void {
  app.addHook('onReady', async () => {
    worker.start();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
  });
}

/** What a feature's worker service offers the app: the same for every worker. */
export interface WorkerService {
  /** A job of the worker's name was just committed (server/queue/jobs.ts). */
  wake(): void;
  /** Starts the worker once, unless tests drive it themselves (`startWorker: false`). */
  start(): void;
  /** Stops the worker, letting the round in progress finish, then closes what it used. */
  close(): Promise<void>;
}

/** The worker-service part of a feature's service, written once. */
export function workerService(
  worker: { start(): void; stop(): Promise<void>; wake(): void },
  options: {
    /** Default true; tests drive the worker's rounds themselves instead. */
    startWorker?: boolean | undefined;
    /** Runs once, right after the worker started (e.g. a first check of its provider). */
    afterStart?: () => void;
    /** Runs after the worker stopped (e.g. closing its transport). */
    afterStop?: () => Promise<void>;
  } = {},
): WorkerService {
  let started = false;
  return {
    wake: () => worker.wake(),
    start() {
      if (options.startWorker === false || started) return;
      started = true;
      worker.start();
      options.afterStart?.();
    },
    async close() {
      await worker.stop();
      await options.afterStop?.();
    },
  };
}
