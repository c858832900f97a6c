/**
 * What the first report is made of: the lead's recorded facts and nothing else. The lead (who,
 * where, the insurer and its numbers, the damage as the form recorded it), its milestones and
 * moisture readings not withdrawn, its photos, and the clocks computed from them with the rules
 * of the insurer the form named (domain/case-clocks.ts).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { caseDeadlines, caseRules, type CaseDeadline } from '../../../domain/case-clocks.ts';
import type { LeadKind } from '../../../domain/lead.ts';
import type { MilestoneKind } from '../../../domain/milestones.ts';
import type { DbOrTx } from '../../db/client.ts';
import { insurers, leadImages, leadMilestones, leads } from '../../db/schema.ts';
import { LeadNotFound } from '../../plugins/service-errors.ts';
import { shownReadingsOfLead, type ShownReading } from '../drying/readings.ts';

export interface ReportMilestone {
  kind: MilestoneKind;
  at: Date;
  by: string | null;
  note: string | null;
  details: Record<string, unknown>;
}

export type ReportReading = ShownReading;

export interface ReportPhoto {
  objectKey: string;
  contentType: string;
  bytes: number;
  originalName: string | null;
  at: Date;
}

export interface ReportFacts {
  lead: {
    id: string;
    kind: LeadKind;
    reference: string;
    name: string;
    phone: string | null;
    createdAt: Date;
    calledBackAt: Date | null;
    details: Readonly<Record<string, string>>;
  };
  /** The insurer the form named, as the insurers table has it; null when the table has no such name. */
  insurer: { name: string; claimsEmail: string | null } | null;
  milestones: ReportMilestone[];
  readings: ReportReading[];
  photos: ReportPhoto[];
  deadlines: CaseDeadline[];
}

/** The lead's facts for its report; LeadNotFound when there is no such lead. */
export async function reportFacts(db: DbOrTx, leadId: string): Promise<ReportFacts> {
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead) throw new LeadNotFound();
  const insurerName = lead.details.forsikringsselskab;
  const [insurerRows, milestoneRows, readings, photoRows] = await Promise.all([
    insurerName ? db.select().from(insurers).where(eq(insurers.name, insurerName)) : [],
    db
      .select()
      .from(leadMilestones)
      .where(and(eq(leadMilestones.leadId, leadId), isNull(leadMilestones.withdrawnAt)))
      .orderBy(asc(leadMilestones.at), asc(leadMilestones.createdAt)),
    shownReadingsOfLead(db, leadId),
    db.select().from(leadImages).where(eq(leadImages.leadId, leadId)).orderBy(asc(leadImages.position)),
  ]);
  const insurer = insurerRows[0] ?? null;
  const milestones = milestoneRows.map((row) => ({
    kind: row.kind,
    at: row.at,
    by: row.createdByName,
    note: row.note,
    details: row.details,
  }));
  return {
    lead: {
      id: lead.id,
      kind: lead.kind,
      reference: lead.reference,
      name: lead.name,
      phone: lead.phone,
      createdAt: lead.createdAt,
      calledBackAt: lead.calledBackAt,
      details: lead.details,
    },
    insurer: insurer && { name: insurer.name, claimsEmail: insurer.claimsEmail },
    milestones,
    readings,
    photos: photoRows.map((row) => ({
      objectKey: row.objectKey,
      contentType: row.contentType,
      bytes: row.bytes,
      originalName: row.originalName,
      at: row.createdAt,
    })),
    deadlines: caseDeadlines({
      kind: lead.kind,
      pagesOnCall: lead.pagesOnCall,
      calledBackAt: lead.calledBackAt,
      visitAt: lead.visitAt,
      milestones,
      readingTimes: readings.map((reading) => reading.at),
      rules: caseRules(insurer),
    }),
  };
}
