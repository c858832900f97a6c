import { limits } from '../../domain/constants.ts';
import type { Config } from '../config.ts';

/**
 * Body limit of POST /api/contact: a damage report may carry 10 images of 10 MB as base64 data
 * URLs (4/3 of the bytes) plus its text. Every other JSON route keeps the small default.
 */
export const contactBodyLimit =
  limits.reportMaxImages * (Math.ceil(limits.maxImageBytes / 3) * 4 + 64) + 1024 * 1024;

/** Per-IP limit for lead submissions; none when RATE_LIMIT_SUBMISSIONS_PER_MINUTE=0. */
export function submissionRateLimit(config: Pick<Config, 'submissionRateLimitPerMinute'>): {
  rateLimit?: { max: number; timeWindow: string };
} {
  const max = config.submissionRateLimitPerMinute;
  return max > 0 ? { rateLimit: { max, timeWindow: '1 minute' } } : {};
}
