import { z } from 'zod';
import { inbox } from '../constants.ts';
import type { ClockKind } from '../case-clocks.ts';
import { plainText } from '../fields.ts';
import { deadline } from './milestones.ts';
import {
  calendarDay,
  cursor,
  instant,
  leadId,
  leadKind,
  leadPriority,
  leadStatus,
  staffApiMessages,
} from './shared.ts';

// ── The list ──────────────────────────────────────────────────────────────────────────────────
/** The case clocks (domain/case-clocks.ts) the list filters by when overdue. */
export const overdueClocks = ['rapport-sendt', 'fugtmaaling'] as const satisfies readonly ClockKind[];
export type OverdueClock = (typeof overdueClocks)[number];

const filterShape = {
  kind: leadKind.optional(),
  status: leadStatus.optional(),
  /** Who is called first (an emergency's triage answers); every other lead is "normal". */
  priority: leadPriority.optional(),
  /** "ja": the leads that paged the on-call staff (emergencies, urgent assignments), whatever their kind. */
  akut: z.enum(['ja'], { error: 'Vælg "ja" for de akutte.' }).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  /** Free text, written to the audit log with the export's filter. */
  q: plainText({ invalid: staffApiMessages.searchInvalid }).max(200).optional(),
  /** "me": assigned to the staff member asking; "none": assigned to nobody. */
  assigned: z.enum(['me', 'none']).optional(),
  /** The open cases whose first report or moisture reading is overdue (its deadline passed, not met). */
  overdue: z
    .enum(overdueClocks, { error: 'Vælg "Rapport forfalden" eller "Fugtmåling forfalden".' })
    .optional(),
  /** "utilfreds": the customer answered 1–2 to the satisfaction question and nobody followed up yet. */
  satisfaction: z.enum(['utilfreds'], { error: 'Vælg "Utilfreds kunde".' }).optional(),
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

/** The list's orders; a cursor continues the order it was handed out for. */
export const leadSorts = ['newest', 'priority', 'deadline'] as const;
export const leadSort = z.enum(leadSorts, { error: staffApiMessages.sortInvalid });

/** The list's filters: the CSV export's query. */
export const leadFilterQuery = z.object(filterShape).superRefine(datesInOrder);
/** The filters plus the page: GET /api/staff/leads. */
export const leadListQuery = z
  .object({
    ...filterShape,
    /**
     * "newest" (the default); "priority": kritisk, then høj, then normal, newest first within;
     * "deadline": the open leads still waiting for a first answer, soonest deadline first, then
     * the rest newest first.
     */
    sort: leadSort.optional(),
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
  priority: leadPriority,
  /** It paged the on-call staff (an emergency, an urgent assignment): the inbox shows it as urgent. */
  pagesOnCall: z.boolean(),
  /** When the lead arrived; the page shows its age. */
  receivedAt: instant,
  isCustomer: z.boolean(),
  photoCount: z.number().int(),
  /** A short line saying what the lead is about (damage type, service, resource …). */
  topic: z.string().nullable(),
  /** The reference of the open emergency this one repeats (the list marks it "Dublet af …"). */
  duplicateOf: z.string().nullable().optional(),
  /** Messages in the lead's thread, both directions. */
  messageCount: z.number().int().optional(),
  /** When the customer must have had a first answer (null: no deadline, e.g. a resource request). */
  firstResponseDueAt: instant.nullable().optional(),
  /** The first staff message or callback; null while nobody has answered. */
  firstResponseAt: instant.nullable().optional(),
  /** The open case's next deadline (domain/case-clocks.ts `nextDeadline`); null: none running. */
  nextDeadline: deadline.nullable().optional(),
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
/**
 * The customer's link to their case page: open (a link works, or one is on its way in an e-mail)
 * and when the newest was made.
 */
export const caseLinkState = z.object({ open: z.boolean(), lastSentAt: instant.nullable() });
export const caseLinkAnswer = z.object({ caseLink: caseLinkState });
/** A staff member named on a lead. */
const staffRef = z.object({ id: z.string(), name: z.string() });
/** Another lead, linked from this one's page. */
const leadLink = z.object({ id: z.string(), reference: z.string() });
export const leadDetail = z.object({
  id: z.string(),
  kind: leadKind,
  kindLabel: z.string(),
  reference: z.string(),
  status: leadStatus,
  priority: leadPriority,
  /** It paged the on-call staff (an emergency, an urgent assignment): shown as urgent. */
  pagesOnCall: z.boolean(),
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
  /** The agreed visit, and when staff set "I gang": the customer's steps (domain/case-steps.ts). */
  visitAt: instant.nullable().optional(),
  workStartedAt: instant.nullable().optional(),
  /** The first milestone at the customer's, not withdrawn: also the step "I gang" (domain/case-steps.ts). */
  onSiteAt: instant.nullable().optional(),
  /** The customer's case page link; absent for a lead without one (resource requests). */
  caseLink: caseLinkState.optional(),
  /** The emergency this one repeats, and the emergencies that repeat this one (oldest first). */
  duplicateOf: leadLink.nullable().optional(),
  duplicates: z.array(leadLink).optional(),
  /** When the customer must have had a first answer (null: no deadline), and when they had it. */
  firstResponseDueAt: instant.nullable().optional(),
  firstResponseAt: instant.nullable().optional(),
  /** The phone is a Danish mobile (isDanishMobile, domain/phone.ts): a message may go by SMS. */
  smsPossible: z.boolean().optional(),
});
export const leadAnswer = z.object({ lead: leadDetail });
/** GET /api/staff/leads/:id/version: changes whenever the lead page would show something new. */
export const leadVersionAnswer = z.object({ version: z.string() });
/** The same version as the If-None-Match the page sent: nothing to read. */
export const leadVersionUnchanged = z.void();
/** Fresh links to a lead's photos, for a lead page left open. */
export const leadPhotosAnswer = z.object({ images: z.array(leadImage) });

/** PATCH /api/staff/leads/:id: a new status and/or the customer mark; answers the updated lead. */
export const leadChange = z
  .object({
    status: leadStatus.optional(),
    isCustomer: z.boolean().optional(),
    /** With status "Afsluttet": tell the customer in their thread; default true. */
    notifyCustomer: z.boolean().optional(),
  })
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

// ── Types for both sides ──────────────────────────────────────────────────────────────────────
export type LeadFilter = z.infer<typeof leadFilterQuery>;
export type LeadListQuery = z.infer<typeof leadListQuery>;
export type LeadSort = z.infer<typeof leadSort>;
export type LeadSummary = z.infer<typeof leadSummary>;
export type StatusCounts = z.infer<typeof statusCounts>;
export type LeadPage = z.infer<typeof leadPage>;
export type LeadRow = z.infer<typeof leadRow>;
export type LeadImage = z.infer<typeof leadImage>;
export type LeadPhotosAnswer = z.infer<typeof leadPhotosAnswer>;
export type LeadNote = z.infer<typeof leadNote>;
export type CaseLinkState = z.infer<typeof caseLinkState>;
export type CaseLinkAnswer = z.infer<typeof caseLinkAnswer>;
export type NoteAnswer = z.infer<typeof noteAnswer>;
export type LeadDetail = z.infer<typeof leadDetail>;
export type LeadChange = z.infer<typeof leadChange>;
export type BulkStatusChange = z.infer<typeof bulkStatusBody>;
export type BulkStatusAnswer = z.infer<typeof bulkStatusAnswer>;
