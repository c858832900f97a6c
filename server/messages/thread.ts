/**
 * One lead's messages as the inbox shows them ("Beskeder"): ours with the state of each copy
 * (e-mail from the mail outbox's row, SMS from its job row), the customer's as they came.
 */
import { asc, eq } from 'drizzle-orm';
import type { DeliveryState, LeadMessage } from '../../domain/staff-api/messages.ts';
import type { Db } from '../db/client.ts';
import { leadMessageSms, leadMessages, leads, mailJobs } from '../db/schema.ts';
import { LeadNotFound } from '../plugins/service-errors.ts';

function stateOf(job: { status: string; attempts: number } | null): DeliveryState | null {
  if (!job) return null;
  if (job.status === 'sent') return 'sent';
  if (job.status === 'failed') return 'failed';
  return job.attempts > 0 ? 'retrying' : 'pending';
}

export async function messagesOfLead(db: Db, leadId: string): Promise<LeadMessage[]> {
  const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
  if (!lead) throw new LeadNotFound();
  const rows = await db
    .select({
      message: leadMessages,
      mail: { status: mailJobs.status, attempts: mailJobs.attempts },
      sms: { status: leadMessageSms.status, attempts: leadMessageSms.attempts },
    })
    .from(leadMessages)
    .leftJoin(mailJobs, eq(mailJobs.id, leadMessages.mailJobId))
    .leftJoin(leadMessageSms, eq(leadMessageSms.messageId, leadMessages.id))
    .where(eq(leadMessages.leadId, leadId))
    .orderBy(asc(leadMessages.createdAt), asc(leadMessages.id));
  return rows.map(({ message, mail, sms }) => ({
    id: message.id,
    direction: message.direction,
    channel: message.channel,
    body: message.body,
    authorName: message.authorName,
    createdAt: message.createdAt.toISOString(),
    batchId: message.batchId,
    // A sent e-mail's outbox row may be cleaned up later: a job id with no row left was sent. No
    // job id: the message went by SMS only.
    email: message.direction === 'out' && message.mailJobId ? (mail?.status ? stateOf(mail) : 'sent') : null,
    sms: sms?.status ? stateOf(sms) : null,
  }));
}
