/**
 * The case clocks in the inbox's list: each row's next deadline, and the filters "Rapport
 * forfalden" and "Fugtmåling forfalden" as a set of lead ids found before the list's query, so
 * order, counts, search and paging work on them as on any filter (server/casework/clocks/open-clocks.ts).
 */
import type { LeadFilter, LeadSummary } from '../../domain/staff-api/leads.ts';
import type { DbOrTx } from '../db/client.ts';
import type { CaseClockFacts } from '../../domain/case-clocks.ts';
import { nextDeadlines, overdueCases } from '../casework/clocks/open-clocks.ts';

/**
 * A filter with its `overdue` clock found as lead ids, and the facts read to find them (the page's
 * next deadlines are drawn from them rather than read again).
 */
export type ResolvedFilter<F extends LeadFilter> = F & {
  overdueIds?: readonly string[];
  overdueFacts?: ReadonlyMap<string, CaseClockFacts>;
};

export async function resolveOverdue<F extends LeadFilter>(
  deps: { db: DbOrTx; now?: () => Date },
  filter: F,
): Promise<ResolvedFilter<F>> {
  if (!filter.overdue) return filter;
  const now = deps.now?.() ?? new Date();
  const overdueFacts = await overdueCases(deps.db, filter.overdue, now);
  return { ...filter, overdueIds: [...overdueFacts.keys()], overdueFacts };
}

export async function withNextDeadlines(
  db: DbOrTx,
  rows: LeadSummary[],
  known?: ReadonlyMap<string, CaseClockFacts>,
): Promise<LeadSummary[]> {
  const next = await nextDeadlines(db, rows, known);
  return rows.map((row) => {
    const deadline = next.get(row.id);
    return {
      ...row,
      nextDeadline: deadline
        ? { kind: deadline.kind, dueAt: deadline.dueAt.toISOString(), metAt: null }
        : null,
    };
  });
}
