import type { LeadPriority } from '../../domain/triage';

/**
 * The inbox's words for a lead's priority (from an emergency's quick questions): its badge, the
 * list's priority filter and its order.
 */
export const inboxPriorityText = {
  badge: {
    kritisk: 'Kritisk',
    hoej: 'Høj prioritet',
    normal: 'Normal prioritet',
  } satisfies Record<LeadPriority, string>,
  filter: 'Prioritet',
  allPriorities: 'Alle prioriteter',
  options: { kritisk: 'Kritisk', hoej: 'Høj', normal: 'Normal' } satisfies Record<LeadPriority, string>,
  sort: 'Rækkefølge',
  sorts: { newest: 'Nyeste først', priority: 'Kritiske først' },
} as const;
