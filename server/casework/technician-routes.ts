/**
 * The technician's page of a case (./technician-page.ts) and its two plain forms: a milestone and a
 * moisture reading. Staff only (a full session with its second factor; without one the browser
 * goes to the inbox's login). A saved form answers with a redirect back to the page (so reloading
 * does not record it twice) and the page says what was saved; a refused one shows the page again
 * with the Danish messages at their fields and what was typed.
 */
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { milestoneKinds, type MilestoneKind } from '../../domain/milestones.ts';
import { leadParams } from '../../domain/staff-api/leads.ts';
import { milestoneBody } from '../../domain/staff-api/milestones.ts';
import { moistureBody } from '../../domain/staff-api/moisture.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { leadImages, leadMilestones, leads } from '../db/schema.ts';
import { customerSmsSettings } from '../messages/outgoing/sms-budget.ts';
import { CodedError } from '../plugins/error-codes.ts';
import { formFields, pageAnswers, registerUrlEncodedForms } from '../plugins/edge-schemas.ts';
import { messages } from '../plugins/errors.ts';
import { tagAccess } from '../staff/roles.ts';
import { actorOf } from '../staff/session.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import { readMultipartForm, registerMultipartForms } from '../uploads/multipart.ts';
import { discardUploads } from '../uploads/purge.ts';
import { readingsOfLead, recordReading } from './drying/readings.ts';
import { addTechnicianPhotos, technicianPhotosPerPost } from './technician-photos.ts';
import { recordMilestone } from './milestones/record.ts';
import {
  savedText,
  technicianCopy,
  technicianPageHtml,
  technicianPagePolicy,
  type TechnicianView,
} from './technician-page.ts';

export const technicianPath = (leadId: string) => `/tekniker/${encodeURIComponent(leadId)}`;

const pageQuery = z.object({
  gemt: z.enum([...milestoneKinds, 'maaling', 'billeder']).optional(),
  antal: z.string().optional(),
});

type Refused = NonNullable<TechnicianView['refused']>;

async function loadView(db: Db, leadId: string): Promise<Omit<TechnicianView, 'saved' | 'refused'> | null> {
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId)).limit(1);
  if (!lead) return null;
  const [milestones, readings, [photos]] = await Promise.all([
    db
      .select()
      .from(leadMilestones)
      .where(and(eq(leadMilestones.leadId, leadId), isNull(leadMilestones.withdrawnAt)))
      .orderBy(asc(leadMilestones.at)),
    readingsOfLead(db, leadId),
    db.select({ n: count() }).from(leadImages).where(eq(leadImages.leadId, leadId)),
  ]);
  const details = lead.details as Record<string, unknown>;
  const detail = (name: string) => (typeof details[name] === 'string' ? (details[name] as string) : null);
  return {
    lead: {
      id: lead.id,
      reference: lead.reference,
      name: lead.name,
      phone: lead.phone,
      address: detail('adresse'),
      damageType: detail('skadetype'),
    },
    milestones: milestones.map((m) => ({ kind: m.kind, at: m.at, by: m.createdByName, details: m.details })),
    readings,
    photoCount: photos?.n ?? 0,
    inboxUrl: `/indbakke/henvendelse/${encodeURIComponent(lead.id)}`,
    actions: {
      milestone: `${technicianPath(lead.id)}/milepael`,
      moisture: `${technicianPath(lead.id)}/maaling`,
      photos: `${technicianPath(lead.id)}/billeder`,
    },
  };
}

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

/** A refusal's messages by field, the first of each; a refusal without fields under `fallback`. */
function refusalOf(error: unknown, form: string, values: Record<string, string>, fallback: string): Refused {
  if (error instanceof z.ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      const name = String(issue.path.at(-1) ?? fallback);
      fields[name] ??= issue.message;
    }
    return { form, message: messages.validation, fields, values };
  }
  if (error instanceof CodedError && error.status < 500) {
    const fields = Object.fromEntries(
      Object.entries(error.errors ?? {}).map(([k, v]) => [k.split('.').at(-1)!, v[0]!]),
    );
    return { form, message: error.message, fields, values };
  }
  throw error;
}

/** The milestone form's fields as the API's body: details by kind, "tell the customer" as ticked. */
function milestoneInput(fields: Record<string, string>) {
  const kind = fields.kind as MilestoneKind;
  const details: Record<string, string> = {};
  if (kind === 'paa-vej') details.eta = fields.eta ?? '';
  if (kind === 'affugtning-startet') {
    details.affugtere = fields.affugtere ?? '';
    details.forventetDage = fields.forventetDage ?? '';
  }
  return {
    kind,
    details,
    ...(fields.note?.trim() ? { note: fields.note.trim() } : {}),
    ...(fields.notifyAsked ? { notifyCustomer: fields.notifyCustomer === 'on' } : {}),
  };
}

/** A reading's fields as the API's body: the value as Danes write it ("18,5"). */
function moistureInput(fields: Record<string, string>) {
  const value = (fields.value ?? '').trim().replace(',', '.');
  return {
    room: fields.room ?? '',
    point: fields.point ?? '',
    value: /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN,
    unit: fields.unit ?? '',
  };
}

export async function technicianRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Readonly<Config>; storage: AnyObjectStore },
): Promise<void> {
  registerUrlEncodedForms(app, { bodyLimit: 8192 });
  await registerMultipartForms(app);
  const uploadDeps = {
    db: deps.db,
    storage: deps.storage,
    pendingMaxBytes: deps.config.uploadPendingMaxBytes,
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const milestoneDeps = { db: deps.db, sms: customerSmsSettings(deps.config) };
  const answers = pageAnswers(200, 303, 400, 404, 413, 415, 429, 503);

  // A page, not the API: without a session the browser is sent to the inbox's login.
  const staffPage = tagAccess(async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await app.requireStaff.call(app, request);
    } catch (error) {
      if (error instanceof CodedError && error.status === 401) return reply.redirect('/indbakke/login', 303);
      throw error;
    }
  }, 'staff');

  const send = (reply: FastifyReply, status: number, view: TechnicianView) =>
    reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Referrer-Policy', 'same-origin')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .header('Content-Security-Policy', technicianPagePolicy(deps.config.publicUrl))
      .send(technicianPageHtml(view));

  const notFound = (reply: FastifyReply) => reply.status(404).send({ message: messages.notFound });

  api.get(
    '/tekniker/:id',
    { preHandler: staffPage, schema: { params: leadParams, querystring: pageQuery, response: answers } },
    async (request, reply) => {
      const view = await loadView(deps.db, request.params.id);
      if (!view) return notFound(reply);
      return send(reply, 200, { ...view, saved: savedNotice(view, request.query) });
    },
  );

  api.post(
    '/tekniker/:id/milepael',
    { preHandler: staffPage, schema: { params: leadParams, body: formFields, response: answers } },
    async (request, reply) => {
      const leadId = request.params.id;
      const input = milestoneInput(request.body);
      let refused: Refused;
      try {
        await recordMilestone(milestoneDeps, leadId, milestoneBody.parse(input), actorOf(request));
        return reply.redirect(`${technicianPath(leadId)}?gemt=${encodeURIComponent(input.kind)}`, 303);
      } catch (error) {
        refused = refusalOf(error, `step-${input.kind}`, request.body, 'kind');
      }
      const view = await loadView(deps.db, leadId);
      return view ? send(reply, 400, { ...view, refused }) : notFound(reply);
    },
  );

  api.post(
    '/tekniker/:id/maaling',
    { preHandler: staffPage, schema: { params: leadParams, body: formFields, response: answers } },
    async (request, reply) => {
      const leadId = request.params.id;
      let refused: Refused;
      try {
        await recordReading(deps, leadId, moistureBody.parse(moistureInput(request.body)), actorOf(request));
        return reply.redirect(`${technicianPath(leadId)}?gemt=maaling`, 303);
      } catch (error) {
        refused = refusalOf(error, 'moisture', request.body, 'value');
      }
      const view = await loadView(deps.db, leadId);
      return view ? send(reply, 400, { ...view, refused }) : notFound(reply);
    },
  );

  // The photos are read from the multipart stream by the handler (server/uploads/multipart.ts).
  api.post(
    '/tekniker/:id/billeder',
    { preHandler: staffPage, schema: { params: leadParams, response: answers } },
    async (request, reply) => {
      const leadId = request.params.id;
      const again = async (status: number, message: string) => {
        const view = await loadView(deps.db, leadId);
        if (!view) return notFound(reply);
        return send(reply, status, { ...view, refused: { form: 'photos', message, fields: {}, values: {} } });
      };
      if (!request.isMultipart()) return again(415, technicianCopy.photosMissing);
      const form = await readMultipartForm(request, uploadDeps, { maxPhotos: technicianPhotosPerPost });
      const discard = () => discardUploads({ ...uploadDeps, log: request.log }, form.photoUrls);
      if (form.photoError) {
        await discard();
        return again(form.photoErrorStatus ?? 400, form.photoError);
      }
      if (form.photoUrls.length === 0) return again(400, technicianCopy.photosMissing);
      try {
        const added = await addTechnicianPhotos(uploadDeps, leadId, form.photoUrls, actorOf(request));
        return reply.redirect(`${technicianPath(leadId)}?gemt=billeder&antal=${added}`, 303);
      } catch (error) {
        await discard();
        if (error instanceof CodedError && error.status < 500) return again(error.status, error.message);
        throw error;
      }
    },
  );
}
