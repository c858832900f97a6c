import { z } from 'zod';
import { inbox, retention } from './constants.ts';
import { plainText } from './fields.ts';
import { leadKinds, leadStatuses } from './lead.ts';

/**
 * The staff API under /api/staff, as ONE contract: a zod schema for every request and every
 * answer. The server's routes declare them (fastify-type-provider-zod validates requests and
 * serialises answers through them); the inbox's API client takes its types from them with
 * `import type`, so no schema code reaches the browser. Dates are ISO 8601 strings; calendar days
 * are Danish days written YYYY-MM-DD.
 */

export const staffApiMessages = {
  unknownLead: 'Ukendt henvendelse',
  invalidDay: 'Skriv datoen som ÅÅÅÅ-MM-DD, og brug en dato, der findes.',
  dateOrder: 'Fra-datoen ligger efter til-datoen. Ret datoerne, og prøv igen.',
  invalidCursor: 'Siden findes ikke længere. Gå tilbage til første side.',
  noChange: 'Angiv en status eller en kundemarkering.',
  noteMissing: 'Skriv en note.',
  noteTooLong: 'Noten er for lang (højst 5000 tegn).',
  noteInvalid: 'Noten indeholder tegn, der ikke kan bruges.',
  searchInvalid: 'Søgningen indeholder tegn, der ikke kan bruges.',
  bulkEmpty: 'Vælg mindst én henvendelse.',
  bulkTooMany: `Du kan højst ændre ${inbox.bulkMaxLeads} henvendelser ad gangen.`,
  bulkDuplicates: 'Den samme henvendelse er valgt flere gange.',
} as const;

// ── Building blocks ───────────────────────────────────────────────────────────────────────────
const leadId = z.uuid({ error: staffApiMessages.unknownLead });
const leadKind = z.enum(leadKinds);
const leadStatus = z.enum(leadStatuses);
const instant = z.string();

/** True for a real calendar day (no 30 February) of the years the inbox can hold. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const calendarDay = z.string().refine(isCalendarDay, { error: staffApiMessages.invalidDay });
/** A page's position in a list, as the server handed it out (opaque to the inbox). */
const cursor = z
  .string()
  .max(200, { error: staffApiMessages.invalidCursor })
  .regex(/^[A-Za-z0-9_-]*$/, { error: staffApiMessages.invalidCursor });

// ── Login and the second factor ───────────────────────────────────────────────────────────────
/** The login's e-mail must be an address before anything is looked up or logged. */
export const loginBody = z.object({
  email: z
    .string()
    .trim()
    .max(254, { error: 'Skriv en gyldig e-mailadresse.' })
    .pipe(z.email({ error: 'Skriv en gyldig e-mailadresse.' })),
  password: z.string().max(1000),
});
export const loginAnswer = z.object({ next: z.enum(['enrol', 'verify']) });
export const totpEnrolmentAnswer = z.object({
  otpauthUrl: z.string(),
  /** SVG markup of the QR code, drawn by our own server. */
  qrSvg: z.string(),
  /** The shared secret (base32) for manual entry. */
  secret: z.string(),
});
export const enrolBody = z.object({ code: z.string().max(20) });
export const enrolAnswer = z.object({ recoveryCodes: z.array(z.string()) });
export const verifyBody = z.object({
  code: z.string().max(20).optional(),
  recoveryCode: z.string().max(40).optional(),
});
export const okAnswer = z.object({ ok: z.literal(true) });
export const secondFactorStates = ['done', 'enrol', 'verify'] as const;
export const meAnswer = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  secondFactor: z.enum(secondFactorStates),
});

// ── The list ──────────────────────────────────────────────────────────────────────────────────
const filterShape = {
  kind: leadKind.optional(),
  status: leadStatus.optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  /** Free text, written to the audit log with the export's filter. */
  q: plainText({ invalid: staffApiMessages.searchInvalid }).max(200).optional(),
  /** "me": assigned to the staff member asking; "none": assigned to nobody. */
  assigned: z.enum(['me', 'none']).optional(),
};

/** A date range runs forwards: "from" after "to" is a mistake, not an empty list. */
function datesInOrder(
  filter: { from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
) {
  if (filter.from && filter.to && filter.from > filter.to) {
    context.addIssue({ code: 'custom', path: ['from'], message: staffApiMessages.dateOrder });
  }
}

/** The list's filters: the CSV export's query. */
export const leadFilterQuery = z.object(filterShape).superRefine(datesInOrder);
/** The filters plus the page: GET /api/staff/leads. */
export const leadListQuery = z
  .object({
    ...filterShape,
    cursor: cursor.optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .superRefine(datesInOrder);

/** One row of the list: what a coordinator needs to pick the next lead. */
export const leadSummary = z.object({
  id: z.string(),
  kind: leadKind,
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  /** E.164, as stored. */
  phone: z.string().nullable(),
  /** The postal town of the lead's address, when it has one. */
  town: z.string().nullable(),
  insurer: z.string().nullable(),
  status: leadStatus,
  /** When the lead arrived; the page shows its age. */
  receivedAt: instant,
  isCustomer: z.boolean(),
  photoCount: z.number().int(),
  /** A short line saying what the lead is about (damage type, service, resource …). */
  topic: z.string().nullable(),
});
export const statusCounts = z.object({
  new: z.number().int(),
  'in-progress': z.number().int(),
  done: z.number().int(),
  spam: z.number().int(),
});
export const leadPage = z.object({
  leads: z.array(leadSummary),
  nextCursor: z.string().nullable(),
  counts: statusCounts,
});

// ── One lead ──────────────────────────────────────────────────────────────────────────────────
export const leadParams = z.object({ id: leadId });
export const leadRow = z.object({
  label: z.string(),
  value: z.string(),
  href: z.string().optional(),
  multiline: z.boolean().optional(),
});
export const leadImage = z.object({
  id: z.string(),
  contentType: z.string(),
  originalName: z.string().nullable(),
  bytes: z.number().int(),
  /** A short-lived signed URL, usable in <img>. */
  url: z.string(),
  /** When the customer added it on their case page; null: it came with the form. */
  addedLaterAt: instant.nullable().optional(),
});
export const leadNote = z.object({
  id: z.string(),
  authorName: z.string(),
  body: z.string(),
  createdAt: instant,
});
/** A message the customer wrote on their case page (/sag/<token>), apart from staff notes. */
export const customerMessage = z.object({ id: z.string(), body: z.string(), createdAt: instant });
/**
 * The customer's link to their case page: open (a link works, or one is on its way in an e-mail)
 * and when the newest was made.
 */
export const caseLinkState = z.object({ open: z.boolean(), lastSentAt: instant.nullable() });
export const caseLinkAnswer = z.object({ caseLink: caseLinkState });
/** A staff member named on a lead. */
const staffRef = z.object({ id: z.string(), name: z.string() });
export const leadDetail = z.object({
  id: z.string(),
  kind: leadKind,
  kindLabel: z.string(),
  reference: z.string(),
  status: leadStatus,
  receivedAt: instant,
  statusChangedAt: instant.nullable(),
  statusChangedBy: z.string().nullable(),
  isCustomer: z.boolean(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  rows: z.array(leadRow),
  spamReasons: z.array(z.string()).nullable(),
  images: z.array(leadImage),
  notes: z.array(leadNote),
  /** Who has the lead (null: nobody), who took the page and who called the customer back. */
  assignedTo: staffRef.nullable(),
  acknowledgedAt: instant.nullable(),
  acknowledgedBy: staffRef.nullable(),
  calledBackAt: instant.nullable(),
  calledBackBy: staffRef.nullable(),
  /** Messages from the customer's case page, oldest first. */
  customerMessages: z.array(customerMessage).optional(),
  /** The customer's case page link; absent for a lead without one (resource requests). */
  caseLink: caseLinkState.optional(),
});
export const leadAnswer = z.object({ lead: leadDetail });
/** Fresh links to a lead's photos, for a lead page left open. */
export const leadPhotosAnswer = z.object({ images: z.array(leadImage) });

/** PATCH /api/staff/leads/:id: a new status and/or the customer mark; answers the updated lead. */
export const leadChange = z
  .object({ status: leadStatus.optional(), isCustomer: z.boolean().optional() })
  .refine((change) => change.status !== undefined || change.isCustomer !== undefined, {
    error: staffApiMessages.noChange,
  });

export const noteBody = z.object({
  body: plainText({
    multiline: true,
    message: staffApiMessages.noteMissing,
    invalid: staffApiMessages.noteInvalid,
  })
    .min(1, { error: staffApiMessages.noteMissing })
    .max(5000, { error: staffApiMessages.noteTooLong }),
});
export const noteAnswer = z.object({ note: leadNote });

/** POST /api/staff/leads/status: one status for up to `inbox.bulkMaxLeads` leads at once. */
export const bulkStatusBody = z.object({
  ids: z
    .array(leadId)
    .min(1, { error: staffApiMessages.bulkEmpty })
    .max(inbox.bulkMaxLeads, { error: staffApiMessages.bulkTooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: staffApiMessages.bulkDuplicates }),
  status: leadStatus,
});
export const bulkStatusAnswer = z.object({
  /** How many of the leads had another status before. */
  changed: z.number().int(),
  /** Every lead of the request as it is now. */
  leads: z.array(leadSummary),
});

// ── Personal data ─────────────────────────────────────────────────────────────────────────────
/** Whom a personal-data request is about: an e-mail address or a phone number (the server checks one is given). */
export const personQuery = z.object({
  email: z.string().max(254).optional(),
  phone: z.string().max(40).optional(),
});
export const person = z.union([z.object({ email: z.string() }), z.object({ phone: z.string() })]);

export const personLead = z.object({
  id: z.string(),
  kind: leadKind,
  reference: z.string(),
  status: leadStatus,
  receivedAt: instant,
  lastContactAt: instant,
  isCustomer: z.boolean(),
  /** The person sent the lead, or is named in it as the requester. */
  role: z.enum(['afsender', 'rekvirent']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  clientIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  photos: z.array(
    z.object({
      originalName: z.string().nullable(),
      contentType: z.string(),
      bytes: z.number().int(),
      receivedAt: instant,
      /** Added later by the customer on their case page. */
      addedLater: z.boolean().optional(),
    }),
  ),
  notes: z.array(z.object({ authorName: z.string(), body: z.string(), createdAt: instant })),
  /** What they wrote on their case page. */
  customerMessages: z.array(z.object({ body: z.string(), createdAt: instant })).optional(),
  mails: z.array(z.object({ kind: z.string(), status: z.string(), sentAt: instant.nullable() })),
});
export const personalDataAnswer = z.object({ leads: z.array(personLead) });
/** The JSON file handed to the person (a subject access request). */
export const personalDataExport = z.object({
  exportedAt: instant,
  controller: z.string(),
  person,
  leads: z.array(personLead),
});

export const customerRetentionYears = retention.customerDataYearsAfterContract;

/**
 * POST /api/staff/personal-data/erase. `confirm` is the address or number typed again. A person
 * who is a customer (a lead they sent is marked as customer) is kept for the customer period
 * after the agreement ends, as the privacy policy promises; erasing them anyway needs
 * `overrideCustomerRetention: true` as well.
 */
export const erasureBody = personQuery.extend({
  confirm: z.string().max(254),
  overrideCustomerRetention: z.boolean().optional(),
});
export const erasureAnswer = z.object({
  erased: z.object({
    leads: z.number().int(),
    photos: z.number().int(),
    mails: z.number().int(),
    requesterMentions: z.number().int(),
  }),
});

// ── The audit log ─────────────────────────────────────────────────────────────────────────────
export const auditQuery = z.object({ cursor: cursor.optional() });
export const auditEntry = z.object({
  at: instant,
  actor: z.string().nullable(),
  action: z.string(),
  leadId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export const auditPage = z.object({ entries: z.array(auditEntry), nextCursor: z.string().nullable() });

// ── On call: the rota, assignment, callbacks, timeline, figures, live state ──────────────────
const userId = z.uuid({ error: 'Ukendt medarbejder' });
export const staffPerson = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** E.164, or null: cannot be paged. */
  phone: z.string().nullable(),
  disabled: z.boolean(),
});
export const rotaAnswer = z.object({
  /** Who is paged now, in order (the first is on call). */
  order: z.array(z.string()),
  nextHandover: instant.nullable(),
  /** The chain as set (before the weekly turns) and its handover (weekday 0 = Monday). */
  chain: z
    .object({
      memberIds: z.array(z.string()),
      handoverWeekday: z.number().int(),
      handoverHour: z.number().int(),
    })
    .nullable(),
  /** The next four weeks: who is first and second from each handover or override boundary on. */
  schedule: z.array(
    z.object({
      from: instant,
      onCall: z.string().nullable(),
      next: z.string().nullable(),
      override: z.boolean(),
    }),
  ),
  overrides: z.array(z.object({ id: z.string(), userId: z.string(), startsAt: instant, endsAt: instant })),
  staff: z.array(staffPerson),
});
export const rotaChainBody = z.object({
  memberIds: z
    .array(userId)
    .min(1, { error: 'Vælg mindst én person til vagtkæden.' })
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Den samme person står to gange.' }),
  handoverWeekday: z.number().int().min(0).max(6),
  handoverHour: z.number().int().min(0).max(23),
});
export const overrideBody = z.object({
  userId,
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});
export const overrideParams = z.object({ id: z.uuid() });
export const phoneBody = z.object({ phone: z.string().trim().max(40) });
export const phoneAnswer = z.object({ phone: z.string() });
export const assignBody = z.object({ assignee: userId.nullable() });
export const leadHandling = z.object({
  assignedTo: z.string().nullable(),
  calledBackAt: instant.nullable(),
  calledBackBy: z.string().nullable(),
});
const timelinePerson = z.object({ id: z.string(), name: z.string() }).nullable();
export const timelineAnswer = z.object({
  events: z.array(
    z.object({
      kind: z.enum([
        'received',
        'paged',
        'page-failed',
        'acknowledged',
        'assigned',
        'called-back',
        'status-changed',
      ]),
      at: instant,
      person: timelinePerson.optional(),
      by: timelinePerson.optional(),
      to: z.union([timelinePerson, leadStatus]).optional(),
      from: leadStatus.optional(),
      step: z.number().int().optional(),
      gaveUp: z.boolean().optional(),
    }),
  ),
});
export const figuresQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Vælg en måned (ÅÅÅÅ-MM).' }),
});
const spread = z.object({
  count: z.number().int(),
  median: z.number().nullable(),
  p90: z.number().nullable(),
});
const figureRow = z.object({
  acknowledged: spread,
  calledBack: spread,
  emergencies: z.number().int(),
  within: z.number().int(),
  withinShare: z.number().nullable(),
});
export const figuresAnswer = z.object({
  period: z.string(),
  from: instant,
  to: instant,
  total: figureRow,
  people: z.array(figureRow.extend({ userId: z.string(), name: z.string() })),
});
/** GET /api/staff/live, polled every few seconds: what changed without a reload. */
export const liveAnswer = z.object({
  /** The newest lead's id and arrival (null: no leads); a change means a new lead. */
  newestLeadId: z.string().nullable(),
  newestLeadAt: instant.nullable(),
  /** Emergencies not spam, still new and not acknowledged (the tab title counts them). */
  unacknowledged: z.array(z.object({ id: z.string(), reference: z.string(), receivedAt: instant })),
});

// ── Types for both sides ──────────────────────────────────────────────────────────────────────
export type LoginAnswer = z.infer<typeof loginAnswer>;
export type TotpEnrolment = z.infer<typeof totpEnrolmentAnswer>;
export type EnrolAnswer = z.infer<typeof enrolAnswer>;
export type VerifyBody = z.infer<typeof verifyBody>;
export type StaffMember = z.infer<typeof meAnswer>;
export type SecondFactorState = StaffMember['secondFactor'];
export type LeadFilter = z.infer<typeof leadFilterQuery>;
export type LeadListQuery = z.infer<typeof leadListQuery>;
export type LeadSummary = z.infer<typeof leadSummary>;
export type StatusCounts = z.infer<typeof statusCounts>;
export type LeadPage = z.infer<typeof leadPage>;
export type LeadRow = z.infer<typeof leadRow>;
export type LeadImage = z.infer<typeof leadImage>;
export type LeadPhotosAnswer = z.infer<typeof leadPhotosAnswer>;
export type LeadNote = z.infer<typeof leadNote>;
export type CustomerMessage = z.infer<typeof customerMessage>;
export type CaseLinkState = z.infer<typeof caseLinkState>;
export type CaseLinkAnswer = z.infer<typeof caseLinkAnswer>;
export type NoteAnswer = z.infer<typeof noteAnswer>;
export type LeadDetail = z.infer<typeof leadDetail>;
export type LeadAssignedFilter = NonNullable<LeadFilter['assigned']>;
export type LeadChange = z.infer<typeof leadChange>;
export type BulkStatusChange = z.infer<typeof bulkStatusBody>;
export type BulkStatusAnswer = z.infer<typeof bulkStatusAnswer>;
export type Person = z.infer<typeof person>;
export type PersonLead = z.infer<typeof personLead>;
export type PersonalDataAnswer = z.infer<typeof personalDataAnswer>;
export type PersonalDataExport = z.infer<typeof personalDataExport>;
export type ErasureRequest = z.infer<typeof erasureBody>;
export type ErasureAnswer = z.infer<typeof erasureAnswer>;
export type AuditEntry = z.infer<typeof auditEntry>;
export type AuditPage = z.infer<typeof auditPage>;
export type StaffPerson = z.infer<typeof staffPerson>;
export type RotaAnswer = z.infer<typeof rotaAnswer>;
export type RotaChainBody = z.infer<typeof rotaChainBody>;
export type LeadHandling = z.infer<typeof leadHandling>;
export type TimelineAnswer = z.infer<typeof timelineAnswer>;
export type FiguresAnswer = z.infer<typeof figuresAnswer>;
export type LiveAnswer = z.infer<typeof liveAnswer>;
export type { LeadKind, LeadStatus } from './lead.ts';
