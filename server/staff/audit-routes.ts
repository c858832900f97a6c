/** The audit log, newest first, a page at a time: GET /api/staff/audit. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPage, auditQuery } from '../../domain/staff-api/audit.ts';
import type { Db } from '../db/client.ts';
import { listAudit } from './audit.ts';

export async function staffAuditRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/staff/audit',
    {
      preHandler: app.requireStaff,
      config: { staffPermission: 'auditLog' },
      schema: { querystring: auditQuery, response: { 200: auditPage } },
    },
    async (request) => listAudit(deps.db, request.query.cursor),
  );
}
