/**
 * POST /api/leads: a lead of any kind, validated by its schema in domain/ (the same one its form
 * uses). 201 { id, reference } (and duplicateOf: the reference of an open emergency it repeats);
 * bad input 400 { message, errors }; over 64 KiB 413; over the submission limits 429 { message }
 * with Retry-After.
 *
 * POST /api/contact and POST /api/send-resource-request take the same bodies for clients written
 * against the earlier API, with the kind defaulting to 'kontakt' and 'ressource'
 * (docs/decisions/lead-api.md).
 *
 * GET /api/leads/token: { token } for the form's `formToken` (server/leads/spam-token.ts).
 * A lead the spam checks suspect gets the same 201 as any other: with a strong reason it is stored
 * as spam, unmailed; with weak reasons alone it is handled as any other, marked for staff.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leadSchema, type LeadKind } from '../../domain/lead.ts';
import { formTokenPath } from '../../domain/spam.ts';
import { duplicateNotice } from '../../domain/duplicate-leads.ts';
import { announcedCallbackText, type CallbackPromise } from '../../domain/surge.ts';
import type { Config } from '../config.ts';
import type { Db, SqlClient } from '../db/client.ts';
import { errorBodySchema } from '../plugins/errors.ts';
import { issueFormToken } from './spam-token.ts';
import type { LeadDeps } from './create-lead.ts';
import { submitLead } from './submit-lead.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import type { JobQueue } from '../queue/jobs.ts';
import { leadBodyLimitBytes, limitSubmissionsPerIp, refuseSubmission } from './submission-limits.ts';

export interface LeadRouteDeps {
  config: Readonly<Config>;
  db: Db;
  sql: SqlClient;
  storage: AnyObjectStore;
  jobs: JobQueue;
  /** The callback time promised to a new emergency (surge mode; the app gives the on-call feature's). */
  callbackPromise?: () => Promise<CallbackPromise>;
  /** What a new danger to people is told (the on-call feature's count of those ahead of it). */
  criticalCallback?: LeadDeps['criticalCallback'];
}

/** `duplicate`: the emergency repeats an open one of the sender's (told so, never which one). */
const createdSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  duplicate: z.literal(true).optional(),
  /** An emergency: when we call (surge mode, docs/decisions/surge-mode.md), and in words. */
  callback: z.object({ minutes: z.number().int(), inSurge: z.boolean(), critical: z.boolean() }).optional(),
  message: z.string().optional(),
});

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

  api.get(
    formTokenPath,
    {
      // Signing costs microseconds; the limit only keeps one client from looping on it.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        querystring: z.object({ previous: z.string().max(1024).optional() }),
        response: { 200: z.object({ token: z.string() }) },
      },
    },
    async (request, reply) => {
      const token = issueFormToken(deps.config.signingSecret, Date.now(), request.query.previous);
      return reply.header('cache-control', 'no-store').send({ token });
    },
  );

  const perIp = limitSubmissionsPerIp(deps);
  for (const route of routes) {
    api.post(
      route.url,
      {
        bodyLimit: leadBodyLimitBytes,
        onRequest: perIp,
        schema: { body: route.body, response: { 201: createdSchema, '4xx': errorBodySchema } },
      },
      async (request, reply) => {
        const submitted = await submitLead(
          deps,
          request.body,
          { clientIp: request.ip, userAgent: request.headers['user-agent'] },
          request.log,
        );
        if (submitted.status === 'over-limit') return refuseSubmission(reply, submitted.retryAfterSeconds);
        return reply
          .status(201)
          .header('cache-control', 'no-store')
          .send({
            id: submitted.id,
            reference: submitted.reference,
            ...(submitted.duplicateOf ? { duplicate: true as const } : {}),
            ...(submitted.announced
              ? {
                  callback: submitted.announced,
                  // A repeat of an open emergency is told so, not a new promise.
                  message: submitted.duplicateOf
                    ? duplicateNotice()
                    : announcedCallbackText(submitted.announced),
                }
              : {}),
          });
      },
    );
  }
}
