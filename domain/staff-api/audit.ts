import { z } from 'zod';
import { cursor, instant } from './shared.ts';

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

// ── Types for both sides ──────────────────────────────────────────────────────────────────────
export type AuditEntry = z.infer<typeof auditEntry>;
export type AuditPage = z.infer<typeof auditPage>;
