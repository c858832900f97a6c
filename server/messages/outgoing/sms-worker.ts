/**
 * The SMS copies of our messages to customers (named job 'messages.sms'): lead_message_sms rows
 * claimed with FOR UPDATE SKIP LOCKED and a lease (server/queue/job-table.ts), sent one at a time
 * through the same gateway as the on-call SMS, and marked sent right after the gateway took them
 * (server/sms/row-sender.ts, shared with the on-call SMS): only a crash in between can send one
 * twice. A gateway that fails is tried again with growing pauses (server/queue/backoff.ts); after
 * `giveUpAfterMs` the SMS is given up, since the message stands on the case page and in the
 * e-mail anyway. The case link is made at each attempt
 * (keyed by the row's id, so a retry replaces its own token), so the row never holds a link.
 */
import { customerSmsText, type SmsAnswerRoute } from '../../../domain/sms-parts.ts';
import type { Db } from '../../db/client.ts';
import { leadMessageSms } from '../../db/schema.ts';
import { backoffSteps } from '../../queue/backoff.ts';
import { claimDue, errorText, releaseLeftLeases } from '../../queue/job-table.ts';
import { createJobLoop, type LoopLog } from '../../queue/worker-loop.ts';
import { failedSend, recordFailedSend, sendSmsRow } from '../../sms/row-sender.ts';
import type { SmsTransport } from '../../sms/transport.ts';
import { messageCaseLink } from './message-mail.ts';

export interface MessageSmsLog extends LoopLog {
  warn(obj: object, msg: string): void;
}

export interface MessageSmsDeps {
  db: Db;
  /** The gateway, read when sending (the app's SMS transport). */
  sms: () => SmsTransport;
  clock: () => Date;
  publicUrl: string;
  /** Where the SMS says to answer: by SMS, or on the case page (domain/sms-parts.ts). */
  answers?: SmsAnswerRoute;
  log: MessageSmsLog;
}

export interface MessageSmsOptions {
  pollIntervalMs: number;
  leaseMs: number;
  batchSize: number;
  retryDelaysMs: readonly number[];
  giveUpAfterMs: number;
  /** The only worker on its database (PGlite): leases found at start belong to a gone process. */
  exclusive: boolean;
}

export const defaultMessageSmsOptions: MessageSmsOptions = {
  pollIntervalMs: 2_000,
  leaseMs: 30_000,
  batchSize: 20,
  retryDelaysMs: backoffSteps['messages.sms'],
  giveUpAfterMs: 6 * 60 * 60_000,
  exclusive: false,
};

export interface MessageSmsWorker {
  start(): void;
  stop(): Promise<void>;
  wake(): void;
  /** True while the loop runs (started, not stopped). */
  running(): boolean;
  /** One round at `now` (tests drive the worker with this). */
  runDue(now?: Date): Promise<{ sent: number; failed: number }>;
}

type SmsRow = typeof leadMessageSms.$inferSelect;

/** The SMS as the customer reads it: our text, then the link to the case page (counted as one). */
export const messageSmsText = customerSmsText;

export function createMessageSmsWorker(
  deps: MessageSmsDeps,
  options: Partial<MessageSmsOptions> = {},
): MessageSmsWorker {
  const settings = { ...defaultMessageSmsOptions, ...options };

  async function recordFailure(row: SmsRow, error: unknown, now: Date): Promise<void> {
    const failed = failedSend(row, now, settings.retryDelaysMs);
    const giveUp = failed.failingMs >= settings.giveUpAfterMs;
    await recordFailedSend(deps.db, leadMessageSms, row, { error, send: failed, giveUp });
    const details = { smsId: row.id, leadId: row.leadId, attempts: failed.attempts, err: errorText(error) };
    if (giveUp) deps.log.error(details, 'message SMS not delivered: gave up');
    else deps.log.warn(details, 'message SMS not sent, will retry');
  }

  async function send(row: SmsRow, now: Date): Promise<boolean> {
    const outcome = await sendSmsRow({ ...deps, sms: deps.sms() }, row, {
      table: leadMessageSms,
      label: 'message SMS',
      message: async () => {
        const link = await messageCaseLink(deps.db, deps.publicUrl, row.leadId, row.id);
        return { to: row.phone, text: messageSmsText(row.body, link, deps.answers), reference: row.id };
      },
      onFailure: (error) => recordFailure(row, error, now),
    });
    return outcome.sent;
  }

  async function runDue(now: Date = deps.clock()) {
    const result = { sent: 0, failed: 0 };
    const rows = await claimDue(deps.db, leadMessageSms, {
      now,
      leaseMs: settings.leaseMs,
      batchSize: settings.batchSize,
    });
    // One at a time: a crash between the gateway's acceptance and the "sent" record repeats one SMS at most.
    for (const row of rows) {
      if (await send(row, now)) result.sent++;
      else result.failed++;
    }
    return result;
  }

  const loop = createJobLoop({
    name: 'message SMS worker',
    pollIntervalMs: settings.pollIntervalMs,
    settleMs: 50,
    round: async () => {
      const result = await runDue();
      return { busy: result.sent + result.failed >= settings.batchSize };
    },
    beforeFirstRound: settings.exclusive
      ? async () => void (await releaseLeftLeases(deps.db, leadMessageSms))
      : undefined,
    log: deps.log,
  });

  return { start: loop.start, stop: loop.stop, wake: loop.wake, running: loop.running, runDue };
}
