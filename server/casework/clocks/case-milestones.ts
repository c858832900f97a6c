/**
 * A case's milestones with its clocks: GET /api/staff/leads/:id/milestones. Every milestone is
 * listed, the withdrawn ones too (the lead's history shows the correction), in the order they
 * happened; the deadlines count only the ones not withdrawn.
 */
import { asc, eq } from 'drizzle-orm';
import { caseDeadlines } from '../../../domain/case-clocks.ts';
import type { MilestonesAnswer } from '../../../domain/staff-api/milestones.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leadMilestones } from '../../db/schema.ts';
import { LeadNotFound } from '../../plugins/service-errors.ts';
import { milestoneView } from '../milestones/record.ts';
import { loadCaseClockFacts } from './case-clock-facts.ts';

export async function milestonesWithDeadlines(db: DbOrTx, leadId: string): Promise<MilestonesAnswer> {
  const [facts, rows] = await Promise.all([
    loadCaseClockFacts(db, [leadId]),
    db
      .select()
      .from(leadMilestones)
      .where(eq(leadMilestones.leadId, leadId))
      .orderBy(asc(leadMilestones.at), asc(leadMilestones.createdAt)),
  ]);
  const lead = facts.get(leadId);
  if (!lead) throw new LeadNotFound();
  return {
    milestones: rows.map(milestoneView),
    deadlines: caseDeadlines(lead).map((d) => ({
      kind: d.kind,
      dueAt: d.dueAt.toISOString(),
      metAt: d.metAt?.toISOString() ?? null,
    })),
  };
}
