/**
 * Sending one claimed SMS row, written once for every table of SMS to send (the on-call SMS, the
 * SMS copies of messages to customers): each is a job table (server/queue/job-table.ts) with
 * `phone`, `first_failed_at`, `sent_at` and `provider_ids` besides the engine's columns.
 *
 * A row is marked sent right after the provider accepted it: only a crash in between (or a
 * provider that took it and then failed to answer) can send it twice, and a failed "sent" record
 * is logged as such. A failed send is the caller's to judge (retry, give up, fall back); the
 * retry's timing and the failed attempt's columns are the same for all.
 */
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { backoffDelayMs } from '../queue/backoff.ts';
import { failedAttempt, type JobTable } from '../queue/job-table.ts';
import type { SmsMessage, SmsTransport } from './transport.ts';

/** The columns every SMS table has besides the engine's (drizzle property names). */
export type SmsRowTable = JobTable & {
  firstFailedAt: PgColumn;
  sentAt: PgColumn;
  providerIds: PgColumn;
};

/** What the sender reads of a row. */
export interface SmsRow {
  id: string;
  attempts: number;
  firstFailedAt: Date | null;
}

export interface SmsRowSenderDeps {
  db: DbOrTx;
  sms: SmsTransport;
  clock: () => Date;
  log: { error(obj: object, msg: string): void };
}

/**
 * Sends `row` as `message()` says (a message that cannot be made counts as a failed send) and
 * records it sent, with `sentColumns` besides; on failure returns what `onFailure` made of it.
 */
export async function sendSmsRow<Failure>(
  deps: SmsRowSenderDeps,
  row: SmsRow,
  options: {
    table: SmsRowTable;
    /** What the log calls the SMS ('on-call SMS'). */
    label: string;
    message: () => SmsMessage | Promise<SmsMessage>;
    sentColumns?: Record<string, unknown>;
    onFailure: (error: unknown) => Promise<Failure>;
  },
): Promise<{ sent: true } | { sent: false; failure: Failure }> {
  const { table } = options;
  let ids: string[];
  try {
    ({ ids } = await deps.sms.send(await options.message()));
  } catch (error) {
    return { sent: false, failure: await options.onFailure(error) };
  }
  try {
    await deps.db
      .update(table as PgTable)
      .set({
        status: 'sent',
        ...options.sentColumns,
        sentAt: deps.clock(),
        providerIds: ids.join(',').slice(0, 500),
        attempts: row.attempts + 1,
        lockedUntil: null,
      } as never)
      .where(and(eq(table.id, row.id), eq(table.status, 'pending')));
  } catch (error) {
    deps.log.error(
      { err: error, smsId: row.id },
      `${options.label} sent but not recorded: it may be sent again`,
    );
  }
  return { sent: true };
}

/** A failed send of `row` at `now`: its count, since when it fails and when to try again. */
export interface FailedSend {
  attempts: number;
  firstFailedAt: Date;
  /** How long the row has been failing, `now` included. */
  failingMs: number;
  retryAt: Date;
}

export function failedSend(row: SmsRow, now: Date, retryDelaysMs: readonly number[]): FailedSend {
  const firstFailedAt = row.firstFailedAt ?? now;
  const attempts = row.attempts + 1;
  return {
    attempts,
    firstFailedAt,
    failingMs: now.getTime() - firstFailedAt.getTime(),
    retryAt: new Date(now.getTime() + backoffDelayMs(retryDelaysMs, attempts)),
  };
}

/**
 * Records a failed send on the row while it is still pending: due again at `retryAt`, or, given
 * up, failed (with `columns` besides, either way). False when the row was no longer pending.
 */
export async function recordFailedSend(
  db: DbOrTx,
  table: SmsRowTable,
  row: SmsRow,
  failure: { error: unknown; send: FailedSend; giveUp: boolean; columns?: Record<string, unknown> },
): Promise<boolean> {
  const { send } = failure;
  const updated = await db
    .update(table as PgTable)
    .set({
      ...failedAttempt(send.attempts, failure.error, send.retryAt),
      firstFailedAt: send.firstFailedAt,
      ...(failure.giveUp ? { status: 'failed' } : {}),
      ...failure.columns,
    } as never)
    .where(and(eq(table.id, row.id), eq(table.status, 'pending')))
    .returning({ id: table.id });
  return updated.length > 0;
}
