/**
 * The insurers' API's refusals and its own error answers: `{ message, messageEn, code, fields }`
 * (domain/insurer-api.ts, apiError) for every error under /api/v1, the framework's too (a body
 * too large, bad JSON, the rate limit), so a caller reads one shape. The rest of the site keeps
 * its `{ message, errors }` (server/plugins/errors.ts).
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, ApiErrorCode } from '../../domain/insurer-api.ts';
import { CodedError, type ErrorCode } from '../plugins/error-codes.ts';
import { apiMessages } from './copy.ts';

/** A key that is missing, unknown or revoked: one answer for each. */
export class InsurerKeyInvalid extends CodedError<'insurer-key-invalid'> {
  override name = 'InsurerKeyInvalid';
  constructor() {
    super('insurer-key-invalid', apiMessages.unauthorized.da);
  }
}

/** The command line named an insurer or a key that does not exist. */
export class InsurerKeyRefused extends CodedError<'insurer-key-refused'> {
  override name = 'InsurerKeyRefused';
  constructor(message: string) {
    super('insurer-key-refused', message);
  }
}

/** The body as the Danish lead breaks one of the form's rules; `errors` by the API's field names. */
export class AssignmentInvalid extends CodedError<'assignment-invalid'> {
  override name = 'AssignmentInvalid';
  constructor(errors: Record<string, string[]>) {
    super('assignment-invalid', apiMessages['invalid-body'].da, { errors });
  }
}

/** Unknown, or another insurer's: the same answer. */
export class AssignmentNotFound extends CodedError<'assignment-not-found'> {
  override name = 'AssignmentNotFound';
  constructor() {
    super('assignment-not-found', apiMessages['not-found'].da);
  }
}

export class IdempotencyConflict extends CodedError<'idempotency-conflict'> {
  override name = 'IdempotencyConflict';
  constructor() {
    super('idempotency-conflict', apiMessages['idempotency-conflict'].da);
  }
}

/** Another request is making the same claim's case (or the same Idempotency-Key's answer) now. */
export class AssignmentInProgress extends CodedError<'assignment-in-progress'> {
  override name = 'AssignmentInProgress';
  constructor() {
    super('assignment-in-progress', apiMessages['assignment-in-progress'].da, { retryAfterSeconds: 2 });
  }
}

/** The API's code for a refusal thrown anywhere in the app (a status it shares, else by status). */
const codedAnswers: Partial<Record<ErrorCode, ApiErrorCode>> = {
  'insurer-key-invalid': 'unauthorized',
  'assignment-invalid': 'invalid-body',
  'assignment-not-found': 'not-found',
  'idempotency-conflict': 'idempotency-conflict',
  'assignment-in-progress': 'assignment-in-progress',
  'json-only': 'unsupported-media-type',
};

const fastifyAnswers: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload-too-large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid-json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported-media-type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported-media-type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid-json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid-json',
};

const statusOf: Record<ApiErrorCode, number> = {
  'invalid-body': 400,
  'invalid-json': 400,
  unauthorized: 401,
  'not-found': 404,
  'idempotency-conflict': 409,
  'assignment-in-progress': 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'rate-limited': 429,
  internal: 500,
  unavailable: 503,
};

function answer(
  reply: FastifyReply,
  code: ApiErrorCode,
  fields: Record<string, string[]> = {},
  message = apiMessages[code].da,
): FastifyReply {
  const body: ApiError = { message, messageEn: apiMessages[code].en, code, fields };
  return reply.status(statusOf[code]).header('cache-control', 'no-store').send(body);
}

/** The request's own field messages from the route schema's zod check, by field path. */
function validationFields(error: FastifyError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fields;
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    (fields[field] ??= []).push(issue.message ?? apiMessages['invalid-body'].da);
  }
  return fields;
}

/** Registers the API's error and not-found answers on its (encapsulated) plugin. */
export function registerApiErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | CodedError, request, reply) => {
    if (error instanceof CodedError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      const code = codedAnswers[error.code];
      if (code) return answer(reply, code, error.errors, code === 'invalid-body' ? error.message : undefined);
      if (error.status >= 500) {
        request.log.error({ err: error.cause ?? error }, `${error.name}: request not served`);
        return answer(reply, error.status === 503 ? 'unavailable' : 'internal');
      }
      if (error.status === 429) return answer(reply, 'rate-limited');
      return answer(reply, 'invalid-body', error.errors ?? {}, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error))
      return answer(reply, 'invalid-body', validationFields(error));
    const known = error.code ? fastifyAnswers[error.code] : undefined;
    if (known) return answer(reply, known);
    const status = error.statusCode ?? 500;
    if (status === 429) return answer(reply, 'rate-limited');
    if (status === 404) return answer(reply, 'not-found');
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'bad request');
      return answer(reply, error instanceof SyntaxError ? 'invalid-json' : 'invalid-body');
    }
    request.log.error({ err: error }, 'request failed');
    return answer(reply, status === 503 ? 'unavailable' : 'internal');
  });
  app.setNotFoundHandler((_request, reply) => answer(reply, 'not-found'));
}
