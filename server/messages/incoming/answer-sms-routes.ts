/**
 * Customers' SMS answers (inbound-sms.ts): a POST route for each SMS provider that signs received
 * SMS, at its `incoming.path` (server/sms/providers.ts), signed with SMS_WEBHOOK_SECRET. Without
 * the secret the route does not exist (404): nothing unsigned is believed. Unsigned or forged → 401, a signed call without a
 * sender, id or text → 400; both store nothing. Answers 200 once the SMS is stored or forwarded,
 * so the gateway does not send it again (and if it does, it is stored once).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { smsProviders } from '../../sms/providers.ts';
import { keptSms, takeSms } from './answer-by-sms.ts';
import { webhookSchema } from '../../plugins/edge-schemas.ts';

export async function incomingSmsRoutes(
  app: FastifyInstance,
  deps: { config: Readonly<Pick<Config, 'sms'>>; db: Db },
): Promise<void> {
  const secret = deps.config.sms.webhookSecret;
  if (!secret) return;
  // The message is read from the signed header; a body of another type is not refused for that.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16_384 }, (_request, _body, done) =>
    done(null, {}),
  );

  for (const incoming of smsProviders.flatMap((provider) => provider.incoming ?? [])) {
    app.post(incoming.path, { bodyLimit: 16_384, schema: webhookSchema }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const sms = incoming.parse(request, secret);
      if (sms === 'unsigned') return reply.status(401).send({ error: 'Ugyldig eller manglende signatur' });
      if (sms === 'malformed') {
        return reply.status(400).send({ error: 'Beskeden mangler afsender, id eller tekst' });
      }
      const outcome = await takeSms(deps, keptSms(sms), new Date());
      return reply.status(200).send({ ok: true, outcome });
    });
  }
}
