/**
 * The insurers' API, v1 (docs/api/assignments.md), registered under /api/v1:
 *   POST /assignments             hand a claim over: 201 (made) or 200 (the claim's case already)
 *   GET  /assignments/:reference  where the insurer's own case stands (another's: 404)
 *   GET  /openapi.json            the OpenAPI 3.1 description, made from the same schemas
 * `Authorization: Bearer <key>` (./keys.ts) is checked before the body is read; each key has
 * 120 requests a minute. Every error is `{ message, messageEn, code, fields }` (./errors.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiError,
  assignmentBody,
  assignmentBodyLimitBytes,
  assignmentCreated,
  assignmentParams,
  assignmentRequestsPerMinute,
  assignmentState,
} from '../../domain/insurer-api.ts';
import { clientKey } from '../plugins/client-key.ts';
import { createAssignment, assignmentState as stateOf, type AssignmentDeps } from './assignments.ts';
import { registerApiErrorAnswers } from './errors.ts';
import { bodyHash, withIdempotency } from './idempotency.ts';
import { authenticateInsurerKey, rateLimitKeyOf, type InsurerKey } from './keys.ts';
import { openApiDocument } from './openapi.ts';

const perKey = {
  rateLimit: {
    max: assignmentRequestsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      rateLimitKeyOf(request.headers.authorization, clientKey(request.ip)),
  },
};

const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1, { error: 'Idempotency-Key må ikke være tom.' })
    .max(255, { error: 'Idempotency-Key må højst være 255 tegn.' })
    .optional(),
});

export async function insurerApiRoutes(app: FastifyInstance, deps: AssignmentDeps): Promise<void> {
  registerApiErrorAnswers(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const keys = new WeakMap<FastifyRequest, InsurerKey>();
  const authenticate = async (request: FastifyRequest) => {
    keys.set(request, await authenticateInsurerKey(deps.db, request.headers.authorization));
  };
  const keyOf = (request: FastifyRequest) => keys.get(request)!;
  const errors = { '4xx': apiError, '5xx': apiError };

  api.post(
    '/assignments',
    {
      bodyLimit: assignmentBodyLimitBytes,
      config: perKey,
      onRequest: authenticate,
      schema: {
        headers: idempotencyHeaders,
        body: assignmentBody,
        response: { 200: assignmentCreated, 201: assignmentCreated, ...errors },
      },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const served = await withIdempotency(
        deps.db,
        {
          keyId: key.id,
          idempotencyKey: request.headers['idempotency-key'],
          bodyHash: bodyHash(request.body),
          now: new Date(),
        },
        () =>
          createAssignment(deps, key, request.body, {
            clientIp: request.ip,
            userAgent: request.headers['user-agent'],
          }),
      );
      if (served.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(served.status).header('cache-control', 'no-store').send(served.answer);
    },
  );

  api.get(
    '/assignments/:reference',
    {
      config: perKey,
      onRequest: authenticate,
      schema: { params: assignmentParams, response: { 200: assignmentState, ...errors } },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await stateOf(deps.db, keyOf(request), request.params.reference)),
  );

  const document = openApiDocument(deps.config.publicUrl);
  api.get(
    '/openapi.json',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { response: { 200: z.record(z.string(), z.unknown()) } },
    },
    async () => document,
  );
}
