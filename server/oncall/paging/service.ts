/**
 * The app's on-call paging: the paging worker (server/oncall/paging/worker.ts), sending through the app's
 * SMS transport. Created by buildApp; createLead wakes it after storing an emergency.
 */
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { oncallPages } from '../../db/schema.ts';
import type { JobPayloads } from '../../queue/jobs.ts';
import { workerService, type WorkerService } from '../../queue/worker-loop.ts';
import type { SmsTransport } from '../../sms/transport.ts';
import { checkSmsAccount } from './sms-account.ts';
import { createOncallWorker, type OncallLog, type OncallWorker, type OncallWorkerOptions } from './worker.ts';

export interface OncallService extends WorkerService {
  worker: OncallWorker;
  clock: () => Date;
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
    log: OncallLog;
  },
  options: OncallServiceOptions = {},
): OncallService {
  const { sms } = deps;
  const clock = options.clock ?? (() => new Date());
  const worker = createOncallWorker(
    { db: deps.db, sms, clock, config: deps.config, log: deps.log },
    // Without DATABASE_URL the database is this process's own PGlite: no other worker shares it.
    { exclusive: !deps.config.databaseUrl, ...options.worker },
  );
  return {
    worker,
    clock,
    ...workerService(worker, {
      startWorker: options.startWorker,
      // A page must not be the first to find out that the SMS account refuses us.
      afterStart: () =>
        void checkSmsAccount({
          db: deps.db,
          sms,
          warnBelow: deps.config.sms.creditWarnBelow,
          log: deps.log,
        }).catch((error: unknown) => deps.log.error({ err: error }, 'SMS account check failed')),
    }),
  };
}

/**
 * Writes an emergency's on-call page in the caller's transaction (the lead service queues it by
 * name, server/queue/jobs.ts): due at once, the worker takes it from there.
 */
export async function writePage(tx: DbOrTx, payload: JobPayloads['oncall.page']): Promise<void> {
  await tx.insert(oncallPages).values({ leadId: payload.leadId });
}
