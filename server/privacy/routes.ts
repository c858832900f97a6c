/**
 * The privacy policy's rights for one person, by e-mail or phone: look up what is stored,
 * download it as JSON, and erase it (the address or number typed again; a customer only with the
 * explicit override of the customer retention period). Rules and audit: services/personal-data.ts.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  erasureAnswer,
  erasureBody,
  personalDataAnswer,
  personalDataExport,
  personQuery,
} from '../../domain/staff-api/personal-data.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { actorOf } from '../staff/session.ts';
import { erasePerson, exportPersonalData, lookUpPersonalData } from './personal-data.ts';
import type { ObjectStore } from '../storage/object-store.ts';

export async function staffPersonalDataRoutes(
  app: FastifyInstance,
  deps: { config: Readonly<Config>; db: Db; storage: Pick<ObjectStore, 'delete'> },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireStaff;
  // Every personal-data request is a koordinator's (domain/staff-api/roles.ts).
  const config = { staffPermission: 'personalData' } as const;
  // The embedded mail transport keeps copies of sent mails here (none with a real SMTP server).
  const mailDir = deps.config.mail.smtpUrl ? undefined : join(deps.config.dataDir, 'mail');
  // The file SMS transport's copies; looked at with a provider too, for those written before it.
  const smsDir = join(deps.config.dataDir, 'sms');

  api.get(
    '/api/staff/personal-data',
    { preHandler, config, schema: { querystring: personQuery, response: { 200: personalDataAnswer } } },
    async (request) => lookUpPersonalData(deps.db, request.query, actorOf(request)),
  );

  api.get(
    '/api/staff/personal-data/export',
    { preHandler, config, schema: { querystring: personQuery, response: { 200: personalDataExport } } },
    async (request, reply) => {
      const data = await exportPersonalData(deps.db, request.query, actorOf(request));
      const today = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="persondata-${today}.json"`);
      return data;
    },
  );

  api.post(
    '/api/staff/personal-data/erase',
    { preHandler, config, schema: { body: erasureBody, response: { 200: erasureAnswer } } },
    async (request) =>
      erasePerson({ db: deps.db, storage: deps.storage, mailDir, smsDir }, request.body, actorOf(request)),
  );
}
