/**
 * The first report to the insurer: rendered from the case's facts for staff to read, sent to the
 * insurer's claims address (and any addresses staff add), and kept as sent. Sending stores the PDF
 * under the lead, then in one transaction writes the report's row, queues its e-mail and records
 * the `rapport-sendt` milestone (with the e-mail's Message-ID) and the audit row: all or nothing.
 * A report may be sent again later (an updated one); each is kept.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { ReportsAnswer, SentReport } from '../../../domain/staff-api/reports.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { adjusterLinks, leadMilestones, leadReports, leads } from '../../db/schema.ts';
import { mailMessageId } from '../../mail/compose.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { LeadNotFound } from '../../plugins/service-errors.ts';
import { auditBy, recordAudit, type StaffActor } from '../../staff/audit.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { insurerNamed } from '../insurers/insurers.ts';
import { reportMailCopy } from './copy.ts';
import { NoReportRecipient, ReportNotFound } from './errors.ts';
import { reportFacts } from './report-facts.ts';
import { firstReportMail } from './report-mail.ts';
import { renderReportPdf } from './report-pdf.ts';

export interface ReportDeps {
  db: Db;
  storage: Pick<ObjectStore, 'get' | 'put' | 'delete' | 'signedReadUrl'>;
  publicUrl: string;
  now?: () => Date;
}

export interface ReportFile {
  fileName: string;
  bytes: Uint8Array;
}

function sentReportOf(row: typeof leadReports.$inferSelect): SentReport {
  return {
    id: row.id,
    sentAt: row.createdAt.toISOString(),
    by: row.createdByName,
    recipients: row.recipients,
    messageId: row.messageId,
    bytes: row.bytes,
  };
}

/** The report as the case's facts make it now (staff read it before sending). Audited. */
export async function currentReport(
  deps: ReportDeps,
  leadId: string,
  actor: StaffActor,
): Promise<ReportFile> {
  const facts = await reportFacts(deps.db, leadId);
  const bytes = await renderReportPdf(deps, facts);
  await recordAudit(deps.db, auditBy(actor, { action: 'report-downloaded', leadId }), deps.now?.());
  return { fileName: reportMailCopy.fileName(facts.lead.reference), bytes };
}

/** The insurer's claims address and the adjusters of the case's open links: where a report goes unless staff add more. */
async function defaultRecipients(
  db: DbOrTx,
  leadId: string,
  insurerName: unknown,
  now: Date,
): Promise<string[]> {
  const [insurer, adjusters] = await Promise.all([
    insurerNamed(db, typeof insurerName === 'string' ? insurerName : null),
    db
      .select({ email: adjusterLinks.email })
      .from(adjusterLinks)
      .where(
        and(
          eq(adjusterLinks.leadId, leadId),
          isNull(adjusterLinks.revokedAt),
          gt(adjusterLinks.expiresAt, now),
        ),
      )
      .orderBy(asc(adjusterLinks.createdAt)),
  ]);
  return [...(insurer?.claimsEmail ? [insurer.claimsEmail] : []), ...adjusters.map((row) => row.email)];
}

/** The default recipients, then staff's, each once (compared without case). */
function recipientsOf(defaults: readonly string[], to: readonly string[]): string[] {
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const address of [...defaults, ...to]) {
    const key = address.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push(address.trim());
  }
  return recipients;
}

/** Sends the report to the insurer's claims address, the case's adjusters and `to`; NoReportRecipient when there is none. */
export async function sendReport(
  deps: ReportDeps,
  leadId: string,
  body: { to?: string[] | undefined },
  actor: StaffActor,
): Promise<SentReport> {
  const facts = await reportFacts(deps.db, leadId);
  const now = deps.now?.() ?? new Date();
  const defaults = await defaultRecipients(deps.db, leadId, facts.lead.details.forsikringsselskab, now);
  const recipients = recipientsOf(defaults, body.to ?? []);
  if (recipients.length === 0) throw new NoReportRecipient();
  const bytes = await renderReportPdf({ ...deps, now: () => now }, facts);
  const reportId = randomUUID();
  const mailJobId = randomUUID();
  const messageId = mailMessageId(deps.publicUrl, mailJobId);
  const objectKey = `reports/${leadId}/${reportId}.pdf`;
  await deps.storage.put(objectKey, Buffer.from(bytes), 'application/pdf');
  try {
    return await deps.db.transaction(async (tx) => {
      // The lead may have been erased while the PDF was drawn: then nothing is written.
      const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for('update');
      if (!lead) throw new LeadNotFound();
      const [row] = await tx
        .insert(leadReports)
        .values({
          id: reportId,
          leadId,
          createdAt: now,
          createdBy: actor.userId,
          createdByName: actor.name ?? actor.email,
          recipients,
          mailJobId,
          messageId,
          objectKey,
          bytes: bytes.length,
        })
        .returning();
      await enqueueMail(tx, firstReportMail, { leadId, reportId }, { ids: [mailJobId] });
      await tx.insert(leadMilestones).values({
        leadId,
        kind: 'rapport-sendt',
        at: now,
        details: { reportId, messageId, recipients },
        createdBy: actor.userId,
        createdByName: actor.name ?? actor.email,
      });
      await recordAudit(
        tx,
        auditBy(actor, { action: 'report-sent', leadId, details: { reportId, recipients } }),
        now,
      );
      return sentReportOf(row!);
    });
  } catch (error) {
    await deps.storage.delete(objectKey).catch(() => {});
    throw error;
  }
}

async function existingLead(db: DbOrTx, leadId: string) {
  const [lead] = await db.select({ details: leads.details }).from(leads).where(eq(leads.id, leadId));
  if (!lead) throw new LeadNotFound();
  return lead;
}

/** The reports sent on a lead, newest first, and where a new one goes by default. */
export async function reportsOfLead(deps: Pick<ReportDeps, 'db'>, leadId: string): Promise<ReportsAnswer> {
  const lead = await existingLead(deps.db, leadId);
  const [rows, defaults] = await Promise.all([
    deps.db
      .select()
      .from(leadReports)
      .where(eq(leadReports.leadId, leadId))
      .orderBy(desc(leadReports.createdAt)),
    defaultRecipients(deps.db, leadId, lead.details.forsikringsselskab, new Date()),
  ]);
  return { reports: rows.map(sentReportOf), defaultRecipients: recipientsOf(defaults, []) };
}

/** One sent report's PDF, as it was sent. Audited. */
export async function sentReportFile(
  deps: ReportDeps,
  leadId: string,
  reportId: string,
  actor: StaffActor,
): Promise<ReportFile> {
  await existingLead(deps.db, leadId);
  const [row] = await deps.db
    .select({ objectKey: leadReports.objectKey, reference: leads.reference })
    .from(leadReports)
    .innerJoin(leads, eq(leads.id, leadReports.leadId))
    .where(and(eq(leadReports.id, reportId), eq(leadReports.leadId, leadId)));
  if (!row) throw new ReportNotFound();
  const stored = await deps.storage.get(row.objectKey);
  if (!stored) throw new ReportNotFound();
  await recordAudit(
    deps.db,
    auditBy(actor, { action: 'report-downloaded', leadId, details: { reportId } }),
    deps.now?.(),
  );
  return { fileName: reportMailCopy.fileName(row.reference), bytes: stored.body };
}
