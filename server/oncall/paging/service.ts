/**
 * The app's on-call paging: SMS transport plus the paging worker (server/oncall/paging/worker.ts).
 * Created by buildApp; createLead wakes it after storing an emergency.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobName } from '../../queue/jobs.ts';
import { createSmsTransport } from '../../sms/create-transport.ts';
import type { SmsTransport } from '../../sms/transport.ts';
import { checkSmsAccount } from './sms-account.ts';
import { createOncallWorker, type OncallLog, type OncallWorker, type OncallWorkerOptions } from './worker.ts';

export interface OncallService {
  sms: SmsTransport;
  worker: OncallWorker;
  clock: () => Date;
  notify(): void;
  start(): void;
  close(): Promise<void>;
}

export interface OncallServiceOptions {
  /** Default true; tests drive the worker with worker.runDue() instead. */
  startWorker?: boolean;
  sms?: SmsTransport;
  clock?: () => Date;
  worker?: Partial<OncallWorkerOptions>;
}

export function createOncallService(
  deps: {
    config: Pick<
      Config,
      'sms' | 'dataDir' | 'publicUrl' | 'signingSecret' | 'oncall' | 'databaseUrl' | 'surge'
    >;
    db: Db;
    jobs: { notify(...names: JobName[]): void };
    log: OncallLog;
  },
  options: OncallServiceOptions = {},
): OncallService {
  const sms = options.sms ?? createSmsTransport(deps.config, deps.log);
  const clock = options.clock ?? (() => new Date());
  const worker = createOncallWorker(
    { db: deps.db, sms, jobs: deps.jobs, clock, config: deps.config, log: deps.log },
    // Without DATABASE_URL the database is this process's own PGlite: no other worker shares it.
    { exclusive: !deps.config.databaseUrl, ...options.worker },
  );
  let started = false;
  return {
    sms,
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
