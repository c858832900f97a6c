/**
 * The SMS copies of our messages to customers (named job 'messages.sms'): lead_message_sms rows
 * claimed with FOR UPDATE SKIP LOCKED and a lease (server/queue/job-table.ts), sent one at a time
 * through the same gateway as the on-call SMS, and marked sent right after the gateway took them:
 * only a crash in between can send one twice. A gateway that fails is tried again with growing
 * pauses (server/queue/backoff.ts); after `giveUpAfterMs` the SMS is given up, since the message
 * stands on the case page and in the e-mail anyway. The case link is made at each attempt
 * (keyed by the row's id, so a retry replaces its own token), so the row never holds a link.
 */
import { and, eq } from 'drizzle-orm';
import { customerSmsText, type SmsAnswerRoute } from '../../../domain/sms-parts.ts';
import type { Db } from '../../db/client.ts';
import { leadMessageSms } from '../../db/schema.ts';
import { backoffDelayMs, backoffSteps } from '../../queue/backoff.ts';
import { claimDue, errorText, failedAttempt, releaseLeftLeases } from '../../queue/job-table.ts';
import { createJobLoop, type LoopLog } from '../../queue/worker-loop.ts';
import type { SmsTransport } from '../../sms/transport.ts';
import { messageCaseLink } from './message-mail.ts';

export interface MessageSmsLog extends LoopLog {
  warn(obj: object, msg: string): void;
}

export interface MessageSmsDeps {
  db: Db;
  /** The gateway, read when sending (the app creates it with the on-call service). */
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
  notify(): void;
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
    const firstFailedAt = row.firstFailedAt ?? now;
    const giveUp = now.getTime() - firstFailedAt.getTime() >= settings.giveUpAfterMs;
    const attempts = row.attempts + 1;
    const retryAt = new Date(now.getTime() + backoffDelayMs(settings.retryDelaysMs, attempts));
    await deps.db
      .update(leadMessageSms)
      .set({
        ...failedAttempt(attempts, error, retryAt),
        firstFailedAt,
        ...(giveUp ? { status: 'failed' as const } : {}),
      })
      .where(and(eq(leadMessageSms.id, row.id), eq(leadMessageSms.status, 'pending')));
    const details = { smsId: row.id, leadId: row.leadId, attempts, err: errorText(error) };
    if (giveUp) deps.log.error(details, 'message SMS not delivered: gave up');
    else deps.log.warn(details, 'message SMS not sent, will retry');
  }

  async function send(row: SmsRow, now: Date): Promise<boolean> {
    let ids: string[];
    try {
      const link = await messageCaseLink(deps.db, deps.publicUrl, row.leadId, row.id);
      ({ ids } = await deps
        .sms()
        .send({ to: row.phone, text: messageSmsText(row.body, link, deps.answers), reference: row.id }));
    } catch (error) {
      await recordFailure(row, error, now);
      return false;
    }
    try {
      await deps.db
        .update(leadMessageSms)
        .set({
          status: 'sent',
          sentAt: deps.clock(),
          providerIds: ids.join(',').slice(0, 500),
          attempts: row.attempts + 1,
          lockedUntil: null,
        })
        .where(and(eq(leadMessageSms.id, row.id), eq(leadMessageSms.status, 'pending')));
    } catch (error) {
      deps.log.error(
        { err: error, smsId: row.id },
        'message SMS sent but not recorded: it may be sent again',
      );
    }
    return true;
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

  return { start: loop.start, stop: loop.stop, notify: loop.notify, running: loop.running, runDue };
}
