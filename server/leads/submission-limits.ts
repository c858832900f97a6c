import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManySubmissionsMessage } from '../../domain/spam.ts';
import type { Config } from '../config.ts';
import type { SqlClient } from '../db/client.ts';
import { countInWindow } from '../db/sliding-window.ts';
import { errorStatuses } from '../plugins/error-codes.ts';
import { ipKey, submissionLimits, submissionWindowMs } from './rate-limit.ts';

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
    .status(errorStatuses['submissions-over-limit'])
    .header('retry-after', String(retryAfterSeconds))
    .header('cache-control', 'no-store')
    .send({ message: tooManySubmissionsMessage });
}

/**
 * Counts one attempt to send a lead from this client IP (request.ip: the X-Forwarded-For client
 * when TRUST_PROXY=true); over the limit, the seconds until one more fits, otherwise null.
 */
export async function countSubmissionFromIp(
  deps: SubmissionLimitDeps,
  request: FastifyRequest,
): Promise<number | null> {
  const { perIp } = submissionLimits(deps.config);
  if (perIp <= 0) return null;
  const counted = await countInWindow(deps.sql, ipKey(request.ip), new Date(), submissionWindowMs, {
    limit: perIp,
  });
  if (counted.count <= perIp) return null;
  request.log.info({ ip: request.ip, count: counted.count }, 'lead refused: too many from this IP');
  return counted.retryAfterSeconds;
}

/**
 * onRequest hook of the lead API's routes: counts every attempt per client IP before the body is
 * read, and refuses the ones over the limit.
 */
export function limitSubmissionsPerIp(deps: SubmissionLimitDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const retryAfterSeconds = await countSubmissionFromIp(deps, request);
    if (retryAfterSeconds !== null) return refuseSubmission(reply, retryAfterSeconds);
  };
}
