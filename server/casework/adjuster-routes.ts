/**
 * The loss adjuster in the staff API: give a lead's adjuster a link to /taksator/<token> (a
 * koordinator, or the staff member the lead is assigned to), revoke it, list the lead's links; read
 * the adjuster's thread and answer it. The page itself is server/casework/adjuster/page-routes.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adjusterLinkAnswer,
  adjusterLinkBody,
  adjusterLinkParams,
  adjusterLinksAnswer,
  adjusterReplyAnswer,
  adjusterReplyBody,
  adjusterThreadAnswer,
} from '../../domain/staff-api/adjuster.ts';
import { leadParams } from '../../domain/staff-api/leads.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../plugins/errors.ts';
import { actorOf, staffMessages } from '../staff/session.ts';
import {
  adjusterLinksOf,
  createAdjusterLink,
  revokeAdjusterLink,
  type ActingStaff,
} from './adjuster/adjuster-links.ts';
import { messagesOfLead } from '../messages/thread.ts';
import { answerAdjuster } from './adjuster/adjuster-thread.ts';

/** The caller with the role their session has now: the service decides koordinator-or-assignee. */
function actingStaff(request: FastifyRequest): ActingStaff {
  const role = request.staffSession?.role;
  if (!role) throw new HttpError('not-logged-in', staffMessages.unauthorized);
  return { ...actorOf(request), role };
}

export async function staffAdjusterRoutes(
  app: FastifyInstance,
  options: { db: Db; config: Pick<Config, 'signingSecret'> },
): Promise<void> {
  const deps = { db: options.db, signingSecret: options.config.signingSecret };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireStaff;

  api.post(
    '/api/staff/leads/:id/adjuster-link',
    {
      preHandler,
      schema: { params: leadParams, body: adjusterLinkBody, response: { 201: adjusterLinkAnswer } },
    },
    async (request, reply) => {
      const link = await createAdjusterLink(deps, request.params.id, request.body, actingStaff(request));
      return reply.status(201).send({ link });
    },
  );

  api.delete(
    '/api/staff/leads/:id/adjuster-link/:linkId',
    { preHandler, schema: { params: adjusterLinkParams, response: { 200: adjusterLinkAnswer } } },
    async (request) => ({
      link: await revokeAdjusterLink(deps, request.params.id, request.params.linkId, actingStaff(request)),
    }),
  );

  api.get(
    '/api/staff/leads/:id/adjuster-links',
    { preHandler, schema: { params: leadParams, response: { 200: adjusterLinksAnswer } } },
    async (request) => ({ links: await adjusterLinksOf(deps.db, request.params.id) }),
  );

  api.get(
    '/api/staff/leads/:id/adjuster-messages',
    { preHandler, schema: { params: leadParams, response: { 200: adjusterThreadAnswer } } },
    async (request) => ({ messages: await messagesOfLead(deps.db, request.params.id, 'taksator') }),
  );

  // Both roles answer the adjuster, as they answer the customer.
  api.post(
    '/api/staff/leads/:id/adjuster-messages',
    {
      preHandler,
      schema: { params: leadParams, body: adjusterReplyBody, response: { 201: adjusterReplyAnswer } },
    },
    async (request, reply) => {
      const message = await answerAdjuster(deps, request.params.id, request.body.text, actorOf(request));
      return reply.status(201).send({ message });
    },
  );
}
