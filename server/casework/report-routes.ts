/**
 * The first report to the insurer in the staff API (server/casework/report/): the report as the
 * case's facts make it now, sending it, and the reports sent. Both roles: it is the daily work on
 * a case. The PDFs hold personal data: no-store like every staff answer, and each read is audited.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leadParams } from '../../domain/staff-api/leads.ts';
import {
  reportParams,
  reportSendAnswer,
  reportSendBody,
  reportsAnswer,
} from '../../domain/staff-api/reports.ts';
import type { Db } from '../db/client.ts';
import { fileBody } from '../plugins/edge-schemas.ts';
import { actorOf } from '../staff/session.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import {
  currentReport,
  reportsOfLead,
  sendReport,
  sentReportFile,
  type ReportFile,
} from './report/send-report.ts';
import { warmUpReportPdf } from './report/warm-up.ts';

/** How long after listening the report code is warmed: the start's own first requests go first. */
const reportWarmUpDelayMs = 1000;

function sendPdf(reply: FastifyReply, file: ReportFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes));
}

export async function staffReportRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    storage: Pick<ObjectStore, 'get' | 'put' | 'delete' | 'signedReadUrl'>;
    config: { publicUrl: string };
  },
): Promise<void> {
  const deps = { db: options.db, storage: options.storage, publicUrl: options.config.publicUrl };
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The first report after a start would wait for the PDF code to warm: done once in the
  // background a moment after the server listens (not before: readiness is never delayed).
  let warmUp: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    warmUp = setTimeout(() => {
      warmUpReportPdf().catch((error: unknown) => app.log.warn({ err: error }, 'report warm-up failed'));
    }, reportWarmUpDelayMs);
    warmUp.unref();
  });
  app.addHook('onClose', async () => clearTimeout(warmUp));
  const preHandler = app.requireStaff;

  api.get(
    '/api/staff/leads/:id/report.pdf',
    { preHandler, schema: { params: leadParams, response: { 200: fileBody } } },
    async (request, reply) => sendPdf(reply, await currentReport(deps, request.params.id, actorOf(request))),
  );

  api.post(
    '/api/staff/leads/:id/report',
    { preHandler, schema: { params: leadParams, body: reportSendBody, response: { 201: reportSendAnswer } } },
    async (request, reply) => {
      const report = await sendReport(deps, request.params.id, request.body, actorOf(request));
      return reply.status(201).send({ report });
    },
  );

  api.get(
    '/api/staff/leads/:id/reports',
    { preHandler, schema: { params: leadParams, response: { 200: reportsAnswer } } },
    async (request) => reportsOfLead(deps, request.params.id),
  );

  api.get(
    '/api/staff/leads/:id/reports/:reportId.pdf',
    { preHandler, schema: { params: reportParams, response: { 200: fileBody } } },
    async (request, reply) =>
      sendPdf(
        reply,
        await sentReportFile(deps, request.params.id, request.params.reportId, actorOf(request)),
      ),
  );
}
