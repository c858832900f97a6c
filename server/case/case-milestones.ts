/**
 * The case's milestones on the customer's case page ("Sagens forløb"): each recorded fact not
 * withdrawn, in the plain Danish of domain/milestone-lines.ts. The case page stands below the
 * casework that records them, so it reads lead_milestones itself; a withdrawn milestone is gone
 * from the page, and nothing is said of one not yet recorded.
 */
import { and, asc, eq, inArray, isNull, min } from 'drizzle-orm';
import { onSiteMilestones } from '../../domain/case-steps.ts';
import { milestoneLines, type MilestoneLine } from '../../domain/milestone-lines.ts';
import type { DbOrTx } from '../db/client.ts';
import { leadMilestones } from '../db/schema.ts';
import { escapeHtml } from '../mail/html.ts';
import { pageText } from './copy.ts';

export interface CaseMilestones {
  lines: MilestoneLine[];
  /** When the first milestone at the customer's was recorded as happening; null: none yet. */
  onSiteAt: Date | null;
}

/** The lead's milestones not withdrawn, as the customer reads them; `insurer` as the form recorded it. */
export async function caseMilestones(
  db: DbOrTx,
  leadId: string,
  insurer: string | null,
): Promise<CaseMilestones> {
  const rows = await db
    .select({ kind: leadMilestones.kind, at: leadMilestones.at, details: leadMilestones.details })
    .from(leadMilestones)
    .where(and(eq(leadMilestones.leadId, leadId), isNull(leadMilestones.withdrawnAt)))
    .orderBy(asc(leadMilestones.at), asc(leadMilestones.createdAt));
  const onSite = rows.find((row) => onSiteMilestones.includes(row.kind));
  return { lines: milestoneLines(rows, { insurer }), onSiteAt: onSite?.at ?? null };
}

/** When the first milestone at the customer's happened, not withdrawn; null: none yet (the inbox's steps). */
export async function firstOnSiteAt(db: DbOrTx, leadId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(leadMilestones.at) })
    .from(leadMilestones)
    .where(
      and(
        eq(leadMilestones.leadId, leadId),
        isNull(leadMilestones.withdrawnAt),
        inArray(leadMilestones.kind, [...onSiteMilestones]),
      ),
    );
  return row?.at ?? null;
}

/** The section, or nothing before the first milestone is recorded. */
export function caseMilestonesHtml(lines: readonly MilestoneLine[]): string {
  if (lines.length === 0) return '';
  const items = lines.map(
    (line) =>
      `<li>${line.day ? `<span class="when">${escapeHtml(line.day)}</span>` : ''}<time datetime="${line.at.toISOString()}">${escapeHtml(line.text)}</time></li>`,
  );
  return `<section aria-labelledby="facts-h"><h2 id="facts-h">${escapeHtml(pageText.milestonesHeading)}</h2><ul class="facts">${items.join('')}</ul></section>`;
}
