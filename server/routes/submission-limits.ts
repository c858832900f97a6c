import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManySubmissionsMessage } from '../../domain/spam.ts';
import type { Config } from '../config.ts';
import type { SqlClient } from '../db/client.ts';
import { countInWindow, ipKey, submissionLimits, submissionWindowMs } from '../services/rate-limit.ts';

/**
 * Largest JSON body a lead may have. Photos travel through their own upload URLs, so a lead is
 * text only: the longest form (the damage report, description up to 5,000 characters, ten upload
 * URLs) stays far below this even in multi-byte UTF-8 or with every character escaped.
 */
export const leadBodyLimitBytes = 64 * 1024;

export interface SubmissionLimitDeps {
  config: Pick<Config, 'submissionRateLimitPerMinute'>;
  sql: SqlClient;
}

/** 429 with Retry-After (seconds until one more fits the sliding window) and the Danish message the forms show. */
export function refuseSubmission(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .header('cache-control', 'no-store')
    .send({ message: tooManySubmissionsMessage });
}

/**
 * onRequest hook of the lead routes: counts every attempt per client IP (request.ip: the
 * X-Forwarded-For client when TRUST_PROXY=true) before the body is read, and refuses the ones
 * over the limit.
 */
export function limitSubmissionsPerIp(deps: SubmissionLimitDeps) {
  const { perIp } = submissionLimits(deps.config);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (perIp <= 0) return;
    const counted = await countInWindow(deps.sql, ipKey(request.ip), new Date(), submissionWindowMs, {
      limit: perIp,
    });
    if (counted.count > perIp) {
      request.log.info({ ip: request.ip, count: counted.count }, 'lead refused: too many from this IP');
      return refuseSubmission(reply, counted.retryAfterSeconds);
    }
  };
}
