/**
 * POST /contact, /akut-skade, /anmeldelse, /resources: the four forms as plain HTML, sent by a
 * browser without scripts or before the form's code arrived. URL-encoded or multipart (the two
 * forms with photos); the same schema, spam checks, limits and storage as POST /api/leads
 * (server/forms/plain-form.ts). Sent: 303 to /tak?ref=…&type=…. Not sent: the form's page again,
 * the form filled in as posted with the Danish messages (400; 429 over the limits; 503 when the
 * photo store is down). The token comes from the form cookie the form pages are served with.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leadKinds, type LeadKind } from '../../domain/lead.ts';
import { leadKindRegistry } from '../../domain/lead-kinds.ts';
import {
  duplicateQueryName,
  urgentQueryName,
  formPagePaths,
  thankYouSectionId,
  type FormAnswer,
} from '../../domain/plain-forms.ts';
import { writeAnnouncedQuery } from '../../domain/thank-you-query.ts';
import type { Config } from '../config.ts';
import { formCookieToken } from './form-cookie.ts';
import type { FormPages } from './form-pages.ts';
import { readMultipartForm, registerMultipartForms } from '../uploads/multipart.ts';
import { takePlainForm, type PostedForm } from './plain-form.ts';
import { errorBodySchema, messages } from '../plugins/errors.ts';
import { formFields, registerUrlEncodedForms } from '../plugins/edge-schemas.ts';
import { contentSecurityPolicy } from '../plugins/security-headers.ts';
import type { SubmitLeadDeps } from '../leads/submit-lead.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import { countSubmissionFromIp, leadBodyLimitBytes } from '../leads/submission-limits.ts';

export interface FormPostDeps extends SubmitLeadDeps {
  config: Readonly<Config>;
  storage: AnyObjectStore;
  /** Null when the pages were built without the form renderer: answers are then JSON. */
  formPages: FormPages | null;
}

/** The answer when there is no page to answer in: the form's message and its fields' messages. */
const formAnswerJson = z.object({ message: z.string(), errors: z.record(z.string(), z.string()) });
const formAnswer = z.union([z.string(), formAnswerJson, errorBodySchema]);

/**
 * The fields when the form is URL-encoded; a multipart form (its photos) is read from the stream
 * by the handler. Answered with a redirect to /tak, or the form's page (or its JSON) again.
 */
const formSchema = {
  body: formFields,
  response: { 303: formAnswer, 400: formAnswer, 429: formAnswer, 503: formAnswer },
};

function sendAnswer(
  reply: FastifyReply,
  deps: FormPostDeps,
  kind: LeadKind,
  status: number,
  answer: FormAnswer,
  resourceTitle: string | undefined,
): FastifyReply {
  reply.status(status).header('cache-control', 'no-store');
  const page = deps.formPages?.formPage(kind, answer, resourceTitle);
  // No page to answer in (pages built without the render entry, or no such resource): the API's answer.
  if (!page) return reply.send({ message: answer.formError ?? messages.validation, errors: answer.errors });
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(deps.config, page.source.scriptHashes ?? []))
    .send(page.html);
}

export async function formPostRoutes(app: FastifyInstance, deps: FormPostDeps): Promise<void> {
  // The photos count against the site-wide upload budget, as uploads through the API do.
  const uploadDeps = {
    db: deps.db,
    storage: deps.storage,
    pendingMaxBytes: deps.config.uploadPendingMaxBytes,
    ...(deps.now ? { now: deps.now } : {}),
  };
  await app.register(async (scope) => {
    // Form bodies only: URL-encoded text, or multipart with photos (read in the handler).
    scope.removeAllContentTypeParsers();
    registerUrlEncodedForms(scope, { bodyLimit: leadBodyLimitBytes });
    await registerMultipartForms(scope);

    for (const kind of leadKinds) {
      scope
        .withTypeProvider<ZodTypeProvider>()
        .post(formPagePaths[kind], { schema: formSchema }, async (request, reply) => {
          const retryAfterSeconds = await countSubmissionFromIp(deps, request);
          const posted: PostedForm = request.isMultipart()
            ? await readMultipartForm(request, uploadDeps, {
                maxPhotos: retryAfterSeconds === null ? leadKindRegistry[kind].maxPhotos : 0,
              })
            : {
                fields: request.body,
                photoUrls: [],
                photosChosen: 0,
              };
          const outcome = await takePlainForm(
            deps,
            kind,
            posted,
            {
              ip: request.ip,
              userAgent: request.headers['user-agent'],
              formToken: formCookieToken(request),
              retryAfterSeconds,
            },
            request.log,
          );
          if (outcome.status === 'sent') {
            const query = new URLSearchParams({ ref: outcome.reference, type: kind });
            if (outcome.duplicate) query.set(duplicateQueryName, '1');
            if (outcome.urgent) query.set(urgentQueryName, '1');
            writeAnnouncedQuery(query, outcome.announced, outcome.damageType);
            // The fragment replaces the form's own, which the browser would otherwise carry over.
            return reply
              .header('cache-control', 'no-store')
              .redirect(`/tak?${query}#${thankYouSectionId}`, 303);
          }
          if (outcome.retryAfterSeconds !== undefined)
            reply.header('retry-after', String(outcome.retryAfterSeconds));
          return sendAnswer(
            reply,
            deps,
            kind,
            outcome.httpStatus,
            outcome.answer,
            posted.fields.resourceTitle,
          );
        });
    }
  });
}
