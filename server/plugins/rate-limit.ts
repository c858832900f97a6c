/**
 * Rate limiting, opt-in per route (global: false). A route opts in with its own limits:
 *
 *   app.post('/api/contact', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, handler)
 *
 * Keyed by client (./client-key.ts: an IPv4 address or an IPv6 /64 of request.ip, the
 * X-Forwarded-For client when TRUST_PROXY=true). The counters
 * are per server copy (in memory); behind several copies the effective limit is multiplied.
 * Over the limit → 429 `{ message }` in Danish (errors.ts).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { clientKey } from './client-key.ts';
import { messages } from './errors.ts';

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: messages.tooManyRequests,
    }),
  });
}
