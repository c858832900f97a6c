/**
 * The drying log in the staff API: record a moisture reading, list the lead's readings, withdraw
 * one recorded by mistake. Every staff role may: measuring is the technician's daily work.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leadParams } from '../../domain/staff-api/leads.ts';
import {
  moistureBody,
  moistureReadingAnswer,
  moistureReadingParams,
  moistureReadingsAnswer,
} from '../../domain/staff-api/moisture.ts';
import { okAnswer } from '../../domain/staff-api/shared.ts';
import type { Db } from '../db/client.ts';
import { actorOf } from '../staff/session.ts';
import { readingsOfLead, recordReading, withdrawReading } from './drying/readings.ts';

export async function staffMoistureRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const deps = { db: options.db };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireStaff;

  api.get(
    '/api/staff/leads/:id/moisture',
    { preHandler, schema: { params: leadParams, response: { 200: moistureReadingsAnswer } } },
    async (request) => ({ readings: await readingsOfLead(deps.db, request.params.id) }),
  );

  api.post(
    '/api/staff/leads/:id/moisture',
    {
      preHandler,
      schema: { params: leadParams, body: moistureBody, response: { 201: moistureReadingAnswer } },
    },
    async (request, reply) => {
      const reading = await recordReading(deps, request.params.id, request.body, actorOf(request));
      return reply.status(201).send({ reading });
    },
  );

  api.delete(
    '/api/staff/leads/:id/moisture/:readingId',
    { preHandler, schema: { params: moistureReadingParams, response: { 200: okAnswer } } },
    async (request) => {
      await withdrawReading(deps, request.params.id, request.params.readingId, actorOf(request));
      return { ok: true as const };
    },
  );
}
