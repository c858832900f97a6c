/**
 * GET /v/:id: the short link of an on-call SMS (server/oncall/paging/short-link.ts). It redirects (303)
 * to the signed page or queue link it stands for; unknown → 403, expired → 410, disabled account
 * → 403, as the signed links answer. A GET changes nothing, so an SMS app's preview is harmless.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ackProblemPage } from './ack-page.ts';
import { send, type OncallAckRouteDeps } from './ack-routes.ts';
import { isActiveStaff } from '../paging/disabled-staff.ts';
import { resolveShortLink, shortPathPrefix } from '../paging/short-link.ts';
import { pageAnswers } from '../../plugins/edge-schemas.ts';

export async function oncallShortLinkRoutes(app: FastifyInstance, deps: OncallAckRouteDeps): Promise<void> {
  const { config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const routeOptions = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
  const schema = { params: z.object({ id: z.string() }), response: pageAnswers(303, 403, 404, 410) };
  api.get(`${shortPathPrefix}:id`, { ...routeOptions, schema }, async (request, reply) => {
    const now = deps.oncall.clock();
    const link = await resolveShortLink(deps.db, config.signingSecret, request.params.id, now);
    if (link.status !== 'ok') return send(reply, config, ackProblemPage(link.status));
    if (!(await isActiveStaff(deps.db, link.userId))) return send(reply, config, ackProblemPage('disabled'));
    return reply
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .redirect(link.path, 303);
  });
}
