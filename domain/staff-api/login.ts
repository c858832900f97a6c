import { z } from 'zod';
import { staffRoles } from './roles.ts';

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
export const secondFactorStates = ['done', 'enrol', 'verify'] as const;
export const meAnswer = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  secondFactor: z.enum(secondFactorStates),
  /** What the inbox shows and offers (domain/staff-api/roles.ts); the server checks it again. */
  role: z.enum(staffRoles),
});

// ── Types for both sides ──────────────────────────────────────────────────────────────────────
export type LoginAnswer = z.infer<typeof loginAnswer>;
export type TotpEnrolment = z.infer<typeof totpEnrolmentAnswer>;
export type EnrolAnswer = z.infer<typeof enrolAnswer>;
export type VerifyBody = z.infer<typeof verifyBody>;
export type StaffMember = z.infer<typeof meAnswer>;
