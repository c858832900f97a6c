/**
 * The app's on-call paging: SMS transport plus the paging worker (server/oncall/worker.ts).
 * Created by buildApp; createLead wakes it after storing an emergency.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createSmsTransport } from '../sms/create-transport.ts';
import type { SmsTransport } from '../sms/transport.ts';
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
    config: Pick<Config, 'sms' | 'dataDir' | 'publicUrl' | 'signingSecret' | 'oncall' | 'databaseUrl'>;
    db: Db;
    mail: { notify(): void };
    log: OncallLog;
  },
  options: OncallServiceOptions = {},
): OncallService {
  const sms = options.sms ?? createSmsTransport(deps.config, deps.log);
  const clock = options.clock ?? (() => new Date());
  const worker = createOncallWorker(
    { db: deps.db, sms, mail: deps.mail, clock, config: deps.config, log: deps.log },
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
    },
    async close() {
      await worker.stop();
    },
  };
}

/**
 * Fastify plugin: starts the paging worker when the app is ready and stops it on close
 * (finishing the round in progress) before the database closes.
 */
export async function oncallWorkerJob(
  app: { addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown },
  deps: { oncall: { start(): void; close(): Promise<void> } },
): Promise<void> {
  app.addHook('onReady', async () => {
    deps.oncall.start();
  });
  app.addHook('onClose', async () => {
    await deps.oncall.close();
  });
}
