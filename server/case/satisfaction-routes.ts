/**
 * The satisfaction question's routes below the case page (/sag/<token>) and, the same, below the
 * adjuster's page (/taksator/<token>):
 *
 * - GET  /sag/:token/tilfredshed?svar=1–5: the case page with that answer chosen and the form to
 *   confirm it. A GET records nothing, so a link preview or a mail scanner that follows the
 *   e-mail's links answers nothing.
 * - POST /sag/:token/tilfredshed: the plain form's answer (`svar`, `kommentar`), checked by the
 *   schema the form is built from (domain/satisfaction.ts), from this site only (a post from
 *   another origin is refused like the on-call page's), counted like the case page's other posts.
 *   Recorded: 303 to the thanks; refused: the page again with the Danish message (400, or 409
 *   when the 14 days to change it have passed, the customer was never asked, or no report was
 *   sent yet to the adjuster's insurer).
 * - GET  /sag/:token/tilfredshed/tak: the thanks, with the review invitation for 4–5.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { satisfactionAnswer, satisfactionScore, type SatisfactionAnswer } from '../../domain/satisfaction.ts';
import { sameOrigin } from '../oncall/phone-pages/ack-routes.ts';
import { formFields, pageAnswers } from '../plugins/edge-schemas.ts';
import { linkPageRateLimits } from '../plugins/page-post-limit.ts';
import { caseMessages } from './copy.ts';
import type { SatisfactionResult } from './satisfaction.ts';
import { satisfactionId, type SatisfactionPageState } from './satisfaction-page.ts';

/** What a route sets of the question's section; the recorded answer is read by the page itself. */
export type SurveyState = Partial<Omit<SatisfactionPageState, 'state' | 'reviewUrl'>>;

/**
 * The page the question is on: the case page (a lead by its case link) or the adjuster's page (an
 * adjuster's link). Each opens its own token, records its own answer and renders itself.
 */
export interface SatisfactionRouteDeps<Subject> {
  /** The page's path before the token: '/sag/' or '/taksator/'. */
  pathPrefix: string;
  publicUrl: string;
  now: () => Date;
  overPostLimit: (ip: string) => Promise<boolean>;
  /** What the token opens now; null: a wrong or closed link (the page's 404). */
  open: (token: string) => Promise<Subject | null>;
  answer: (subject: Subject, answer: SatisfactionAnswer, now: Date) => Promise<SatisfactionResult>;
  /** Whether the subject's answer is recorded (the thanks are shown for a recorded one only). */
  answered: (subject: Subject) => Promise<boolean>;
  /** The page with the question's section as `survey` sets it; 404 when the link opens nothing. */
  render: (reply: FastifyReply, token: string, status: number, survey?: SurveyState) => Promise<FastifyReply>;
}

const tokenParams = z.object({ token: z.string() });
/** The answer an e-mail link chose; anything else shows the question without one. */
const chosenQuery = z.object({ svar: satisfactionScore.optional().catch(undefined) });
const responses = pageAnswers(200, 303, 400, 403, 404, 409, 429);
const { read, write } = linkPageRateLimits;

export function satisfactionRoutes<Subject>(
  api: FastifyInstance,
  deps: SatisfactionRouteDeps<Subject>,
): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  const path = `${deps.pathPrefix}:token/tilfredshed`;

  typed.get(
    path,
    { ...read, schema: { params: tokenParams, querystring: chosenQuery, response: responses } },
    async (request, reply) => deps.render(reply, request.params.token, 200, { chosen: request.query.svar }),
  );

  typed.post(
    path,
    { ...write, schema: { params: tokenParams, body: formFields, response: responses } },
    async (request, reply) => {
      const { token } = request.params;
      const commentDraft = request.body.kommentar ?? '';
      const refuse = (status: number, error: string) =>
        deps.render(reply, token, status, { error, commentDraft });
      const subject = await deps.open(token);
      if (!subject) return deps.render(reply, token, 404);
      if (!sameOrigin(request, deps.publicUrl)) return refuse(403, caseMessages.formBroken);
      if (await deps.overPostLimit(request.ip)) return refuse(429, caseMessages.tooManyRequests);
      const answer = satisfactionAnswer.safeParse({ score: request.body.svar, comment: commentDraft });
      if (!answer.success) return refuse(400, answer.error.issues[0]?.message ?? caseMessages.formBroken);
      const result = await deps.answer(subject, answer.data, deps.now());
      if ('refused' in result) return refuse(409, result.message);
      request.log.info(
        { page: deps.pathPrefix, score: result.score, recorded: result.recorded },
        'satisfaction answered',
      );
      return reply.redirect(
        `${deps.pathPrefix}${token}/tilfredshed/tak?${result.recorded}#${satisfactionId}`,
        303,
      );
    },
  );

  typed.get(
    `${path}/tak`,
    {
      ...read,
      schema: { params: tokenParams, querystring: z.record(z.string(), z.string()), response: responses },
    },
    async (request, reply) => {
      const { token } = request.params;
      const subject = await deps.open(token);
      // Thanks only for an answer that is recorded; otherwise the question as it stands.
      if (!subject || !(await deps.answered(subject))) return deps.render(reply, token, subject ? 200 : 404);
      const thanked = 'changed' in request.query ? 'changed' : 'first';
      return deps.render(reply, token, 200, { thanked });
    },
  );
}
