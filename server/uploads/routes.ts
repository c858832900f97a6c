import type {} from '@fastify/rate-limit';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageExtensions, uploadAnswerSchema, uploadRequestSchema } from '../../domain/images.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { isValidObjectKey, type AnyObjectStore } from '../storage/object-store.ts';
import { issueUpload, receiveLocalUpload } from './uploads.ts';
import { fileBody } from '../plugins/edge-schemas.ts';
import { errorBodySchema } from '../plugins/errors.ts';

export interface ObjectRouteOptions {
  db: Db;
  storage: AnyObjectStore;
  /** Injected in tests. */
  now?: () => Date;
  /** UPLOAD_PENDING_MAX_MB, as bytes; without a config there is no site-wide cap (tests). */
  config?: Pick<Config, 'uploadPendingMaxBytes'>;
}

/** A signed link's query: when it expires and its signature (checked by the store). */
const signedQuery = z.object({
  expires: z.string().max(40).optional(),
  signature: z.string().max(200).optional(),
});

/**
 * The upload pipeline's HTTP side:
 *   POST /api/objects/upload           → { uploadURL } (JSON { contentType?, name?, size? }; an empty body is fine;
 *                                        over the upload budget 503 or 429)
 *   PUT  /api/objects/upload/:id?…     → the image bytes, streamed (local store only)
 *   GET  /api/objects/<key>?expires&signature → a signed, time-limited read (local store only)
 * There is deliberately no listing route.
 */
export async function objectRoutes(app: FastifyInstance, options: ObjectRouteOptions): Promise<void> {
  const deps = {
    db: options.db,
    storage: options.storage,
    pendingMaxBytes: options.config?.uploadPendingMaxBytes,
    ...(options.now ? { now: options.now } : {}),
  };

  await app.register(async (scope) => {
    // Clients may post a JSON content type without a body; accept that as {}.
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 1024 },
      (request, body, done) => (String(body).trim() ? json(request, String(body), done) : done(null, {})),
    );

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/objects/upload',
      {
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: { body: uploadRequestSchema, response: { 200: uploadAnswerSchema } },
      },
      async (request, reply) => {
        // Over the upload budget: 503 or 429 with a Danish message (server/plugins/errors.ts).
        const result = await issueUpload(deps, request.body, request.ip);
        reply.header('cache-control', 'no-store');
        return result;
      },
    );
  });

  await app.register(async (scope) => {
    // Stream every body of this route as-is: nothing is buffered or parsed (no JSON, no body limit
    // of Fastify's; the service enforces the 10 MB cap itself, mid-stream too).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/objects/upload/:id',
      {
        config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: {
          params: z.object({ id: z.string().max(100) }),
          querystring: signedQuery,
          body: z.instanceof(Readable).optional(),
          response: {
            200: z.object({ size: z.number(), contentType: z.string() }),
            '4xx': errorBodySchema,
            '5xx': errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const lengthHeader = request.headers['content-length'];
        const contentLength =
          lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
        const result = await receiveLocalUpload(deps, {
          uploadId: request.params.id,
          expires: request.query.expires,
          signature: request.query.signature,
          contentLength,
          body: request.body ?? request.raw,
        });
        reply.header('cache-control', 'no-store');
        if (result.ok) return { size: result.size, contentType: result.contentType };
        // The rest of a refused body is not read; closing the connection stops the client sending it.
        if (!request.raw.readableEnded) reply.header('connection', 'close');
        return reply.code(result.refusal.status).send({ message: result.refusal.message });
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/objects/*',
    {
      schema: {
        params: z.object({ '*': z.string() }),
        querystring: signedQuery,
        response: { 200: fileBody, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const storage = options.storage;
      const notFound = () => reply.code(404).send({ message: 'Filen findes ikke.' });
      if (storage.kind !== 'local' || !isValidObjectKey(key)) return notFound();
      const check = storage.verifyRead(key, request.query.expires, request.query.signature);
      if (check === 'invalid') return reply.code(403).send({ message: 'Linket er ugyldigt.' });
      if (check === 'expired') return reply.code(403).send({ message: 'Linket er udløbet.' });
      const object = await storage.get(key);
      if (!object) return notFound();
      const name = key.split('/').pop() ?? 'fil';
      const extension = imageExtensions[object.contentType];
      return reply
        .header('content-type', object.contentType)
        .header('content-disposition', `attachment; filename="${name}${extension ? `.${extension}` : ''}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(object.body);
    },
  );
}
