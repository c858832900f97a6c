/**
 * Error answers for the whole app: JSON `{ message, errors? }` with Danish messages,
 * the right 4xx for bad input, a generic 500 (logged, no stack) for our own faults.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodedError, type ErrorCode } from './error-codes.ts';
import { routedPath } from './url-path.ts';

export interface ErrorBody {
  message: string;
  /** Field path (e.g. "email", "images.3") → its messages. */
  errors?: Record<string, string[]>;
}

/** The same answer as a schema, for routes that declare their responses. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * Throw from a route (or a preHandler) for a refusal with its code (./error-codes.ts gives the
 * status) and Danish message, and the fields' own messages if any, e.g.
 * `throw new HttpError('phone-invalid', 'Telefonnummeret er ugyldigt.', { phone: ['…'] })`.
 */
export class HttpError extends CodedError {
  override name = 'HttpError';
  constructor(code: ErrorCode, message: string, errors?: Record<string, string[]>) {
    super(code, message, errors ? { errors } : {});
  }
}

export const messages = {
  validation: 'Nogle af oplysningerne er ugyldige. Ret de markerede felter og prøv igen.',
  invalidJson: 'Forespørgslen indeholder ugyldig JSON.',
  emptyJson: 'Forespørgslen mangler indhold.',
  tooLarge: 'Forespørgslen er for stor.',
  unsupportedMediaType: 'Forespørgslen skal sendes som JSON (Content-Type: application/json).',
  tooManyRequests: 'For mange forespørgsler. Vent lidt, og prøv igen.',
  notFound: 'Adressen findes ikke.',
  methodNotAllowed: 'Metoden er ikke tilladt.',
  badRequest: 'Ugyldig forespørgsel.',
  internal: 'Der opstod en fejl på serveren. Prøv igen senere, eller ring til os.',
  unavailable: 'Tjenesten er midlertidigt utilgængelig. Prøv igen om lidt.',
} as const;

const fastifyCodeAnswers: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, messages.tooLarge],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, messages.badRequest],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, messages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_TYPE: [415, messages.unsupportedMediaType],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, messages.emptyJson],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, messages.invalidJson],
};

export function isApiPath(url: string): boolean {
  const path = routedPath(url);
  return path === '/api' || path.startsWith('/api/');
}

function validationErrors(error: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return errors;
  const context = (error as { validationContext?: string }).validationContext ?? 'body';
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
    (errors[field] ??= []).push(issue.message ?? messages.validation);
  }
  return errors;
}

/** Registers the error and not-found answers on the root instance. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | CodedError, request, reply) => {
    // A refusal: its code's status (./error-codes.ts), so route modules need no try/catch.
    if (error instanceof CodedError) {
      const status = error.status;
      if (status >= 500)
        request.log.error({ err: error.cause ?? error }, `${error.name}: request not served`);
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(status).send(body(error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(body(messages.validation, validationErrors(error)));
    }
    const known = error.code ? fastifyCodeAnswers[error.code] : undefined;
    if (known) return reply.status(known[0]).send(body(known[1]));
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body(messages.tooManyRequests));
    if (error instanceof SyntaxError && status === 400)
      return reply.status(400).send(body(messages.invalidJson));
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'bad request');
      return reply
        .status(status)
        .send(
          body(
            status === 404
              ? messages.notFound
              : status === 405
                ? messages.methodNotAllowed
                : messages.badRequest,
          ),
        );
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(status === 503 ? 503 : 500)
      .send(body(status === 503 ? messages.unavailable : messages.internal));
  });
}

function body(message: string, errors?: Record<string, string[]>): ErrorBody {
  return errors && Object.keys(errors).length > 0 ? { message, errors } : { message };
}

/** 404 answer for paths without a route: JSON for the API (and for anything but page GETs). */
export function sendJsonNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send(body(messages.notFound));
}

/**
 * Only JSON bodies are accepted for POST on /api/* (415 otherwise, also when the type is
 * missing). Routes that take other bodies (e.g. a raw upload PUT) use other methods.
 */
export function registerJsonOnlyApi(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST' || !isApiPath(request.url)) return;
    // A POST without a body (e.g. logging out) has nothing to parse.
    const length = request.headers['content-length'];
    if ((length === undefined || length === '0') && request.headers['transfer-encoding'] === undefined)
      return;
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') throw new HttpError('json-only', messages.unsupportedMediaType);
  });
  // Fastify parses text/plain by default; the API has no use for it.
  app.removeContentTypeParser('text/plain');
}
