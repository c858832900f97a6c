/**
 * GET /vagt/liste/:token: the on-call queue page a digest SMS links to (server/oncall/phone-pages/queue-page.ts),
 * for the person the link was signed for, a page of 100 at a time (`?efter=`/`?foer=` a cursor,
 * `?orden=nyeste`; a cursor that is not ours → 400). POST /vagt/liste/:token: "Jeg tager den" on one of its
 * emergencies (`lead` in the form), exactly as on the single page (server/oncall/phone-pages/ack-routes.ts):
 * the page's signed form token and a same-origin post, then the same acknowledgement. Forged link
 * → 403, expired → 410, disabled account → 403; the same headers as the single page.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ackFormToken,
  ackPathPrefix,
  ackToken,
  checkAckFormToken,
  checkQueueToken,
  queuePathPrefix,
} from '../paging/ack-link.ts';
import { ackProblemPage, alreadyTakenPage, takenPage } from './ack-page.ts';
import { linkParams, sameOrigin, send, takenView, type OncallAckRouteDeps } from './ack-routes.ts';
import { acknowledgePage, pageSummary } from '../assignment/acknowledge.ts';
import { isActiveStaff } from '../paging/disabled-staff.ts';
import { parseQueueView } from './queue-list.ts';
import { recordListOpened } from '../surge/working.ts';
import { badCursorPage, loadQueue, queuePage, withBackLink } from './queue-page.ts';
import { formFields, pageAnswers, registerUrlEncodedForms } from '../../plugins/edge-schemas.ts';

const queueQuery = z.record(z.string(), z.unknown());

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The form token is signed over the list's own path, never valid on a single page's form. */
const formSubject = (token: string) => `liste/${token}`;

export async function oncallQueueRoutes(app: FastifyInstance, deps: OncallAckRouteDeps): Promise<void> {
  const { config } = deps;
  registerUrlEncodedForms(app, { bodyLimit: 4096 });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const routeOptions = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
  const url = `${queuePathPrefix}:token`;
  const responses = pageAnswers(200, 400, 403, 404, 409, 410);

  api.get(
    url,
    // The view (cursor, order) is read by parseQueueView: one it cannot read answers a page.
    { ...routeOptions, schema: { params: linkParams, querystring: queueQuery, response: responses } },
    async (request, reply) => {
      const now = deps.oncall.clock();
      const link = checkQueueToken(config.signingSecret, request.params.token, now);
      if (link.status !== 'ok') return send(reply, config, ackProblemPage(link.status));
      if (!(await isActiveStaff(deps.db, link.userId)))
        return send(reply, config, ackProblemPage('disabled'));
      // Opening the list is working the queue: the expected wait counts the person in.
      await recordListOpened(deps.db, link.userId, now);
      const listPath = request.url.split('?')[0] ?? '';
      const view = parseQueueView(request.query);
      if (!view) return send(reply, config, badCursorPage(listPath));
      const queue = await loadQueue(deps.db, now, view);
      return send(
        reply,
        config,
        queuePage(
          queue,
          now,
          {
            action: listPath,
            formToken: ackFormToken(config.signingSecret, formSubject(request.params.token), now),
            takenLink: (row) =>
              row.byUserId === link.userId
                ? `${ackPathPrefix}${ackToken(config.signingSecret, row.leadId, link.userId, now)}`
                : undefined,
          },
          request.query.auto === '1',
          view,
        ),
      );
    },
  );

  api.post(
    url,
    { ...routeOptions, schema: { params: linkParams, body: formFields, response: responses } },
    async (request, reply) => {
      const now = deps.oncall.clock();
      const link = checkQueueToken(config.signingSecret, request.params.token, now);
      if (link.status !== 'ok') return send(reply, config, ackProblemPage(link.status));
      const formToken = request.body.formToken ?? '';
      const leadId = request.body.lead ?? '';
      if (
        !sameOrigin(request, config.publicUrl) ||
        !checkAckFormToken(config.signingSecret, formSubject(request.params.token), formToken, now)
      ) {
        return send(reply, config, ackProblemPage('forbidden'));
      }
      if (!uuidPattern.test(leadId)) return send(reply, config, ackProblemPage('missing'));
      const result = await acknowledgePage(
        { db: deps.db, clock: deps.oncall.clock },
        { leadId, userId: link.userId, ip: request.ip },
      );
      if (result.kind === 'refused') return send(reply, config, ackProblemPage('disabled'));
      if (result.kind === 'not-found') return send(reply, config, ackProblemPage('missing'));
      const lead = (await pageSummary(deps.db, leadId))?.lead ?? null;
      const listUrl = request.url.split('?')[0] ?? '';
      if (result.kind === 'taken') {
        request.log.info({ reference: result.reference }, 'on-call page acknowledged from the queue page');
      }
      // The same page as a take from a single page SMS: what the customer wrote, "Ringet op", who
      // else was paged; signed as this person's own link for the lead.
      if ((result.kind === 'taken' || result.self) && lead) {
        const token = ackToken(config.signingSecret, leadId, link.userId, now);
        return send(reply, config, await takenView(deps, token, lead, result.kind === 'taken', listUrl));
      }
      if (result.kind === 'taken')
        return send(reply, config, withBackLink(takenPage(result.reference, lead), listUrl));
      return send(reply, config, withBackLink(alreadyTakenPage(result, lead), listUrl));
    },
  );
}
