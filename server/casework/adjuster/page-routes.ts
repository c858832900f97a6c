/**
 * The loss adjuster's page: GET /taksator/:token shows the case (./page.ts), POST
 * /taksator/:token/besked takes a message to the company (a plain form: 303 back to the page with
 * a confirmation, or the page again with a Danish refusal), GET /taksator/:token/billeder/:imageId
 * serves one of the case's photos and GET /taksator/:token/rapporter/:reportId.pdf one of the
 * reports sent, both through the link (never a storage URL). A wrong, tampered,
 * revoked or expired link, or a case that is gone, answers the same 404 page. Every open of the
 * page is noted in the audit log. Once a report was sent, the page asks the adjuster the
 * customer's satisfaction question below /taksator/:token/tilfredshed (./satisfaction.ts).
 *
 * The token is the only key: request logs cut it out (server/plugins/log-redaction.ts). The page
 * is private (no-store), kept out of search engines (noindex) and sends no referrer.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { plainText } from '../../../domain/fields.ts';
import { and, eq } from 'drizzle-orm';
import { leadImages, leadReports } from '../../db/schema.ts';
import { linkPageRateLimits, overPagePostLimit } from '../../plugins/page-post-limit.ts';
import { sendSecretLinkPage } from '../../plugins/style-only-page.ts';
import { fileBody, formFields, pageAnswers, registerUrlEncodedForms } from '../../plugins/edge-schemas.ts';
import { caseMessages } from '../../case/copy.ts';
import { satisfactionRoutes, type SurveyState } from '../../case/satisfaction-routes.ts';
import { sameOrigin } from '../../oncall/phone-pages/ack-routes.ts';
import { addAdjusterMessage, adjusterMessageMaxChars, adjusterMessagesPerDay } from './adjuster-thread.ts';
import { adjusterView, noteAdjusterOpen } from './adjuster-view.ts';
import { adjusterPageMessages as refusals, adjusterPageText } from './copy.ts';
import { adjusterPathPrefix, openAdjusterLink, type OpenAdjusterLink } from './links.ts';
import { adjusterSatisfactionOf, answerAdjusterSatisfaction } from './satisfaction.ts';
import { adjusterNotFoundHtml, adjusterPageHtml, adjusterPagePolicy, messageFormId } from './page.ts';

const tokenParams = z.object({ token: z.string() });
const photoParams = z.object({ token: z.string(), imageId: z.string() });
const reportParams = z.object({ token: z.string(), reportId: z.string() });
const pageQuery = z.object({ sendt: z.string().optional().catch(undefined) });
const responses = pageAnswers(200, 303, 400, 403, 404, 429);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The adjuster's message as typed: trimmed text without control characters, within the limit. */
const messageBody = plainText({
  multiline: true,
  message: refusals.messageMissing,
  invalid: refusals.messageInvalid,
})
  .min(1, { error: refusals.messageMissing })
  .max(adjusterMessageMaxChars, { error: refusals.messageTooLong(adjusterMessageMaxChars) });

export async function adjusterPageRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config, db } = deps;
  registerUrlEncodedForms(app, { bodyLimit: 16 * 1024 });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const overPostLimit = (ip: string) =>
    overPagePostLimit(deps.sql, 'adjuster', ip, config.submissionRateLimitPerMinute);
  const { read, write } = linkPageRateLimits;
  // A page shows up to every photo of the case at once.
  const photoRead = { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } };
  const pathOf = (token: string) => `${adjusterPathPrefix}${token}`;

  function sendHtml(reply: FastifyReply, status: number, html: string) {
    return sendSecretLinkPage(reply, status, html, adjusterPagePolicy(config.publicUrl));
  }
  const notFound = (reply: FastifyReply) => sendHtml(reply, 404, adjusterNotFoundHtml());

  async function render(
    reply: FastifyReply,
    token: string,
    link: OpenAdjusterLink,
    status: number,
    state: { confirmation?: string; error?: string; messageDraft?: string; survey?: SurveyState },
  ) {
    const now = new Date();
    const view = await adjusterView(db, link);
    if (!view) return notFound(reply);
    await noteAdjusterOpen(db, link, { now, ip: reply.request.ip });
    const { survey, ...page } = state;
    const asked = await adjusterSatisfactionOf(db, link, now);
    const satisfaction = asked ? { ...survey, state: asked, reviewUrl: null } : undefined;
    const satisfactionRefused = asked ? undefined : survey?.error;
    return sendHtml(
      reply,
      status,
      adjusterPageHtml(view, { path: pathOf(token), now, ...page, satisfaction, satisfactionRefused }),
    );
  }

  api.get(
    `${adjusterPathPrefix}:token`,
    { ...read, schema: { params: tokenParams, querystring: pageQuery, response: responses } },
    async (request, reply) => {
      const link = await openAdjusterLink(db, request.params.token, new Date());
      if (!link) return notFound(reply);
      const confirmation = request.query.sendt === 'besked' ? adjusterPageText.messageSent : undefined;
      return render(reply, request.params.token, link, 200, confirmation ? { confirmation } : {});
    },
  );

  api.post(
    `${adjusterPathPrefix}:token/besked`,
    { ...write, schema: { params: tokenParams, body: formFields, response: responses } },
    async (request, reply) => {
      const { token } = request.params;
      const link = await openAdjusterLink(db, token, new Date());
      if (!link) return notFound(reply);
      const typed = request.body.besked ?? '';
      // Posted from another site (the browser says so): refused, what was typed kept on the page.
      if (!sameOrigin(request, config.publicUrl))
        return render(reply, token, link, 403, { error: caseMessages.formBroken, messageDraft: typed });
      if (await overPostLimit(request.ip))
        return render(reply, token, link, 429, { error: refusals.tooManyRequests, messageDraft: typed });
      const body = messageBody.safeParse(typed);
      if (!body.success) {
        const error = body.error.issues[0]?.message ?? refusals.messageMissing;
        return render(reply, token, link, 400, { error, messageDraft: typed });
      }
      const { kept } = await addAdjusterMessage(db, link, body.data, new Date());
      if (!kept) {
        const error = refusals.tooManyToday(adjusterMessagesPerDay);
        return render(reply, token, link, 429, { error, messageDraft: typed });
      }
      return reply.redirect(`${pathOf(token)}?sendt=besked#${messageFormId}`, 303);
    },
  );

  api.get(
    `${adjusterPathPrefix}:token/billeder/:imageId`,
    { ...photoRead, schema: { params: photoParams, response: { 200: fileBody, 404: fileBody } } },
    async (request, reply) => {
      const { token, imageId } = request.params;
      const link = await openAdjusterLink(db, token, new Date());
      if (!link || !uuidPattern.test(imageId)) return notFound(reply);
      const [image] = await db
        .select({ objectKey: leadImages.objectKey })
        .from(leadImages)
        .where(and(eq(leadImages.id, imageId), eq(leadImages.leadId, link.leadId)));
      const object = image ? await deps.storage.get(image.objectKey) : null;
      if (!object) return notFound(reply);
      return reply
        .header('Content-Type', object.contentType)
        .header('Cache-Control', 'no-store, private')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'no-referrer')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(object.body);
    },
  );

  api.get(
    `${adjusterPathPrefix}:token/rapporter/:reportId.pdf`,
    { ...read, schema: { params: reportParams, response: { 200: fileBody, 404: fileBody } } },
    async (request, reply) => {
      const { token, reportId } = request.params;
      const link = await openAdjusterLink(db, token, new Date());
      if (!link || !uuidPattern.test(reportId)) return notFound(reply);
      const [report] = await db
        .select({ objectKey: leadReports.objectKey, sentAt: leadReports.createdAt })
        .from(leadReports)
        .where(and(eq(leadReports.id, reportId), eq(leadReports.leadId, link.leadId)));
      const object = report ? await deps.storage.get(report.objectKey) : null;
      if (!object) return notFound(reply);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="rapport-${report!.sentAt.toISOString().slice(0, 10)}.pdf"`,
        )
        .header('Cache-Control', 'no-store, private')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'no-referrer')
        .send(object.body);
    },
  );

  // The satisfaction question, once a report was sent: the customer's routes, this page's link.
  satisfactionRoutes(app, {
    pathPrefix: adjusterPathPrefix,
    publicUrl: config.publicUrl,
    now: () => new Date(),
    overPostLimit,
    open: (token) => openAdjusterLink(db, token, new Date()),
    answer: (link, answer, now) => answerAdjusterSatisfaction(db, link, answer, now),
    answered: async (link) => Boolean((await adjusterSatisfactionOf(db, link, new Date()))?.score),
    render: async (reply, token, status, survey) => {
      const link = await openAdjusterLink(db, token, new Date());
      return link ? render(reply, token, link, status, { survey }) : notFound(reply);
    },
  });
}
