/**
 * The app's messages to customers: the SMS worker of 'messages.sms' (the e-mails go through the
 * mail outbox). Created by buildApp with the app's SMS transport.
 */
import { smsAnswerRoute } from '../../../domain/sms-parts.ts';
import type { SmsTransport } from '../../sms/transport.ts';
import type { Db } from '../../db/client.ts';
import { workerService, type WorkerService } from '../../queue/worker-loop.ts';
import {
  createMessageSmsWorker,
  type MessageSmsLog,
  type MessageSmsOptions,
  type MessageSmsWorker,
} from './sms-worker.ts';

export interface MessageService extends WorkerService {
  worker: MessageSmsWorker;
}

export interface MessageServiceOptions {
  /** Default true; tests drive the worker with worker.runDue() instead. */
  startWorker?: boolean;
  clock?: () => Date;
  worker?: Partial<MessageSmsOptions>;
}

export function createMessageService(
  deps: {
    config: {
      publicUrl: string;
      databaseUrl?: string | undefined;
      sms: { sender: string; webhookSecret: string | null };
    };
    db: Db;
    sms: () => SmsTransport;
    log: MessageSmsLog;
  },
  options: MessageServiceOptions = {},
): MessageService {
  const worker = createMessageSmsWorker(
    {
      db: deps.db,
      sms: deps.sms,
      clock: options.clock ?? (() => new Date()),
      publicUrl: deps.config.publicUrl,
      answers: smsAnswerRoute(deps.config.sms),
      log: deps.log,
    },
    // Without DATABASE_URL the database is this process's own PGlite: no other worker shares it.
    { exclusive: !deps.config.databaseUrl, ...options.worker },
  );
  return { worker, ...workerService(worker, { startWorker: options.startWorker }) };
}
