/**
 * The satisfaction question's routes below the case page (/sag/<token>):
 *
 * - GET  /sag/:token/tilfredshed?svar=1–5: the case page with that answer chosen and the form to
 *   confirm it. A GET records nothing, so a link preview or a mail scanner that follows the
 *   e-mail's links answers nothing.
 * - POST /sag/:token/tilfredshed: the plain form's answer (`svar`, `kommentar`), checked by the
 *   schema the form is built from (domain/satisfaction.ts), from this site only (a post from
 *   another origin is refused like the on-call page's), counted like the case page's other posts.
 *   Recorded: 303 to the thanks; refused: the page again with the Danish message (400, or 409
 *   when the 14 days to change it have passed or the customer was never asked).
 * - GET  /sag/:token/tilfredshed/tak: the thanks, with the review invitation for 4–5.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { satisfactionAnswer, satisfactionScore } from '../../domain/satisfaction.ts';
import type { Db } from '../db/client.ts';
import { sameOrigin } from '../oncall/phone-pages/ack-routes.ts';
import { formFields, pageAnswers } from '../plugins/edge-schemas.ts';
import { caseMessages } from './copy.ts';
import { casePathPrefix, leadIdOfCaseToken } from './links.ts';
import type { CasePageState } from './page.ts';
import { answerSatisfaction, satisfactionOf } from './satisfaction.ts';
import { satisfactionId, type SatisfactionPageState } from './satisfaction-page.ts';

/** What a route sets of the question's section; the recorded answer is read by the page itself. */
export type SurveyState = Partial<Omit<SatisfactionPageState, 'state' | 'reviewUrl'>>;

interface SatisfactionRouteDeps {
  db: Db;
  publicUrl: string;
  now: () => Date;
  overPostLimit: (ip: string) => Promise<boolean>;
  render: (
    reply: FastifyReply,
    token: string,
    status: number,
    state: Omit<CasePageState, 'path' | 'satisfaction'>,
    survey?: SurveyState,
  ) => Promise<FastifyReply>;
}

const tokenParams = z.object({ token: z.string() });
/** The answer an e-mail link chose; anything else shows the question without one. */
const chosenQuery = z.object({ svar: satisfactionScore.optional().catch(undefined) });
const responses = pageAnswers(200, 303, 400, 403, 404, 409, 429);
const write = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };
const read = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

export function satisfactionRoutes(api: FastifyInstance, deps: SatisfactionRouteDeps): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  const path = `${casePathPrefix}:token/tilfredshed`;

  typed.get(
    path,
    { ...read, schema: { params: tokenParams, querystring: chosenQuery, response: responses } },
    async (request, reply) =>
      deps.render(reply, request.params.token, 200, {}, { chosen: request.query.svar }),
  );

  typed.post(
    path,
    { ...write, schema: { params: tokenParams, body: formFields, response: responses } },
    async (request, reply) => {
      const { token } = request.params;
      const commentDraft = request.body.kommentar ?? '';
      const refuse = (status: number, error: string) =>
        deps.render(reply, token, status, {}, { error, commentDraft });
      const leadId = await leadIdOfCaseToken(deps.db, token);
      if (!leadId) return deps.render(reply, token, 404, {});
      if (!sameOrigin(request, deps.publicUrl)) return refuse(403, caseMessages.formBroken);
      if (await deps.overPostLimit(request.ip)) return refuse(429, caseMessages.tooManyRequests);
      const answer = satisfactionAnswer.safeParse({ score: request.body.svar, comment: commentDraft });
      if (!answer.success) return refuse(400, answer.error.issues[0]?.message ?? caseMessages.formBroken);
      const result = await answerSatisfaction(deps.db, leadId, answer.data, deps.now());
      if ('refused' in result) return refuse(409, result.message);
      request.log.info(
        { score: result.score, recorded: result.recorded },
        'case page: satisfaction answered',
      );
      return reply.redirect(
        `${casePathPrefix}${token}/tilfredshed/tak?${result.recorded}#${satisfactionId}`,
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
      const leadId = await leadIdOfCaseToken(deps.db, token);
      const asked = leadId ? await satisfactionOf(deps.db, leadId, deps.now()) : null;
      // Thanks only for an answer that is recorded; otherwise the question as it stands.
      if (!asked?.score) return deps.render(reply, token, leadId ? 200 : 404, {});
      const thanked = 'changed' in request.query ? 'changed' : 'first';
      return deps.render(reply, token, 200, {}, { thanked });
    },
  );
}
