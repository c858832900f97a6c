/**
 * POST /api/leads: a lead of any kind, validated by its schema in domain/ (the same one its form
 * uses). 201 { id, reference }; bad input 400 { message, errors }; over 64 KiB 413.
 *
 * POST /api/contact and POST /api/send-resource-request take the same bodies for clients written
 * against the earlier API, with the kind defaulting to 'kontakt' and 'ressource'
 * (docs/decisions/lead-api.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leadSchema, type LeadKind } from '../../domain/lead.ts';
import type { Config } from '../config.ts';
import type { Db, SqlClient } from '../db/client.ts';
import { errorBodySchema, HttpError } from '../plugins/errors.ts';
import { createLead } from '../services/leads.ts';
import { UploadClaimError } from '../services/uploads.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import { leadBodyLimitBytes, submissionRateLimit } from './submission-limits.ts';

export interface LeadRouteDeps {
  config: Readonly<Config>;
  db: Db;
  sql: SqlClient;
  storage: AnyObjectStore;
  mail: { notify(): void };
}

const createdSchema = z.object({ id: z.uuid(), reference: z.string() });

function withDefaultKind(kind: LeadKind) {
  return z.preprocess(
    (body) =>
      body !== null && typeof body === 'object' && !Array.isArray(body) && !('kind' in body)
        ? { ...body, kind }
        : body,
    leadSchema,
  );
}

const routes = [
  { url: '/api/leads', body: leadSchema },
  { url: '/api/contact', body: withDefaultKind('kontakt') },
  { url: '/api/send-resource-request', body: withDefaultKind('ressource') },
] as const;

export async function leadRoutes(app: FastifyInstance, deps: LeadRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const route of routes) {
    api.post(
      route.url,
      {
        bodyLimit: leadBodyLimitBytes,
        config: submissionRateLimit(deps.config),
        schema: { body: route.body, response: { 201: createdSchema, '4xx': errorBodySchema } },
      },
      async (request, reply) => {
        try {
          const result = await createLead(deps, request.body, {
            clientIp: request.ip,
            userAgent: request.headers['user-agent'],
          });
          request.log.info({ reference: result.reference, kind: request.body.kind }, 'lead stored');
          return reply.status(201).header('cache-control', 'no-store').send(result);
        } catch (error) {
          if (error instanceof UploadClaimError)
            throw new HttpError(400, error.message, { images: [error.message] });
          throw error;
        }
      },
    );
  }
}
