/**
 * Delivery reports from the SMS provider (server/sms/delivery-status.ts, ./delivery.ts):
 * POST /sms-status/gatewayapi (the report signed as a JWT in X-Gwapi-Signature) and
 * POST /sms-status/cpsms/<our signed SMS id>?status=… . Without SMS_WEBHOOK_SECRET both answer
 * 404: nothing is asked for and nothing is believed. A report that is unsigned, forged or names
 * no state we know answers 401 and changes nothing. A signed report that brings no news (more
 * than a day old, about an SMS already final, or the same report again) answers 200 with its
 * outcome and records nothing, so the provider stops sending it (./delivery.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import {
  cpsmsReport,
  deliveryReportPaths,
  gatewayapiReport,
  type DeliveryReport,
} from '../../sms/delivery-status.ts';
import { recordDeliveryReport, type DeliveryDeps } from './delivery.ts';

export interface DeliveryRouteDeps extends DeliveryDeps {
  config: Readonly<Pick<Config, 'sms'>>;
  oncall: { clock: () => Date };
}

export async function deliveryReportRoutes(app: FastifyInstance, deps: DeliveryRouteDeps): Promise<void> {
  const secret = deps.config.sms.webhookSecret;
  if (!secret) return;
  // CPSMS may post its parameters as a form too; the state is read from the query alone.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_r, _b, done) => done(null, {}),
  );

  const answer = async (reply: FastifyReply, report: DeliveryReport | null) => {
    reply.header('Cache-Control', 'no-store');
    if (!report) return reply.status(401).send({ error: 'Ugyldig eller manglende signatur' });
    const outcome = await recordDeliveryReport(deps, report, deps.oncall.clock());
    return reply.status(200).send({ ok: true, outcome });
  };

  app.post(deliveryReportPaths.gatewayapi, { bodyLimit: 16_384 }, async (request, reply) => {
    const header = request.headers['x-gwapi-signature'];
    return answer(
      reply,
      gatewayapiReport(typeof header === 'string' ? header : undefined, secret, deps.oncall.clock()),
    );
  });

  app.post<{ Params: { token: string }; Querystring: { status?: string } }>(
    `${deliveryReportPaths.cpsms}/:token`,
    { bodyLimit: 16_384 },
    async (request, reply) =>
      answer(reply, cpsmsReport(request.params.token, request.query.status, secret, deps.oncall.clock())),
  );
}
