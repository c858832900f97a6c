import type { Config } from '../config.ts';

/**
 * Largest JSON body a lead may have. Photos travel through their own upload URLs, so a lead is
 * text only: the longest form (the damage report, description up to 5,000 characters, ten upload
 * URLs) stays far below this even in multi-byte UTF-8 or with every character escaped.
 */
export const leadBodyLimitBytes = 64 * 1024;

/** Per-IP limit for lead submissions; none when RATE_LIMIT_SUBMISSIONS_PER_MINUTE=0. */
export function submissionRateLimit(config: Pick<Config, 'submissionRateLimitPerMinute'>): {
  rateLimit?: { max: number; timeWindow: string };
} {
  const max = config.submissionRateLimitPerMinute;
  return max > 0 ? { rateLimit: { max, timeWindow: '1 minute' } } : {};
}
