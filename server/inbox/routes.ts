/**
 * The inbox's leads: the list (GET /api/staff/leads), the CSV export, one lead, its changes
 * (PATCH answers the updated lead), notes, and one status for many leads at once.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  caseLinkAnswer,
  bulkStatusAnswer,
  bulkStatusBody,
  leadAnswer,
  leadPhotosAnswer,
  leadChange,
  leadFilterQuery,
  leadListQuery,
  leadPage,
  leadParams,
  leadVersionAnswer,
  leadVersionUnchanged,
  noteAnswer,
  noteBody,
} from '../../domain/staff-api/leads.ts';
import type { Db } from '../db/client.ts';
import { actorOf } from '../staff/session.ts';
import { csvRow, csvStart } from './lead-csv.ts';
import { addNote, changeStatuses, updateLead } from './lead-changes.ts';
import { closeCaseLink, sendNewCaseLink } from '../case/staff-case-link.ts';
import { exportLeads, leadPhotos, listLeadsFor, viewLead } from './leads.ts';
import { leadVersion } from './lead-version.ts';
import { setVisitTime } from './visit-time.ts';
import { customerSmsSettings } from '../messages/outgoing/sms-budget.ts';
import { visitAnswer, visitBody } from '../../domain/staff-api/visit.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { fileBody } from '../plugins/edge-schemas.ts';

export async function staffLeadRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    storage: Pick<ObjectStore, 'signedReadUrl'>;
    config: Parameters<typeof customerSmsSettings>[0];
  },
): Promise<void> {
  const deps = {
    db: options.db,
    storage: options.storage,
    sms: customerSmsSettings(options.config),
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireStaff;

  api.get(
    '/api/staff/leads',
    { preHandler, schema: { querystring: leadListQuery, response: { 200: leadPage } } },
    async (request) => listLeadsFor(deps, request.query, actorOf(request)),
  );

  api.get(
    '/api/staff/leads/export.csv',
    {
      preHandler,
      config: { staffPermission: 'csvExport' },
      schema: { querystring: leadFilterQuery, response: { 200: fileBody } },
    },
    async (request, reply) => {
      const rows = exportLeads(deps, request.query, actorOf(request));
      // The first step writes the audit row; it runs before the answer starts.
      const first = await rows.next();
      async function* lines() {
        yield csvStart;
        if (first.done) return;
        yield csvRow(first.value);
        for await (const lead of rows) yield csvRow(lead);
      }
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="henvendelser-${today}.csv"`)
        .send(Readable.from(lines()));
    },
  );

  api.post(
    '/api/staff/leads/status',
    { preHandler, schema: { body: bulkStatusBody, response: { 200: bulkStatusAnswer } } },
    async (request) => changeStatuses(deps, request.body, actorOf(request)),
  );

  api.get(
    '/api/staff/leads/:id',
    { preHandler, schema: { params: leadParams, response: { 200: leadAnswer } } },
    async (request) => ({ lead: await viewLead(deps, request.params.id, actorOf(request)) }),
  );

  // Asked every few seconds by an open lead page; unchanged answers 304 to its If-None-Match.
  api.get(
    '/api/staff/leads/:id/version',
    {
      preHandler,
      schema: { params: leadParams, response: { 200: leadVersionAnswer, 304: leadVersionUnchanged } },
    },
    async (request, reply) => {
      const version = await leadVersion(deps.db, request.params.id);
      const etag = `"${version}"`;
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return { version };
    },
  );

  api.get(
    '/api/staff/leads/:id/photos',
    { preHandler, schema: { params: leadParams, response: { 200: leadPhotosAnswer } } },
    async (request) => ({ images: await leadPhotos(deps, request.params.id, actorOf(request)) }),
  );

  api.patch(
    '/api/staff/leads/:id',
    { preHandler, schema: { params: leadParams, body: leadChange, response: { 200: leadAnswer } } },
    async (request) => ({ lead: await updateLead(deps, request.params.id, request.body, actorOf(request)) }),
  );

  api.post(
    '/api/staff/leads/:id/notes',
    { preHandler, schema: { params: leadParams, body: noteBody, response: { 201: noteAnswer } } },
    async (request, reply) => {
      const note = await addNote(deps, request.params.id, request.body.body, actorOf(request));
      return reply.status(201).send({ note });
    },
  );

  // The agreed visit (the customer's "Besigtigelse aftalt"): a Danish date and time, or null.
  api.put(
    '/api/staff/leads/:id/visit',
    { preHandler, schema: { params: leadParams, body: visitBody, response: { 200: visitAnswer } } },
    async (request) => {
      const { visitAt: time, notifyCustomer } = request.body;
      const visitAt = await setVisitTime(deps, request.params.id, time, actorOf(request), { notifyCustomer });
      return { visitAt: visitAt?.toISOString() ?? null };
    },
  );

  // The customer's case page link: close it, or close it and e-mail the customer a new one.
  api.post(
    '/api/staff/leads/:id/case-link',
    { preHandler, schema: { params: leadParams, response: { 200: caseLinkAnswer } } },
    async (request) => ({ caseLink: await sendNewCaseLink(deps, request.params.id, actorOf(request)) }),
  );

  api.delete(
    '/api/staff/leads/:id/case-link',
    { preHandler, schema: { params: leadParams, response: { 200: caseLinkAnswer } } },
    async (request) => ({ caseLink: await closeCaseLink(deps, request.params.id, actorOf(request)) }),
  );
}
