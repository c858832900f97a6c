/**
 * Whether one lead pages the on-call staff, by its kind's `paging` (domain/lead-kind-pages.ts):
 * decided when it is stored (leads.pages_on_call), and by a form for the address of /tak. Apart
 * from the kinds' page facts so the pages that do not decide it (/tak) do not load it.
 */
import { leadKindPages, type LeadKind, type PagingRule } from './lead-kind-pages.ts';

/** Whether a lead of `kind` with these fields pages the on-call staff (its kind's `paging`). */
export function leadPagesOnCall(kind: LeadKind, fields: Readonly<Record<string, unknown>>): boolean {
  const rule: PagingRule = leadKindPages[kind].paging;
  if (typeof rule === 'boolean') return rule;
  return fields[rule.field] === rule.value;
}
