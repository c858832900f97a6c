/**
 * The app's on-call paging: the paging worker (server/oncall/worker.ts), sending through the app's
 * SMS transport. Created by buildApp; createLead wakes it after storing an emergency.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { JobName } from '../queue/jobs.ts';
import type { SmsTransport } from '../sms/transport.ts';
import { checkSmsAccount } from './sms-account.ts';
import { createOncallWorker, type OncallLog, type OncallWorker, type OncallWorkerOptions } from './worker.ts';

export interface OncallService {
  worker: OncallWorker;
  clock: () => Date;
  notify(): void;
  start(): void;
  close(): Promise<void>;
}

export interface OncallServiceOptions {
  /** Default true; tests drive the worker with worker.runDue() instead. */
  startWorker?: boolean;
  clock?: () => Date;
  worker?: Partial<OncallWorkerOptions>;
}

export function createOncallService(
  deps: {
    config: Pick<Config, 'sms' | 'publicUrl' | 'signingSecret' | 'oncall' | 'databaseUrl' | 'surge'>;
    db: Db;
    sms: SmsTransport;
    jobs: { notify(...names: JobName[]): void };
    log: OncallLog;
  },
  options: OncallServiceOptions = {},
): OncallService {
  const { sms } = deps;
  const clock = options.clock ?? (() => new Date());
  const worker = createOncallWorker(
    { db: deps.db, sms, jobs: deps.jobs, clock, config: deps.config, log: deps.log },
    // Without DATABASE_URL the database is this process's own PGlite: no other worker shares it.
    { exclusive: !deps.config.databaseUrl, ...options.worker },
  );
  let started = false;
  return {
    worker,
    clock,
    notify: () => worker.notify(),
    start() {
      if (options.startWorker === false || started) return;
      started = true;
      worker.start();
      // A page must not be the first to find out that the SMS account refuses us.
      void checkSmsAccount({
        db: deps.db,
        sms,
        jobs: deps.jobs,
        warnBelow: deps.config.sms.creditWarnBelow,
        log: deps.log,
      }).catch((error: unknown) => deps.log.error({ err: error }, 'SMS account check failed'));
    },
    async close() {
      await worker.stop();
    },
  };
}
