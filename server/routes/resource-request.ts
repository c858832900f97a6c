/**
 * POST /api/send-resource-request (SPEC §7): stores the request; the worker e-mails the PDF to the
 * requester and notifies staff. 201 { id, reference }; bad input 400 { message, errors }.
 */
import type { FastifyInstance } from 'fastify';
import { fieldErrorLists } from '../../domain/fields.ts';
import { resourceRequestSchema } from '../../domain/resource-request.ts';
import type { Config } from '../config.ts';
import type { SqlClient } from '../db/client.ts';
import { HttpError, messages } from '../plugins/errors.ts';
import { createResourceRequest } from '../services/resource-requests.ts';
import { submissionRateLimit } from './submission-limits.ts';

export interface ResourceRequestRouteDeps {
  config: Readonly<Config>;
  sql: SqlClient;
  mail: { notify(): void };
}

export async function resourceRequestRoutes(
  app: FastifyInstance,
  deps: ResourceRequestRouteDeps,
): Promise<void> {
  app.post(
    '/api/send-resource-request',
    { bodyLimit: 16 * 1024, config: submissionRateLimit(deps.config) },
    async (request, reply) => {
      const parsed = resourceRequestSchema.safeParse(request.body);
      if (!parsed.success) throw new HttpError(400, messages.validation, fieldErrorLists(parsed.error));
      const result = await createResourceRequest({ sql: deps.sql, mail: deps.mail }, parsed.data);
      request.log.info({ reference: result.reference }, 'resource request stored');
      return reply.status(201).header('cache-control', 'no-store').send(result);
    },
  );
}
