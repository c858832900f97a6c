/**
 * Submission limits: leads per client IP and per e-mail address in a sliding minute, counted in
 * the database so every server copy shares them (server/db/sliding-window.ts).
 */
import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import { clientKey } from '../plugins/client-key.ts';
import { normaliseEmail } from '../../domain/person.ts';

export const submissionWindowMs = 60_000;

export interface SubmissionLimits {
  /** Leads per client IP per sliding minute; 0 = no limit. */
  perIp: number;
  /** Leads per e-mail address (normalised, see normaliseEmail) per sliding minute; 0 = no limit. */
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

/** Per client (IPv4 address or IPv6 /64): a /64 is one household or phone, not 2^64 senders. */
export function ipKey(ip: string): string {
  return `lead-ip:${clientKey(ip)}`;
}

/** The address is hashed: the counters hold no e-mail address in the clear. */
export function emailKey(email: string): string {
  return `lead-email:${createHash('sha256').update(normaliseEmail(email)).digest('base64url')}`;
}
