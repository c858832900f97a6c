/**
 * The case's clocks in the staff API: its milestones (withdrawn ones too) with the deadlines
 * computed from them, for any staff role.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leadParams } from '../../domain/staff-api/leads.ts';
import { milestonesAnswer } from '../../domain/staff-api/milestones.ts';
import type { Db } from '../db/client.ts';
import { milestonesWithDeadlines } from './clocks/case-milestones.ts';

export async function staffCaseClockRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/staff/leads/:id/milestones',
    { preHandler: app.requireStaff, schema: { params: leadParams, response: { 200: milestonesAnswer } } },
    async (request) => milestonesWithDeadlines(options.db, request.params.id),
  );
}
