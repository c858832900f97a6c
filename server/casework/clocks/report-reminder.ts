/**
 * The morning reminder that a case's first report is due today: from 07:00 Copenhagen time on
 * the day the report is due (domain/case-clocks.ts), while it is not sent, one e-mail to the
 * lead's assignee, or to every koordinator when nobody has the lead. A periodic job looks every
 * 15 minutes; the claim in `job_runs` (one per lead and due time, written in the transaction that
 * queues the mail) makes two server copies and a restart send it once.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { caseDeadlines } from '../../../domain/case-clocks.ts';
import { localParts, zonedTime } from '../../../domain/zoned-time.ts';
import type { Db } from '../../db/client.ts';
import { jobRuns, leads, users } from '../../db/schema.ts';
import { escapeHtml } from '../../mail/html.ts';
import { layout, plainText } from '../../mail/layout.ts';
import { mailComposersOf, mailKind, messageBase } from '../../mail/compose.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { PeriodicJob } from '../../queue/periodic.ts';
import { reportReminderText } from './copy.ts';
import { runningClockFacts } from './open-clocks.ts';

const jobName = 'report-reminder';
/** The hour (Copenhagen) the reminder goes out on the day the report is due. */
export const reminderHour = 7;

/** When the reminder for a report due at `dueAt` (the midnight ending its day) goes out. */
export function reminderAt(dueAt: Date): Date {
  const day = localParts(new Date(dueAt.getTime() - 1));
  return zonedTime(day.year, day.month, day.day, reminderHour);
}

/** The reports due today, not sent, whose reminder time has come at `now`. */
async function reportsDueNow(db: Db, now: Date) {
  const facts = await runningClockFacts(db, 'rapport-sendt');
  const due: { leadId: string; dueAt: Date; damageStopAt: Date }[] = [];
  for (const [leadId, lead] of facts) {
    const report = caseDeadlines(lead).find((d) => d.kind === 'rapport-sendt');
    if (!report || report.metAt || now < reminderAt(report.dueAt) || now >= report.dueAt) continue;
    const damageStopAt = lead.milestones
      .filter((m) => m.kind === 'skadestop')
      .reduce((a, m) => (m.at < a ? m.at : a), report.dueAt);
    due.push({ leadId, dueAt: report.dueAt, damageStopAt });
  }
  return due;
}

/** Queues the reminders due at `now` that no server copy queued yet; the number queued. */
export async function remindReportsDue(deps: { db: Db }, now: Date): Promise<number> {
  const due = await reportsDueNow(deps.db, now);
  if (due.length === 0) return 0;
  const rows = await deps.db
    .select({
      id: leads.id,
      reference: leads.reference,
      details: leads.details,
      assigneeName: users.name,
      assigneeEmail: users.email,
    })
    .from(leads)
    .leftJoin(users, and(eq(users.id, leads.assignedTo), isNull(users.disabledAt)))
    .where(
      inArray(
        leads.id,
        due.map((d) => d.leadId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const koordinatorer = await deps.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'koordinator'), isNull(users.disabledAt)))
    .orderBy(asc(users.email));
  let queued = 0;
  for (const report of due) {
    const lead = byId.get(report.leadId);
    if (!lead) continue;
    const to = lead.assigneeEmail ? [{ name: lead.assigneeName, email: lead.assigneeEmail }] : koordinatorer;
    const claimed = await deps.db.transaction(async (tx) => {
      const claim = await tx
        .insert(jobRuns)
        .values({ job: jobName, period: `${report.leadId}@${report.dueAt.toISOString()}`, ranAt: now })
        .onConflictDoNothing()
        .returning({ period: jobRuns.period });
      if (claim.length === 0) return false;
      await enqueueMail(
        tx,
        reportDueMail,
        to.map((person) => ({
          leadId: report.leadId,
          to: { name: person.name?.trim() || person.email, address: person.email },
          reference: lead.reference,
          insurer: lead.details.forsikringsselskab?.trim() || null,
          dueAt: report.dueAt.toISOString(),
          damageStopAt: report.damageStopAt.toISOString(),
        })),
      );
      return true;
    });
    if (claimed) queued++;
  }
  return queued;
}

/** Every 15 minutes, on one server copy at a time (server/queue/periodic.ts). */
export function reportReminderJob(deps: { db: Db }): PeriodicJob {
  return {
    id: 'casework-report-reminders',
    name: 'first reports due today: e-mailing the assignee',
    intervalMs: 15 * 60_000,
    firstRunAfterMs: 90_000,
    run: (now) => remindReportsDue(deps, now),
  };
}

/** The morning reminder of a first report due today, to one person. */
export const reportDueMail = mailKind(
  'casework-report-due',
  z.object({
    leadId: z.uuid(),
    to: z.object({ name: z.string(), address: z.string() }),
    reference: z.string(),
    insurer: z.string().nullable(),
    dueAt: z.iso.datetime(),
    damageStopAt: z.iso.datetime(),
  }),
  (deps, job) => {
    const { reference, insurer, dueAt, damageStopAt, leadId } = job.payload;
    const subject = reportReminderText.subject(reference, insurer);
    const intro = reportReminderText.intro(reference, insurer, new Date(damageStopAt), new Date(dueAt));
    const link = `${deps.publicUrl}/indbakke/henvendelse/${encodeURIComponent(leadId)}`;
    return {
      ...messageBase(deps, job),
      to: job.payload.to,
      subject,
      text: plainText([intro, '', link]),
      html: layout(
        subject,
        escapeHtml(intro),
        `<p><a href="${escapeHtml(link)}">${escapeHtml(reportReminderText.open)}</a></p>`,
      ),
    };
  },
);

export const caseClockMailComposers = mailComposersOf(reportDueMail);
