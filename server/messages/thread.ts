/**
 * One lead's messages as the inbox shows them ("Beskeder"): ours with the state of each copy
 * (e-mail from the mail outbox's row, SMS from its job row), the customer's as they came, with
 * the photos an answer brought (their ids among the lead's images, which the lead page shows).
 */
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { DeliveryState, LeadMessage } from '../../domain/staff-api/messages.ts';
import type { Db } from '../db/client.ts';
import { casePhotos, leadImages, leadMessageSms, leadMessages, leads, mailJobs } from '../db/schema.ts';
import { LeadNotFound } from '../plugins/service-errors.ts';

function stateOf(job: { status: string; attempts: number } | null): DeliveryState | null {
  if (!job) return null;
  if (job.status === 'sent') return 'sent';
  if (job.status === 'failed') return 'failed';
  return job.attempts > 0 ? 'retrying' : 'pending';
}

/**
 * The customer's thread, or the loss adjuster's (channel 'taksator', server/casework/adjuster/): two
 * threads of one lead that never show in each other.
 */
export async function messagesOfLead(
  db: Db,
  leadId: string,
  thread: 'customer' | 'taksator' = 'customer',
): Promise<LeadMessage[]> {
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
    .where(
      and(
        eq(leadMessages.leadId, leadId),
        thread === 'taksator' ? eq(leadMessages.channel, 'taksator') : ne(leadMessages.channel, 'taksator'),
      ),
    )
    .orderBy(asc(leadMessages.createdAt), asc(leadMessages.id));
  const photos = await db
    .select({ imageId: casePhotos.imageId, messageId: casePhotos.messageId })
    .from(casePhotos)
    .innerJoin(leadImages, eq(leadImages.id, casePhotos.imageId))
    .where(and(eq(casePhotos.leadId, leadId), isNotNull(casePhotos.messageId)))
    .orderBy(asc(leadImages.position));
  const photosOf = new Map<string, string[]>();
  for (const photo of photos) {
    photosOf.set(photo.messageId!, [...(photosOf.get(photo.messageId!) ?? []), photo.imageId]);
  }
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
    ...(photosOf.has(message.id) ? { photoIds: photosOf.get(message.id)! } : {}),
  }));
}
