/**
 * What the technician's page (./technician-routes.ts) does with its plain forms: the case read for
 * the page, and each form's fields turned into the staff API's body and handed to the same
 * service the API uses. A refusal comes back as the Danish messages per field, with what was
 * typed, for the page to show again; a saved form as what the redirect names.
 */
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MilestoneKind } from '../../domain/milestones.ts';
import { milestoneBody } from '../../domain/staff-api/milestones.ts';
import { moistureBody } from '../../domain/staff-api/moisture.ts';
import type { Db } from '../db/client.ts';
import { leadImages, leadMilestones, leads } from '../db/schema.ts';
import type { CustomerSmsSettings } from '../messages/outgoing/sms-budget.ts';
import { CodedError } from '../plugins/error-codes.ts';
import { messages } from '../plugins/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { tagAccess } from '../staff/roles.ts';
import { readingsOfLead, recordReading } from './drying/readings.ts';
import { recordMilestone } from './milestones/record.ts';
import type { TechnicianView } from './technician-page.ts';

export const technicianPath = (leadId: string) => `/tekniker/${encodeURIComponent(leadId)}`;

type Refused = NonNullable<TechnicianView['refused']>;

export async function loadTechnicianView(
  db: Db,
  leadId: string,
): Promise<Omit<TechnicianView, 'saved' | 'refused'> | null> {
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

export type FormOutcome = { saved: true } | { saved: false; refused: Refused };

async function outcome(
  form: string,
  values: Record<string, string>,
  fallback: string,
  save: () => Promise<unknown>,
): Promise<FormOutcome> {
  try {
    await save();
    return { saved: true };
  } catch (error) {
    return { saved: false, refused: refusalOf(error, form, values, fallback) };
  }
}

/** The milestone form: one milestone recorded through the API's own rules. */
export function submitMilestone(
  deps: { db: Db; sms: CustomerSmsSettings },
  leadId: string,
  fields: Record<string, string>,
  actor: StaffActor,
): Promise<FormOutcome> {
  const input = milestoneInput(fields);
  return outcome(`step-${input.kind}`, fields, 'kind', () =>
    recordMilestone(deps, leadId, milestoneBody.parse(input), actor),
  );
}

/** The moisture form: one reading recorded through the API's own rules. */
export function submitReading(
  deps: { db: Db },
  leadId: string,
  fields: Record<string, string>,
  actor: StaffActor,
): Promise<FormOutcome> {
  return outcome('moisture', fields, 'value', () =>
    recordReading(deps, leadId, moistureBody.parse(moistureInput(fields)), actor),
  );
}

/**
 * The guard of the technician's page: a staff session as the API asks for, but a browser without
 * one is sent to the inbox's login (a page, not the API's 401).
 */
export function staffPageGuard(requireStaff: (request: FastifyRequest) => Promise<void>) {
  return tagAccess(async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await requireStaff(request);
    } catch (error) {
      if (error instanceof CodedError && error.status === 401) return reply.redirect('/indbakke/login', 303);
      throw error;
    }
  }, 'staff');
}
