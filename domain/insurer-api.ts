/**
 * The insurers' API, version 1 (docs/api/assignments.md): an insurer's system hands a claim over
 * ("rekvisition") with POST /api/v1/assignments and follows it with GET …/:reference. The body has
 * English camelCase names; it becomes the Danish `rekvisition` lead the form sends
 * (domain/rekvisition.ts), and that schema's rules (phone, e-mail, dates) judge it, so the API and
 * the form never disagree. These schemas are also what GET /api/v1/openapi.json describes.
 */
import { z } from 'zod';
import { clockKinds } from './case-clocks.ts';
import { damageTypes } from './enums.ts';
import { milestoneKinds } from './milestones.ts';

export const apiV1Prefix = '/api/v1';

/** A request body's upper limit (bigger: 413). Photos are not part of v1. */
export const assignmentBodyLimitBytes = 100 * 1024;
/** Requests per key and minute (more: 429 with Retry-After). */
export const assignmentRequestsPerMinute = 120;
/** How long an Idempotency-Key's answer is kept. */
export const idempotencyHours = 24;

const text = (max: number) => z.string().max(max);

export const assignmentBody = z
  .object({
    adjuster: z
      .object({
        name: text(200).describe("The loss adjuster's (taksator's) name."),
        email: text(254).describe("The adjuster's e-mail: their link to the case goes there too."),
        phone: text(40).optional(),
      })
      .strict(),
    claimNumber: text(60).describe(
      "The insurer's claim number. Sent again, it finds the case already made (200, same reference).",
    ),
    policyNumber: text(100).optional(),
    policyholder: z
      .object({
        name: text(200),
        phone: text(40).optional().describe('Phone or e-mail: at least one of them.'),
        email: text(254).optional(),
        address: text(300).describe('The address of the damage.'),
      })
      .strict(),
    damageType: z.enum(damageTypes),
    damageDate: z.string().optional().describe('yyyy-mm-dd, not in the future.'),
    description: text(5000).optional(),
    urgency: z.enum(['urgent', 'normal']),
    access: text(2000)
      .optional()
      .describe('Key, code, contact on site: for our staff only, never shown to the policyholder.'),
  })
  .strict();
export type AssignmentBody = z.infer<typeof assignmentBody>;

/** Where the case stands: received (not yet handled), in progress, closed. */
export const assignmentStatuses = ['received', 'in-progress', 'closed'] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];

export const assignmentCreated = z.object({
  reference: z.string().describe('Our case reference, e.g. RK-7F3K2Q.'),
  adjusterUrl: z.string().describe("The adjuster's private page for the case (/taksator/…)."),
  status: z.enum(assignmentStatuses),
});
export type AssignmentCreated = z.infer<typeof assignmentCreated>;

export const assignmentParams = z.object({ reference: z.string().max(40) });

export const assignmentState = z.object({
  reference: z.string(),
  status: z.enum(assignmentStatuses),
  receivedAt: z.string().describe('ISO 8601 instant.'),
  milestones: z
    .array(z.object({ kind: z.enum(milestoneKinds), at: z.string() }))
    .describe('What has happened on the case, in order (withdrawn ones left out).'),
  deadlines: z
    .array(z.object({ kind: z.enum(clockKinds), dueAt: z.string(), metAt: z.string().nullable() }))
    .describe('The case clocks: when each is due and when it was met (null: not yet).'),
});
export type AssignmentState = z.infer<typeof assignmentState>;

/** Every refusal's code; docs/api/assignments.md lists them with their statuses. */
export const apiErrorCodes = [
  'invalid-body',
  'invalid-json',
  'unauthorized',
  'not-found',
  'idempotency-conflict',
  'assignment-in-progress',
  'payload-too-large',
  'unsupported-media-type',
  'rate-limited',
  'internal',
  'unavailable',
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

export const apiError = z.object({
  message: z.string().describe('In Danish.'),
  messageEn: z.string().describe('The same in English.'),
  code: z.enum(apiErrorCodes),
  fields: z
    .record(z.string(), z.array(z.string()))
    .describe('Field path (e.g. "policyholder.phone") → its messages, in Danish; {} when none.'),
});
export type ApiError = z.infer<typeof apiError>;

/** The API's English field names for the Danish lead's (a refusal names the field as it was sent). */
export const englishFieldNames: Readonly<Record<string, string>> = {
  forsikringsselskab: 'insurer',
  taksatorNavn: 'adjuster.name',
  taksatorEmail: 'adjuster.email',
  taksatorTelefon: 'adjuster.phone',
  skadeNr: 'claimNumber',
  policeNr: 'policyNumber',
  fuldeNavn: 'policyholder.name',
  telefon: 'policyholder.phone',
  email: 'policyholder.email',
  adresse: 'policyholder.address',
  skadetype: 'damageType',
  skadedato: 'damageDate',
  besked: 'description',
  hastegrad: 'urgency',
  adgang: 'access',
};

/** The Danish `rekvisition` lead an assignment is (the insurer is the key's, never the body's). */
export function rekvisitionPayload(body: AssignmentBody, insurer: string) {
  return {
    kind: 'rekvisition' as const,
    forsikringsselskab: insurer,
    taksatorNavn: body.adjuster.name,
    taksatorEmail: body.adjuster.email,
    taksatorTelefon: body.adjuster.phone ?? '',
    skadeNr: body.claimNumber,
    policeNr: body.policyNumber ?? '',
    fuldeNavn: body.policyholder.name,
    telefon: body.policyholder.phone ?? '',
    email: body.policyholder.email ?? '',
    adresse: body.policyholder.address,
    skadetype: body.damageType,
    skadedato: body.damageDate ?? '',
    besked: body.description ?? '',
    hastegrad: body.urgency === 'urgent' ? ('akut' as const) : ('normal' as const),
    adgang: body.access ?? '',
    images: [],
  };
}

/** A claim number as compared: trimmed, inner spaces collapsed, case ignored. */
export function claimKey(claimNumber: string): string {
  return claimNumber.trim().replace(/\s+/g, ' ').toLowerCase();
}
