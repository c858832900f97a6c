/**
 * Which leads page the on-call chain, and the CTE that writes the page job in the same
 * statement as the lead (server/services/leads.ts, server/mail/outbox.ts leadWithMailStatement).
 */
import type { LeadKind } from '../../domain/lead.ts';

/** Emergencies only; a lead filed as spam never pages anybody. */
export function isPagedLead(kind: LeadKind): boolean {
  return kind === 'akut-skade';
}

/** Due at once (run_at defaults to now()); the worker takes it from there. */
export const pageJobCte = 'page as (insert into oncall_pages (lead_id) select id from inserted)';
