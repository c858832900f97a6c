/**
 * The insurers in the staff API: GET /api/staff/insurers (anyone on staff: the lead page and the
 * figures name them), PUT /api/staff/insurers/:id (a koordinator changes the rules), and the
 * month's figures per insurer with their CSV.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  insurerAnswer,
  insurerBody,
  insurerFiguresAnswer,
  insurerFiguresQuery,
  insurerParams,
  insurersAnswer,
} from '../../domain/staff-api/insurers.ts';
import type { Db } from '../db/client.ts';
import { fileBody } from '../plugins/edge-schemas.ts';
import { actorOf } from '../staff/session.ts';
import { insurerFigures, insurerFiguresCsv } from './insurers/insurer-figures.ts';
import { listInsurers, updateInsurer } from './insurers/insurers.ts';

export async function staffInsurerRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireStaff;

  api.get('/api/staff/insurers', { preHandler, schema: { response: { 200: insurersAnswer } } }, async () => ({
    insurers: await listInsurers(deps.db),
  }));

  api.put(
    '/api/staff/insurers/:id',
    {
      preHandler,
      config: { staffPermission: 'insurers' },
      schema: { params: insurerParams, body: insurerBody, response: { 200: insurerAnswer } },
    },
    async (request) => ({
      insurer: await updateInsurer(deps.db, request.params.id, request.body, actorOf(request)),
    }),
  );

  api.get(
    '/api/staff/insurers/figures',
    { preHandler, schema: { querystring: insurerFiguresQuery, response: { 200: insurerFiguresAnswer } } },
    async (request) => insurerFigures(deps.db, request.query.month),
  );

  api.get(
    '/api/staff/insurers/figures.csv',
    {
      preHandler,
      config: { staffPermission: 'csvExport' },
      schema: { querystring: insurerFiguresQuery, response: { 200: fileBody } },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="forsikringsselskaber-${request.query.month}.csv"`,
        )
        .send(insurerFiguresCsv(await insurerFigures(deps.db, request.query.month))),
  );
}
