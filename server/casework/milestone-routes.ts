/**
 * A case's milestones in the staff API: record one (POST) and withdraw one recorded by mistake
 * (DELETE). Every staff role may: a technician on site has the medarbejder role. The rules are
 * the service's (./milestones/record.ts); the contract is domain/staff-api/milestones.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leadParams } from '../../domain/staff-api/leads.ts';
import { milestoneAnswer, milestoneBody, milestoneParams } from '../../domain/staff-api/milestones.ts';
import type { Db } from '../db/client.ts';
import { customerSmsSettings } from '../messages/outgoing/sms-budget.ts';
import { actorOf } from '../staff/session.ts';
import { recordMilestone, withdrawMilestone } from './milestones/record.ts';

export async function staffMilestoneRoutes(
  app: FastifyInstance,
  options: { db: Db; config: Parameters<typeof customerSmsSettings>[0] },
): Promise<void> {
  const deps = { db: options.db, sms: customerSmsSettings(options.config) };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireStaff;

  api.post(
    '/api/staff/leads/:id/milestones',
    { preHandler, schema: { params: leadParams, body: milestoneBody, response: { 201: milestoneAnswer } } },
    async (request, reply) => {
      const milestone = await recordMilestone(deps, request.params.id, request.body, actorOf(request));
      return reply.status(201).send({ milestone });
    },
  );

  api.delete(
    '/api/staff/leads/:id/milestones/:milestoneId',
    { preHandler, schema: { params: milestoneParams, response: { 200: milestoneAnswer } } },
    async (request) => {
      const { id, milestoneId } = request.params;
      return { milestone: await withdrawMilestone(deps, id, milestoneId, actorOf(request)) };
    },
  );
}
