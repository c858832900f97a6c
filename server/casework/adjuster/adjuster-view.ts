/**
 * What the loss adjuster's page shows of a case, read from the recorded facts only: the case's
 * numbers and the customer's contact details, the milestones not withdrawn, the clocks computed from
 * them with the insurer's rules (domain/case-clocks.ts), the photos, the drying log's readings and
 * the adjuster's own thread. Never staff notes, the customer's thread or spam state. Every open is
 * noted on the link and in the audit log.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { caseDeadlines, type CaseDeadline } from '../../../domain/case-clocks.ts';
import type { MilestoneKind } from '../../../domain/milestones.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  adjusterLinks,
  leadImages,
  leadMessages,
  leadMilestones,
  leadReports,
  leads,
} from '../../db/schema.ts';
import { recordAudit } from '../../staff/audit.ts';
import { rulesForInsurer } from '../insurers/insurers.ts';
import type { OpenAdjusterLink } from './links.ts';
import { shownReadingsOfLead, type ShownReading } from '../drying/readings.ts';

export interface AdjusterMilestone {
  kind: MilestoneKind;
  at: Date;
  details: Record<string, unknown>;
}

export type AdjusterReading = ShownReading;

export interface AdjusterThreadMessage {
  direction: 'out' | 'in';
  authorName: string | null;
  body: string;
  createdAt: Date;
}

export interface AdjusterView {
  reference: string;
  insurer: string | null;
  claimNumber: string | null;
  policyNumber: string | null;
  customer: { name: string; phone: string | null; address: string | null };
  milestones: AdjusterMilestone[];
  deadlines: CaseDeadline[];
  /** The lead's photo ids, in the order they came. */
  photoIds: string[];
  /** Oldest first, by room, point and time. */
  readings: AdjusterReading[];
  thread: AdjusterThreadMessage[];
  /** Every first report sent to the insurer, oldest first (each downloadable through the link). */
  reports: { id: string; sentAt: Date }[];
  /** The adjuster the link was given to. */
  adjusterName: string;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** The case as the adjuster of `link` sees it; null when the lead is gone or marked spam. */
export async function adjusterView(db: DbOrTx, link: OpenAdjusterLink): Promise<AdjusterView | null> {
  const [lead] = await db.select().from(leads).where(eq(leads.id, link.leadId));
  if (!lead || lead.status === 'spam') return null;
  const insurerName = link.insurer ?? text(lead.details.forsikringsselskab);
  const [rules, milestones, readings, photos, thread, reports] = await Promise.all([
    rulesForInsurer(db, insurerName),
    db
      .select({ kind: leadMilestones.kind, at: leadMilestones.at, details: leadMilestones.details })
      .from(leadMilestones)
      .where(and(eq(leadMilestones.leadId, lead.id), isNull(leadMilestones.withdrawnAt)))
      .orderBy(asc(leadMilestones.at)),
    shownReadingsOfLead(db, lead.id),
    db
      .select({ id: leadImages.id })
      .from(leadImages)
      .where(eq(leadImages.leadId, lead.id))
      .orderBy(asc(leadImages.position)),
    adjusterThread(db, lead.id),
    db
      .select({ id: leadReports.id, sentAt: leadReports.createdAt })
      .from(leadReports)
      .where(eq(leadReports.leadId, lead.id))
      .orderBy(asc(leadReports.createdAt)),
  ]);
  const deadlines = caseDeadlines({
    kind: lead.kind,
    pagesOnCall: lead.pagesOnCall,
    calledBackAt: lead.calledBackAt,
    visitAt: lead.visitAt,
    milestones,
    readingTimes: readings.map((reading) => reading.at),
    rules,
  });
  return {
    reference: lead.reference,
    insurer: insurerName,
    claimNumber: text(lead.details.skadeNr),
    policyNumber: text(lead.details.policeNr),
    customer: { name: lead.name, phone: lead.phone, address: text(lead.details.adresse) },
    milestones,
    deadlines,
    photoIds: photos.map((photo) => photo.id),
    readings,
    thread,
    reports,
    adjusterName: link.name,
  };
}

/** The adjuster's thread on a lead, oldest first: theirs and our answers, nothing else. */
export async function adjusterThread(db: DbOrTx, leadId: string): Promise<AdjusterThreadMessage[]> {
  return db
    .select({
      direction: leadMessages.direction,
      authorName: leadMessages.authorName,
      body: leadMessages.body,
      createdAt: leadMessages.createdAt,
    })
    .from(leadMessages)
    .where(and(eq(leadMessages.leadId, leadId), eq(leadMessages.channel, 'taksator')))
    .orderBy(asc(leadMessages.createdAt), asc(leadMessages.id));
}

/** Notes an open of the page: on the link (the inbox shows it) and in the audit log. */
export async function noteAdjusterOpen(
  db: DbOrTx,
  link: OpenAdjusterLink,
  at: { now: Date; ip: string },
): Promise<void> {
  await db.update(adjusterLinks).set({ lastOpenedAt: at.now }).where(eq(adjusterLinks.id, link.id));
  await recordAudit(
    db,
    {
      userId: null,
      // Not a staff member: the adjuster, named by the link they opened it with.
      actor: `taksator:${link.email}`,
      action: 'adjuster-page-opened',
      leadId: link.leadId,
      details: { linkId: link.id },
      ip: at.ip,
    },
    at.now,
  );
}
