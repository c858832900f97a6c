/**
 * GET /vagt/:token: the page an on-call SMS links to (server-rendered, Danish, for a phone at
 * night): the emergency's summary, a tap-to-call link and one button, "Jeg tager den".
 * POST /vagt/:token: that button. Only the POST acknowledges: SMS apps fetch links for their
 * previews, so a GET never changes anything. The POST needs the page's signed form token and,
 * when the browser sends them, a same-origin Origin and Sec-Fetch-Site (a CSRF defence without a
 * session). Forged link or disabled account → 403, expired → 410, lead erased → 404, all as Danish
 * pages.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import {
  ackFormToken,
  ackPathPrefix,
  checkAckFormToken,
  checkAckToken,
  checkQueueToken,
  queuePathPrefix,
} from '../paging/ack-link.ts';
import {
  ackFormPage,
  ackPageHtml,
  ackPagePolicy,
  ackProblemPage,
  alreadyTakenPage,
  takenPage,
  type AckPage,
} from './ack-page.ts';
import { acknowledgePage, pageSummary } from '../assignment/acknowledge.ts';
import { markCalledBack } from '../assignment/lead-actions.ts';
import { displayName } from '../rota/rota-store.ts';
import { pagedPeople, takenByYouPage } from './taken-page.ts';
import { isActiveStaff } from '../paging/disabled-staff.ts';
import { withBackLink } from './queue-page.ts';
import { formFields, pageAnswers, registerUrlEncodedForms } from '../../plugins/edge-schemas.ts';

/** The signed link's token, checked by the handler (a wrong one answers a page, not a 400). */
export const linkParams = z.object({ token: z.string() });

export interface OncallAckRouteDeps {
  config: Readonly<Pick<Config, 'publicUrl' | 'signingSecret'>>;
  db: Db;
  oncall: { clock: () => Date };
}

export function send(reply: FastifyReply, config: OncallAckRouteDeps['config'], page: AckPage) {
  return reply
    .status(page.status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Content-Security-Policy', ackPagePolicy(config.publicUrl))
    .send(ackPageHtml(page.title, page.body, page.refreshSeconds));
}

/** The browser says where the form came from; anything but this site is refused. */
export function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  // The page's Referrer-Policy is no-referrer, so a browser posts its form with `Origin: null`;
  // Sec-Fetch-Site (set by the browser itself) then tells where the post came from.
  if (origin === 'null') return site === 'same-origin';
  return origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`;
}

export async function oncallAckRoutes(app: FastifyInstance, deps: OncallAckRouteDeps): Promise<void> {
  const { config } = deps;
  registerUrlEncodedForms(app, { bodyLimit: 4096 });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const routeOptions = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
  const url = `${ackPathPrefix}:token`;
  const responses = pageAnswers(200, 403, 404, 409, 410);

  api.get(
    url,
    { ...routeOptions, schema: { params: linkParams, response: responses } },
    async (request, reply) => {
      const now = deps.oncall.clock();
      const link = checkAckToken(config.signingSecret, request.params.token, now);
      if (link.status !== 'ok') return send(reply, config, ackProblemPage(link.status));
      // A disabled account's links show nothing of the customer.
      if (!(await isActiveStaff(deps.db, link.userId)))
        return send(reply, config, ackProblemPage('disabled'));
      const summary = await pageSummary(deps.db, link.leadId);
      if (!summary) return send(reply, config, ackProblemPage('missing'));
      if (summary.takenBy?.userId === link.userId)
        return send(reply, config, await takenView(deps, request.params.token, summary.lead, false));
      return send(
        reply,
        config,
        ackFormPage(summary.lead, summary.takenBy, {
          userId: link.userId,
          formAction: request.url.split('?')[0] ?? '',
          formToken: ackFormToken(config.signingSecret, request.params.token, now),
        }),
      );
    },
  );

  api.post(
    url,
    { ...routeOptions, schema: { params: linkParams, body: formFields, response: responses } },
    async (request, reply) => {
      const now = deps.oncall.clock();
      const link = checkAckToken(config.signingSecret, request.params.token, now);
      if (link.status !== 'ok') return send(reply, config, ackProblemPage(link.status));
      const formToken = request.body.formToken ?? '';
      if (
        !sameOrigin(request, config.publicUrl) ||
        !checkAckFormToken(config.signingSecret, request.params.token, formToken, now)
      ) {
        return send(reply, config, ackProblemPage('forbidden'));
      }
      const result = await acknowledgePage(
        { db: deps.db, clock: deps.oncall.clock },
        { leadId: link.leadId, userId: link.userId, ip: request.ip },
      );
      if (result.kind === 'refused') return send(reply, config, ackProblemPage('disabled'));
      if (result.kind === 'not-found') return send(reply, config, ackProblemPage('missing'));
      const lead = (await pageSummary(deps.db, link.leadId))?.lead ?? null;
      if (result.kind === 'taken') {
        request.log.info({ reference: result.reference }, 'on-call page acknowledged');
        if (lead) return send(reply, config, await takenView(deps, request.params.token, lead, true));
        return send(reply, config, takenPage(result.reference, lead));
      }
      if (result.self && lead)
        return send(reply, config, await takenView(deps, request.params.token, lead, false));
      return send(reply, config, alreadyTakenPage(result, lead));
    },
  );

  // "Ringet op" from the phone: only the person who took it, with the page's own form token.
  api.post(
    `${url}/ringet-op`,
    { ...routeOptions, schema: { params: linkParams, body: formFields, response: responses } },
    async (request, reply) => {
      const now = deps.oncall.clock();
      const link = checkAckToken(config.signingSecret, request.params.token, now);
      if (link.status !== 'ok') return send(reply, config, ackProblemPage(link.status));
      const formToken = request.body.formToken ?? '';
      if (
        !sameOrigin(request, config.publicUrl) ||
        !checkAckFormToken(config.signingSecret, request.params.token, formToken, now)
      ) {
        return send(reply, config, ackProblemPage('forbidden'));
      }
      const [person] = await deps.db.select().from(users).where(eq(users.id, link.userId));
      if (!person || person.disabledAt) return send(reply, config, ackProblemPage('disabled'));
      const summary = await pageSummary(deps.db, link.leadId);
      if (!summary) return send(reply, config, ackProblemPage('missing'));
      if (summary.takenBy?.userId !== link.userId) return send(reply, config, ackProblemPage('not-yours'));
      await markCalledBack(
        { db: deps.db, clock: deps.oncall.clock },
        { leadId: link.leadId, actor: { userId: person.id, email: person.email, ip: request.ip } },
      );
      const lead = (await pageSummary(deps.db, link.leadId))?.lead ?? summary.lead;
      const back = queueListBack(config.signingSecret, request.body.back, link.userId, now);
      return send(reply, config, await takenView(deps, request.params.token, lead, false, back));
    },
  );
}

type TakenLead = NonNullable<Awaited<ReturnType<typeof pageSummary>>>['lead'];

/**
 * The queue page's path when the form came from it: only a list link of this same person, so the
 * field cannot put another link on the page.
 */
function queueListBack(secret: string, value: unknown, userId: string, now: Date): string | undefined {
  if (typeof value !== 'string' || !value.startsWith(queuePathPrefix)) return undefined;
  const list = checkQueueToken(secret, value.slice(queuePathPrefix.length), now);
  return list.status === 'ok' && list.userId === userId ? value : undefined;
}

/**
 * The taken page of a link's person (`token` is their `/vagt/…` link for the lead), with the
 * "Ringet op" form signed for that link. `back` is a list path to show a way back to (a take or a
 * callback from the queue page).
 */
export async function takenView(
  deps: OncallAckRouteDeps,
  token: string,
  lead: TakenLead,
  justTaken: boolean,
  back?: string,
): Promise<AckPage> {
  const { config } = deps;
  const stamper = lead.calledBackBy
    ? (await deps.db.select().from(users).where(eq(users.id, lead.calledBackBy)))[0]
    : undefined;
  const page = takenByYouPage({
    lead,
    justTaken,
    paged: await pagedPeople(deps.db, lead.id),
    calledBack: lead.calledBackAt
      ? { at: lead.calledBackAt, name: stamper ? displayName(stamper) : 'en kollega' }
      : null,
    callbackForm: {
      action: `${ackPathPrefix}${token}/ringet-op`,
      formToken: ackFormToken(config.signingSecret, token, deps.oncall.clock()),
      ...(back ? { back } : {}),
    },
    inboxUrl: `${config.publicUrl}/indbakke/henvendelse/${lead.id}`,
  });
  return back ? withBackLink(page, back) : page;
}
