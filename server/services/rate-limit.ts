/**
 * Submission limits shared by every server copy: counters in the database (rate_limit_counters),
 * one row per key and fixed one-minute window, raised with a single upsert that returns the new
 * count. Old rows are deleted by the daily retention job.
 */
import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import type { SqlClient, Statement } from '../db/client.ts';

export const submissionWindowMs = 60_000;

const countStatement: Statement = {
  name: 'count_submission',
  text: `insert into rate_limit_counters (key, window_start, count) values ($1, $2, 1)
    on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
    returning count`,
};

export interface WindowCount {
  /** Submissions under this key in the current window, this one included. */
  count: number;
  /** Whole seconds until the window ends (at least 1): the Retry-After of a refusal. */
  retryAfterSeconds: number;
}

/** Counts one submission under `key` in the fixed window that holds `now`. */
export async function countInWindow(
  sql: SqlClient,
  key: string,
  now: Date,
  windowMs: number = submissionWindowMs,
): Promise<WindowCount> {
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const rows = await sql.query<{ count: number }>(countStatement, [key, new Date(windowStart)]);
  return {
    count: Number(rows[0]?.count ?? 0),
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now.getTime()) / 1000)),
  };
}

export interface SubmissionLimits {
  /** Leads per client IP per window; 0 = no limit. */
  perIp: number;
  /** Leads per e-mail address (lower-cased) per window; 0 = no limit. */
  perEmail: number;
}

/**
 * RATE_LIMIT_SUBMISSIONS_PER_MINUTE per client IP, and half of it (rounded up) per e-mail
 * address: a person sends one lead at a time, while a bot that changes IPs often keeps its address.
 */
export function submissionLimits(config: Pick<Config, 'submissionRateLimitPerMinute'>): SubmissionLimits {
  const perIp = config.submissionRateLimitPerMinute;
  return { perIp, perEmail: Math.ceil(perIp / 2) };
}

export function ipKey(ip: string): string {
  return `lead-ip:${ip}`;
}

/** The address is hashed: the counters hold no e-mail address in the clear. */
export function emailKey(email: string): string {
  return `lead-email:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
}
