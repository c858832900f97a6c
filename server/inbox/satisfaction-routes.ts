/**
 * The customers' satisfaction answers in the staff API: GET /api/staff/satisfaction (the list
 * with filters and the share satisfied per month and per insurer), GET
 * /api/staff/leads/:id/satisfaction (one lead's answer, for its page) and POST
 * /api/staff/leads/:id/satisfaction/handled (a koordinator marks an unhappy answer followed up;
 * audited; 409 when there is none waiting).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  leadSatisfactionAnswer,
  leadSatisfactionParams,
  satisfactionAnswer,
  satisfactionMessages,
  satisfactionQuery,
} from '../../domain/staff-api/satisfaction.ts';
import type { Db } from '../db/client.ts';
import { errorBodySchema } from '../plugins/errors.ts';
import { actorOf } from '../staff/session.ts';
import { followUpSatisfaction, leadSatisfaction, satisfactionFigures } from './satisfaction.ts';

export async function staffSatisfactionRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireStaff;

  api.get(
    '/api/staff/satisfaction',
    { preHandler, schema: { querystring: satisfactionQuery, response: { 200: satisfactionAnswer } } },
    async (request) => satisfactionFigures(deps.db, request.query),
  );

  api.get(
    '/api/staff/leads/:id/satisfaction',
    { preHandler, schema: { params: leadSatisfactionParams, response: { 200: leadSatisfactionAnswer } } },
    async (request) => leadSatisfaction(deps.db, request.params.id),
  );

  api.post(
    '/api/staff/leads/:id/satisfaction/handled',
    {
      preHandler,
      config: { staffPermission: 'satisfactionFollowUp' },
      schema: {
        params: leadSatisfactionParams,
        response: { 200: leadSatisfactionAnswer, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const done = await followUpSatisfaction(deps.db, id, actorOf(request));
      if (!done) return reply.status(409).send({ message: satisfactionMessages.notUnhappy });
      return leadSatisfaction(deps.db, id);
    },
  );
}
