/**
 * The customer's own case page: GET /sag/:token shows the case (server/case/page.ts); POST
 * /sag/:token/billeder takes more photos (a plain multipart form, read by server/uploads/multipart.ts)
 * and POST /sag/:token/besked a message to staff. A success answers 303 back to the page with a
 * confirmation; a refusal renders the page again with a Danish message and a 4xx status (409 on a
 * case staff have closed), the forms' addresses ending in the error's #anchor so the browser
 * scrolls to it (the page has no scripts). A wrong,
 * closed or erased link is a plain 404.
 *
 * The token is the only key to the page, so it never reaches a log line: these routes log their
 * path with the token cut out. The page is private (no-store), kept out of search engines
 * (noindex) and sends no referrer, so its address does not leak to a site it links to.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app.ts';
import { addCaseMessage, addCasePhotos, caseView, photoAllowance, type CaseDeps } from './case-service.ts';
import { caseMessageBody, caseMessages, confirmations } from './copy.ts';
import { casePathPrefix, leadIdOfCaseToken } from './links.ts';
import {
  caseNotFoundHtml,
  casePageHtml,
  casePagePolicy,
  confirmationId,
  type CasePageState,
} from './page.ts';
import { readMultipartForm, registerMultipartForms } from '../uploads/multipart.ts';
import { linkPageRateLimits, overPagePostLimit } from '../plugins/page-post-limit.ts';
import { sendSecretLinkPage } from '../plugins/style-only-page.ts';
import { formFields, pageAnswers, registerUrlEncodedForms } from '../plugins/edge-schemas.ts';
import { errorStatuses } from '../plugins/error-codes.ts';
import { discardUploads } from '../uploads/purge.ts';
import { answerSatisfaction, satisfactionOf } from './satisfaction.ts';
import { satisfactionRoutes, type SurveyState } from './satisfaction-routes.ts';

function sendHtml(reply: FastifyReply, publicUrl: string, status: number, html: string) {
  return sendSecretLinkPage(reply, status, html, casePagePolicy(publicUrl));
}

/** The page answers a refused photo with the upload's own status when it is one of these; else 400. */
const photoStatuses: readonly number[] = [413, 415, 429, 503];

const tokenParams = z.object({ token: z.string() });
/** The confirmation after a redirect; anything else shows the page without one. */
const pageQuery = z.object({
  sendt: z.string().optional().catch(undefined),
  antal: z.string().optional().catch(undefined),
});
const responses = pageAnswers(200, 303, 400, 404, 409, 413, 415, 429, 503);

export async function casePageRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  const caseDeps: CaseDeps = { db: deps.db, storage: deps.storage, now: () => new Date() };
  const uploadDeps = {
    db: deps.db,
    storage: deps.storage,
    pendingMaxBytes: config.uploadPendingMaxBytes,
  };
  await registerMultipartForms(app);
  registerUrlEncodedForms(app, { bodyLimit: 16 * 1024 });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const overPostLimit = (ip: string) =>
    overPagePostLimit(deps.sql, 'case', ip, config.submissionRateLimitPerMinute);
  const { read, write } = linkPageRateLimits;
  const pathOf = (token: string) => `${casePathPrefix}${token}`;

  /**
   * The page again, with a refusal or a confirmation; 404 when the link does not open a case. The
   * satisfaction question shows once the customer was asked, as `survey` sets it.
   */
  async function render(
    reply: FastifyReply,
    token: string,
    status: number,
    state: Omit<CasePageState, 'path' | 'satisfaction'>,
    survey: SurveyState = {},
  ) {
    const leadId = await leadIdOfCaseToken(deps.db, token);
    const view = leadId ? await caseView(caseDeps, leadId) : null;
    if (!view || !leadId) return sendHtml(reply, config.publicUrl, 404, caseNotFoundHtml());
    const asked = await satisfactionOf(deps.db, leadId, caseDeps.now());
    const satisfaction = asked ? { ...survey, state: asked, reviewUrl: config.reviewUrl } : undefined;
    const page = casePageHtml(view, { path: pathOf(token), ...state, satisfaction });
    return sendHtml(reply, config.publicUrl, status, page);
  }

  api.get(
    `${casePathPrefix}:token`,
    { ...read, schema: { params: tokenParams, querystring: pageQuery, response: responses } },
    async (request, reply) => {
      const { sendt, antal } = request.query;
      const count = Math.max(0, Math.min(100, Number.parseInt(antal ?? '', 10) || 0));
      const confirmation =
        sendt === 'besked'
          ? confirmations.message
          : sendt === 'billeder' && count > 0
            ? confirmations.photos(count)
            : undefined;
      return render(reply, request.params.token, 200, { confirmation });
    },
  );

  // The photos are read from the multipart stream by the handler (server/uploads/multipart.ts).
  const photosSchema = { params: tokenParams, response: responses };
  api.post(`${casePathPrefix}:token/billeder`, { ...write, schema: photosSchema }, async (request, reply) => {
    const { token } = request.params;
    const leadId = await leadIdOfCaseToken(deps.db, token);
    if (!leadId) return sendHtml(reply, config.publicUrl, 404, caseNotFoundHtml());
    const refuse = (status: number, message: string) =>
      render(reply, token, status, { error: { form: 'photos', message } });
    if (await overPostLimit(request.ip)) return refuse(429, caseMessages.tooManyRequests);
    if (!request.isMultipart()) return refuse(415, caseMessages.formBroken);
    const allowance = await photoAllowance(caseDeps, leadId);
    // A closed case takes nothing: refused before any photo is stored.
    if (allowance.closed) return refuse(409, caseMessages.closed);
    const form = await readMultipartForm(request, uploadDeps, { maxPhotos: allowance.remainingToday });
    // A refused upload keeps none of its photos: they are deleted before the page answers.
    const refusePhotos = async (status: number, message: string) => {
      await discardUploads({ ...uploadDeps, log: request.log }, form.photoUrls);
      return refuse(status, message);
    };
    // Past the case's limits the page says which limit, and nothing of the upload is kept.
    if (form.photoErrorIsTooMany)
      return refusePhotos(400, caseMessages.tooManyPhotos(allowance.remaining, allowance.remainingToday));
    if (form.photoError) {
      const status = form.photoErrorStatus ?? 400;
      return refusePhotos(photoStatuses.includes(status) ? status : 400, form.photoError);
    }
    if (form.photoUrls.length === 0) return refuse(400, caseMessages.noPhotos);
    const result = await addCasePhotos(caseDeps, leadId, form.photoUrls);
    if ('refused' in result) return refusePhotos(errorStatuses[result.refused.code], result.refused.message);
    request.log.info({ photos: result.added }, 'case page: photos added');
    return reply.redirect(`${pathOf(token)}?sendt=billeder&antal=${result.added}#${confirmationId}`, 303);
  });

  api.post(
    `${casePathPrefix}:token/besked`,
    { ...write, schema: { params: tokenParams, body: formFields, response: responses } },
    async (request, reply) => {
      const { token } = request.params;
      const leadId = await leadIdOfCaseToken(deps.db, token);
      if (!leadId) return sendHtml(reply, config.publicUrl, 404, caseNotFoundHtml());
      const typed = request.body.besked ?? '';
      const refuse = (status: number, message: string) =>
        render(reply, token, status, { error: { form: 'message', message }, messageDraft: typed });
      if (await overPostLimit(request.ip)) return refuse(429, caseMessages.tooManyRequests);
      const body = caseMessageBody.safeParse(typed);
      if (!body.success) return refuse(400, body.error.issues[0]?.message ?? caseMessages.messageMissing);
      const honeypot = request.body.website ?? '';
      const result = await addCaseMessage(caseDeps, leadId, { body: body.data, honeypot });
      if ('refused' in result) return refuse(errorStatuses[result.refused.code], result.refused.message);
      request.log.info({ kept: result.kept }, 'case page: message');
      return reply.redirect(`${pathOf(token)}?sendt=besked#${confirmationId}`, 303);
    },
  );

  satisfactionRoutes(app, {
    pathPrefix: casePathPrefix,
    publicUrl: config.publicUrl,
    now: caseDeps.now,
    overPostLimit,
    open: (token) => leadIdOfCaseToken(deps.db, token),
    answer: (leadId, answer, now) => answerSatisfaction(deps.db, leadId, answer, now),
    answered: async (leadId) => Boolean((await satisfactionOf(deps.db, leadId, caseDeps.now()))?.score),
    render: (reply, token, status, survey) => render(reply, token, status, {}, survey),
  });
}
