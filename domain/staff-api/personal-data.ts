import { z } from 'zod';
import { adjusterLink } from './adjuster.ts';
import { retention } from '../constants.ts';
import { instant, leadKind, leadStatus } from './shared.ts';

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
  /** The case's milestones as staff recorded them; a withdrawn one with when it was withdrawn. */
  milestones: z
    .array(
      z.object({
        kind: z.string(),
        at: instant,
        recordedBy: z.string().nullable(),
        note: z.string().nullable(),
        withdrawnAt: instant.nullable(),
      }),
    )
    .optional(),
  /** Messages between us and them (ours with the state of the e-mail and SMS copies). */
  messages: z
    .array(
      z.object({
        direction: z.enum(['out', 'in']),
        channel: z.enum(['email', 'sms', 'case-page', 'taksator']),
        body: z.string(),
        createdAt: instant,
        sms: z.object({ phone: z.string(), status: z.string(), sentAt: instant.nullable() }).nullable(),
      }),
    )
    .optional(),
  mails: z.array(z.object({ kind: z.string(), status: z.string(), sentAt: instant.nullable() })),
  /** Their answer to the satisfaction question asked when the case was closed; null: not answered. */
  satisfaction: z
    .object({ score: z.number().int(), comment: z.string().nullable(), answeredAt: instant })
    .nullable()
    .optional(),
});

/**
 * A link to the loss adjuster's page given to the person (found by e-mail only: a link has no
 * number), with what they did through it. Never the case's customer data: the adjuster is not the
 * customer.
 */
export const personAdjusterLink = adjusterLink.extend({
  leadReference: z.string(),
  /** Their messages to us from the page. */
  messages: z.array(z.object({ body: z.string(), createdAt: instant })),
  /** Each open of the page, with the address it came from as the audit log keeps it. */
  opens: z.array(z.object({ at: instant, ip: z.string().nullable() })).optional(),
});
export const personalDataAnswer = z.object({
  leads: z.array(personLead),
  /** Optional: an answer from before adjusters were looked up has none. */
  adjusterLinks: z.array(personAdjusterLink).optional(),
});
/** The JSON file handed to the person (a subject access request). */
export const personalDataExport = z.object({
  exportedAt: instant,
  controller: z.string(),
  person,
  leads: z.array(personLead),
  adjusterLinks: z.array(personAdjusterLink).optional(),
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
    /** Links to the adjuster's page given to the person: closed, their name and address blanked. */
    adjusterLinks: z.number().int().optional(),
  }),
});

// ── Types for both sides ──────────────────────────────────────────────────────────────────────
export type Person = z.infer<typeof person>;
export type PersonLead = z.infer<typeof personLead>;
export type PersonAdjusterLink = z.infer<typeof personAdjusterLink>;
export type PersonalDataAnswer = z.infer<typeof personalDataAnswer>;
export type PersonalDataExport = z.infer<typeof personalDataExport>;
export type ErasureRequest = z.infer<typeof erasureBody>;
export type ErasureAnswer = z.infer<typeof erasureAnswer>;
