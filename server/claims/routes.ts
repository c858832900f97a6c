/**
 * The counted figures (server/claims/claims.ts) as served:
 * - GET /api/tal, public: { satisfiedPercent, answers, since, handledCases, handledSince }. They
 *   change at most once an hour, so a browser or proxy may keep an answer for an hour.
 * - In the pages: they are built saying what we do (domain/claims.ts, unmeasuredClaims); the
 *   server has them say what is counted, with its basis, in the HTML and in the page data the
 *   browser hydrates from, by the same swaps as surge mode's wait (server/static/routes.ts,
 *   PageHooks.notice). No script plays a part.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { claimSwaps } from '../../domain/claims.ts';
import { errorBodySchema } from '../plugins/errors.ts';
import type { PageHooks } from '../static/routes.ts';
import type { ClaimsService } from './claims.ts';

export const claimsCacheControl = 'public, max-age=3600';

const day = z.iso.date().nullable();
export const claimFiguresAnswer = z.object({
  satisfiedPercent: z.number().int().min(0).max(100).nullable(),
  answers: z.number().int().min(0),
  since: day,
  handledCases: z.number().int().min(0),
  handledSince: day,
});

export async function claimsRoutes(app: FastifyInstance, deps: { claims: ClaimsService }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/tal',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { response: { 200: claimFiguresAnswer, 503: errorBodySchema } },
    },
    async (_request, reply) => {
      const figures = await deps.claims.current();
      if (!figures)
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .header('retry-after', '60')
          .send({ message: 'Tallene kan ikke tælles lige nu. Prøv igen om lidt.' });
      return reply.header('cache-control', claimsCacheControl).send(figures);
    },
  );
}

export function withClaimedFigures(hooks: PageHooks, claims: Pick<ClaimsService, 'current'>): PageHooks {
  return {
    ...hooks,
    async notice() {
      const [notice, figures] = await Promise.all([hooks.notice?.() ?? null, claims.current()]);
      const swaps = figures ? claimSwaps(figures) : [];
      if (swaps.length === 0) return notice;
      return { html: notice?.html ?? '', swaps: [...(notice?.swaps ?? []), ...swaps] };
    },
  };
}
