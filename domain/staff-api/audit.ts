import { z } from 'zod';
import { cursor, instant } from './shared.ts';

// ── The audit log ─────────────────────────────────────────────────────────────────────────────
/** Every action the server writes to the audit log; the inbox names each one in Danish. */
export const auditActions = [
  'login',
  'login-failed',
  'logout',
  'totp-enrolled',
  'recovery-code-used',
  'login-delays-cleared',
  'lead-search',
  'lead-viewed',
  'photos-viewed',
  'status-changed',
  'customer-changed',
  'note-added',
  'export',
  'personal-data-lookup',
  'personal-data-export',
  'erasure',
  'staff-added',
  'staff-disabled',
  'staff-password-reset',
  'staff-phone-set',
  'oncall-chain-set',
  'oncall-override-added',
  'oncall-override-removed',
  'oncall-acknowledged',
  'oncall-ack-withdrawn',
  'lead-assigned',
  'lead-called-back',
  'case-link-sent',
  'case-link-closed',
  'adjuster-link-created',
  'adjuster-link-revoked',
  'adjuster-page-opened',
  'adjuster-message-sent',
  'report-sent',
  'report-downloaded',
  'lead-message-batch',
  'lead-message-sent',
  'staff-role-set',
  'role-refused',
  'step-up-failed',
  'surge-on',
  'surge-off',
  'all-hands-on',
  'all-hands-off',
  'reserve-added',
  'reserve-removed',
  'visit-time-set',
  'moisture-recorded',
  'moisture-withdrawn',
  'work-started',
  'insurer-changed',
  'technician-photos-added',
  'milestone-recorded',
  'milestone-withdrawn',
  'insurer-key-created',
  'insurer-key-revoked',
  'assignment-received',
  'satisfaction-followed-up',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditQuery = z.object({ cursor: cursor.optional() });
export const auditEntry = z.object({
  at: instant,
  actor: z.string().nullable(),
  action: z.string(),
  leadId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export const auditPage = z.object({ entries: z.array(auditEntry), nextCursor: z.string().nullable() });

// ── Types for both sides ──────────────────────────────────────────────────────────────────────
export type AuditEntry = z.infer<typeof auditEntry>;
export type AuditPage = z.infer<typeof auditPage>;
