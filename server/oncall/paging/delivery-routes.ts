/**
 * Delivery reports from the SMS providers (server/sms/delivery-status.ts, ./delivery.ts): one
 * POST route per provider, at its `deliveryReports.path` (server/sms/providers.ts), signed as the
 * provider's module says. Without SMS_WEBHOOK_SECRET they answer 404: nothing is asked for and
 * nothing is believed. A report that is unsigned, forged or names
 * no state we know answers 401 and changes nothing. A signed report that brings no news (more
 * than a day old, about an SMS already final, or the same report again) answers 200 with its
 * outcome and records nothing, so the provider stops sending it (./delivery.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import type { DeliveryReport } from '../../sms/delivery-status.ts';
import { smsProviders } from '../../sms/providers.ts';
import { recordDeliveryReport, type DeliveryDeps } from './delivery.ts';
import { registerUrlEncodedForms, webhookSchema } from '../../plugins/edge-schemas.ts';

export interface DeliveryRouteDeps extends DeliveryDeps {
  config: Readonly<Pick<Config, 'sms'>>;
  oncall: { clock: () => Date };
}

export async function deliveryReportRoutes(app: FastifyInstance, deps: DeliveryRouteDeps): Promise<void> {
  const secret = deps.config.sms.webhookSecret;
  if (!secret) return;
  // A provider may post its parameters as a form too (taken, not read): the report is read from
  // headers, path and query, where the signature covers it.
  registerUrlEncodedForms(app, { bodyLimit: 4096 });

  const answer = async (reply: FastifyReply, report: DeliveryReport | null) => {
    reply.header('Cache-Control', 'no-store');
    if (!report) return reply.status(401).send({ error: 'Ugyldig eller manglende signatur' });
    const outcome = await recordDeliveryReport(deps, report, deps.oncall.clock());
    return reply.status(200).send({ ok: true, outcome });
  };

  for (const provider of smsProviders) {
    const reports = provider.deliveryReports;
    app.post(reports.path, { bodyLimit: 16_384, schema: webhookSchema }, async (request, reply) =>
      answer(reply, reports.parse(request, secret, deps.oncall.clock())),
    );
  }
}
