/**
 * What routes that are not plain JSON declare as their schemas (every route declares one; a test in
 * server/route-schemas.test.ts keeps it so), and the one parser for URL-encoded form bodies.
 *
 * Fastify serializes a response by its schema only when the handler answers with an object: a
 * page, a CSV file or a stream is sent as it is. The error handler (./errors.ts) may answer any
 * route with its JSON `{ message, errors? }`, so a route's pages are declared together with it.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from './errors.ts';

/** A server-rendered page (or a redirect's empty body), or the error handler's JSON. */
export const pageAnswer = z.union([z.string(), errorBodySchema]);

/** Page answers for each status a route answers with (a redirect included). */
export function pageAnswers<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof pageAnswer> {
  return Object.fromEntries(statuses.map((status) => [status, pageAnswer])) as Record<
    Status,
    typeof pageAnswer
  >;
}

/** A file (a built page, a CSV, a photo) sent as it is: bytes, text or a stream, never serialized. */
export const fileBody = z.custom<Buffer | Readable | string | null>();

/**
 * A URL-encoded form's fields: the first value of each name, text only. A body that is not such
 * a form (absent, or JSON) reads as no fields, so a form route answers it like a form without them.
 */
export const formFields = z.preprocess(
  (body) =>
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string'))
      : {},
  z.record(z.string(), z.string()),
);

/** A URL-encoded body as text fields: the first value of each name. */
function urlEncodedFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) if (!(name in fields)) fields[name] = value;
  return fields;
}

/**
 * Registers the parser for application/x-www-form-urlencoded in this plugin's scope (the forms of
 * server-rendered pages post it; the API takes JSON only), with the largest form it may bring.
 */
export function registerUrlEncodedForms(scope: FastifyInstance, options: { bodyLimit: number }): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    (_request, body, done) => done(null, urlEncodedFields(String(body))),
  );
}

/**
 * A provider's webhook (delivery reports, incoming SMS): what it says is read from the signed
 * header or the query, so any body is taken. Answers `{ ok, outcome }`, or `{ error }` for an
 * unsigned (401) or incomplete (400) call.
 */
export const webhookSchema = {
  body: z.unknown(),
  response: {
    200: z.object({ ok: z.literal(true), outcome: z.string() }),
    400: z.union([z.object({ error: z.string() }), errorBodySchema]),
    401: z.object({ error: z.string() }),
  },
};
