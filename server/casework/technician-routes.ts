/**
 * The technician's page of a case (./technician-page.ts) and its plain forms: a milestone, a
 * moisture reading and photos from the camera. Staff only (a full session with its second factor;
 * without one the browser goes to the inbox's login). A saved form answers with a redirect back to
 * the page (reloading does not record it twice) and the page says what was saved; a refused one
 * shows the page again with the Danish messages at their fields and what was typed.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { milestoneKinds } from '../../domain/milestones.ts';
import { leadParams } from '../../domain/staff-api/leads.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { customerSmsSettings } from '../messages/outgoing/sms-budget.ts';
import { formFields, pageAnswers, registerUrlEncodedForms } from '../plugins/edge-schemas.ts';
import { messages } from '../plugins/errors.ts';
import { actorOf } from '../staff/session.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import { readMultipartForm, registerMultipartForms } from '../uploads/multipart.ts';
import {
  loadTechnicianView,
  staffPageGuard,
  submitMilestone,
  submitReading,
  technicianPath,
  type FormOutcome,
} from './technician-forms.ts';
import {
  savedText,
  technicianCopy,
  technicianPageHtml,
  technicianPagePolicy,
  type TechnicianView,
} from './technician-page.ts';
import { takeTechnicianPhotos, technicianPhotosPerPost } from './technician-photos.ts';

const pageQuery = z.object({
  gemt: z.enum([...milestoneKinds, 'maaling', 'billeder']).optional(),
  antal: z.string().optional(),
});

/** What the redirect after a saved form says was saved; nothing when the address names nothing real. */
function savedNotice(
  view: Omit<TechnicianView, 'saved'>,
  query: z.infer<typeof pageQuery>,
): string | undefined {
  const { gemt: saved } = query;
  if (saved === 'maaling') return technicianCopy.readingSaved;
  if (saved === 'billeder') {
    const photos = Math.min(technicianPhotosPerPost, Number.parseInt(query.antal ?? '', 10) || 0);
    return photos > 0 ? technicianCopy.photosSaved(photos) : undefined;
  }
  const last = view.milestones.findLast((m) => m.kind === saved);
  if (!saved || !last) return undefined;
  return savedText(saved, typeof last.details.etaAt === 'string' ? new Date(last.details.etaAt) : undefined);
}

export async function technicianRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Readonly<Config>; storage: AnyObjectStore },
): Promise<void> {
  registerUrlEncodedForms(app, { bodyLimit: 8192 });
  await registerMultipartForms(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const uploadDeps = {
    db: deps.db,
    storage: deps.storage,
    pendingMaxBytes: deps.config.uploadPendingMaxBytes,
  };
  const milestoneDeps = { db: deps.db, sms: customerSmsSettings(deps.config) };
  const preHandler = staffPageGuard((request) => app.requireStaff.call(app, request));
  const answers = pageAnswers(200, 303, 400, 404, 413, 415, 429, 503);

  type PageState =
    Partial<TechnicianView> | ((view: Omit<TechnicianView, 'saved'>) => Partial<TechnicianView>);

  async function page(reply: FastifyReply, leadId: string, status: number, state: PageState) {
    const view = await loadTechnicianView(deps.db, leadId);
    if (!view) return reply.status(404).send({ message: messages.notFound });
    return reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Referrer-Policy', 'same-origin')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .header('Content-Security-Policy', technicianPagePolicy(deps.config.publicUrl))
      .send(technicianPageHtml({ ...view, ...(typeof state === 'function' ? state(view) : state) }));
  }

  /** A saved form goes back to the page saying so; a refused one shows it again, 400. */
  const answer = (reply: FastifyReply, leadId: string, result: FormOutcome, saved: string) =>
    result.saved
      ? reply.redirect(`${technicianPath(leadId)}?gemt=${saved}`, 303)
      : page(reply, leadId, 400, { refused: result.refused });

  api.get(
    '/tekniker/:id',
    { preHandler, schema: { params: leadParams, querystring: pageQuery, response: answers } },
    async (request, reply) =>
      page(reply, request.params.id, 200, (view) => ({ saved: savedNotice(view, request.query) })),
  );

  api.post(
    '/tekniker/:id/milepael',
    { preHandler, schema: { params: leadParams, body: formFields, response: answers } },
    async (request, reply) => {
      const result = await submitMilestone(milestoneDeps, request.params.id, request.body, actorOf(request));
      return answer(reply, request.params.id, result, encodeURIComponent(request.body.kind ?? ''));
    },
  );

  api.post(
    '/tekniker/:id/maaling',
    { preHandler, schema: { params: leadParams, body: formFields, response: answers } },
    async (request, reply) => {
      const result = await submitReading(deps, request.params.id, request.body, actorOf(request));
      return answer(reply, request.params.id, result, 'maaling');
    },
  );

  // The photos are read from the multipart stream by the handler (server/uploads/multipart.ts).
  api.post(
    '/tekniker/:id/billeder',
    { preHandler, schema: { params: leadParams, response: answers } },
    async (request, reply) => {
      const leadId = request.params.id;
      const refuse = (status: number, message: string) =>
        page(reply, leadId, status, { refused: { form: 'photos', message, fields: {}, values: {} } });
      if (!request.isMultipart()) return refuse(415, technicianCopy.photosMissing);
      const form = await readMultipartForm(request, uploadDeps, { maxPhotos: technicianPhotosPerPost });
      const result = await takeTechnicianPhotos(
        { ...uploadDeps, log: request.log },
        leadId,
        form,
        actorOf(request),
      );
      if ('status' in result) return refuse(result.status, result.message);
      return reply.redirect(`${technicianPath(leadId)}?gemt=billeder&antal=${result.added}`, 303);
    },
  );
}
