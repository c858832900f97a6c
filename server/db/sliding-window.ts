/**
 * Counters shared by every server copy: rows in the database (rate_limit_counters), one per key
 * and fixed window, raised with a single statement that also reads the window before. A limit
 * holds over a sliding window: the previous window's count weighs by the share of it still inside
 * the sliding window (so a burst at the end of one minute and the start of the next counts as one
 * burst). Old rows are deleted by the daily retention job.
 */
import type { SqlClient, Statement } from './client.ts';

const minuteMs = 60_000;

const countStatement: Statement = {
  name: 'count_in_sliding_window',
  text: `with counted as (
      insert into rate_limit_counters (key, window_start, count) values ($1, $2, $4)
      on conflict (key, window_start) do update set count = rate_limit_counters.count + excluded.count
      returning count
    )
    select (select count from counted) as current,
      coalesce((select count from rate_limit_counters where key = $1 and window_start = $3), 0) as previous`,
};

export interface WindowCount {
  /** What counts under this key in the sliding window ending now, this one included (rounded up). */
  count: number;
  /** Whole seconds until one more would be within the limit given (at least 1): a refusal's Retry-After. */
  retryAfterSeconds: number;
}

/**
 * The weighted count of a sliding window of `windowMs` ending `elapsedMs` into the current fixed
 * window, from the counts of the current and the previous fixed window.
 */
export function slidingCount(previous: number, current: number, elapsedMs: number, windowMs: number): number {
  return previous * Math.max(0, 1 - elapsedMs / windowMs) + current;
}

/**
 * How long until the sliding count leaves room for `amount` more under `limit`, if nothing else
 * arrives: seconds, at least 1.
 */
export function secondsUntilRoom(
  counts: { previous: number; current: number; elapsedMs: number },
  limit: number,
  windowMs: number,
  amount = 1,
): number {
  const room = limit - amount;
  const { previous, current, elapsedMs } = counts;
  let waitMs: number;
  if (current <= room && previous > 0) {
    // Within this window: previous · (1 − (elapsed + t)/W) + current ≤ room.
    waitMs = windowMs * (1 - (room - current) / previous) - elapsedMs;
  } else if (current <= room) {
    waitMs = 0;
  } else {
    // Not before the next window, where this window's count fades in turn.
    const untilNext = windowMs - elapsedMs;
    waitMs = untilNext + (room >= 0 ? windowMs * (1 - room / current) : windowMs);
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/**
 * Adds `amount` (default 1) under `key` at `now` and returns the sliding count of the window
 * ending now. `limit` only shapes the Retry-After.
 */
export async function countInWindow(
  sql: SqlClient,
  key: string,
  now: Date,
  windowMs: number = minuteMs,
  options: { amount?: number; limit?: number } = {},
): Promise<WindowCount> {
  const amount = options.amount ?? 1;
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const rows = await sql.query<{ current: number; previous: number }>(countStatement, [
    key,
    new Date(windowStart),
    new Date(windowStart - windowMs),
    amount,
  ]);
  const counts = {
    current: Number(rows[0]?.current ?? 0),
    previous: Number(rows[0]?.previous ?? 0),
    elapsedMs: now.getTime() - windowStart,
  };
  const count = Math.ceil(slidingCount(counts.previous, counts.current, counts.elapsedMs, windowMs) - 1e-9);
  // The wait until one more attempt would be within the limit, if nothing else arrives.
  return { count, retryAfterSeconds: secondsUntilRoom(counts, options.limit ?? count, windowMs) };
}
