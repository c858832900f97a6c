/**
 * The app's mail: transport (SMTP or .eml files) plus the outbox worker. Created by buildApp;
 * queuing a mail job (server/mail/outbox.ts) wakes its worker after the commit.
 */
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { workerService, type WorkerService } from '../queue/worker-loop.ts';
import { createMailWorker, type MailWorker, type MailWorkerOptions, type WorkerLog } from './worker.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { composeMail, loadMailRows, type MailComposers } from './compose.ts';
import { createMailTransport, type MailTransport } from './transport.ts';

/** The worker service (server/queue/worker-loop.ts); closing it closes the transport too. */
export interface MailService extends WorkerService {
  transport: MailTransport;
  worker: MailWorker;
}

export interface MailServiceOptions {
  /** Default true; tests drive the worker with worker.runDueJobs() instead. */
  startWorker?: boolean;
  /** Where the resource PDFs are (default build/resources). */
  pdfDir?: string;
  /** Replace the transport (default: SMTP_URL or .eml files in DATA_DIR/mail). */
  transport?: MailTransport;
  now?: () => Date;
  worker?: Partial<MailWorkerOptions>;
}

export function createMailService(
  deps: {
    config: Pick<Config, 'mail' | 'dataDir' | 'publicUrl' | 'databaseUrl'> &
      Partial<Pick<Config, 'signingSecret' | 'fileCopiesKeepLinks' | 'priceInfo'>>;
    db: Db;
    storage: Pick<ObjectStore, 'get' | 'signedReadUrl'>;
    /** A composer per mail kind, from the features that queue them (server/mail-composers.ts). */
    composers: MailComposers;
    log: WorkerLog;
  },
  options: MailServiceOptions = {},
): MailService {
  const { config } = deps;
  const transport =
    options.transport ??
    createMailTransport({
      smtpUrl: config.mail.smtpUrl,
      emlDir: join(config.dataDir, 'mail'),
      keepLinks: config.fileCopiesKeepLinks ?? false,
    });
  const composeDeps = {
    db: deps.db,
    storage: deps.storage,
    mail: config.mail,
    publicUrl: config.publicUrl,
    ...(config.priceInfo ? { priceInfo: config.priceInfo } : {}),
    ...(config.signingSecret ? { signingSecret: config.signingSecret } : {}),
    pdfDir: options.pdfDir,
    ...(options.now ? { now: options.now } : {}),
  };
  const worker = createMailWorker(
    {
      db: deps.db,
      prepareRound: async (jobs) => {
        const rows = await loadMailRows(deps.db, deps.composers, jobs);
        return (job) => composeMail(deps.composers, composeDeps, job, rows);
      },
      send: (mail) => transport.send(mail),
      log: deps.log,
      ...(options.now ? { now: options.now } : {}),
    },
    // Without DATABASE_URL the database is this process's own PGlite: no other worker shares it.
    { exclusive: !config.databaseUrl, ...options.worker },
  );
  return {
    transport,
    worker,
    ...workerService(worker, { startWorker: options.startWorker, afterStop: () => transport.close() }),
  };
}

/** The store as the mail service needs it, resolved at send time (the app creates both together). */
export function lazyStorage(
  get: () => Pick<ObjectStore, 'get' | 'signedReadUrl'>,
): Pick<ObjectStore, 'get' | 'signedReadUrl'> {
  return {
    get: (key) => get().get(key),
    signedReadUrl: (key, ttlSeconds) => get().signedReadUrl(key, ttlSeconds),
  };
}
