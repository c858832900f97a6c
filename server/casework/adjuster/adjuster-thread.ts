/**
 * The loss adjuster's thread on a lead (lead_messages with channel 'taksator'): the adjuster
 * writes from the page, staff answer from the lead page in the inbox. Each message commits with its
 * e-mail: the adjuster's to the company inbox, ours to the adjuster of every open link (with the
 * page's link). The customer's thread and case page never read these rows, and this thread never
 * reads theirs.
 */
import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import { leadMessages as limits } from '../../../domain/constants.ts';
import type { LeadMessage } from '../../../domain/staff-api/messages.ts';
import type { Db } from '../../db/client.ts';
import { adjusterLinks, leadMessages, leads } from '../../db/schema.ts';
import { startOfDanishDay } from '../../case/photo-room.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { LeadNotFound } from '../../plugins/service-errors.ts';
import { auditBy, recordAudit, type StaffActor } from '../../staff/audit.ts';
import { adjusterAnswerMail, adjusterMessageMail } from './adjuster-mail.ts';
import { AdjusterNoOpenLink } from './errors.ts';
import type { OpenAdjusterLink } from './links.ts';

/** The most one message from the page may hold, as the customer's page allows. */
export const adjusterMessageMaxChars = limits.threadMaxChars;

/**
 * The most messages the page takes for one case in a Danish calendar day, from all its adjusters
 * together. Each one e-mails the company inbox: a link passed on or a script must not bury it. A
 * working adjuster writes a few a day, so this is a bound on a flood, far above normal use; past it
 * the telephone and e-mail still reach us (docs/decisions/adjuster-page.md).
 */
export const adjusterMessagesPerDay = 20;

/**
 * The adjuster's message from the page, kept in their thread and mailed to the company inbox.
 * Refused (nothing written) past `adjusterMessagesPerDay` for the case today.
 */
export async function addAdjusterMessage(
  db: Db,
  link: OpenAdjusterLink,
  body: string,
  now: Date,
): Promise<{ kept: boolean }> {
  return db.transaction(async (tx) => {
    // One at a time per case, so two posts cannot both pass the day's count.
    await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, link.leadId)).for('update');
    const [today] = await tx
      .select({ n: count() })
      .from(leadMessages)
      .where(
        and(
          eq(leadMessages.leadId, link.leadId),
          eq(leadMessages.channel, 'taksator'),
          eq(leadMessages.direction, 'in'),
          gte(leadMessages.createdAt, startOfDanishDay(now)),
        ),
      );
    if ((today?.n ?? 0) >= adjusterMessagesPerDay) return { kept: false };
    const [message] = await tx
      .insert(leadMessages)
      .values({
        leadId: link.leadId,
        direction: 'in',
        channel: 'taksator',
        body,
        authorName: link.name,
        createdAt: now,
      })
      .returning({ id: leadMessages.id });
    await enqueueMail(
      tx,
      adjusterMessageMail,
      { leadId: link.leadId, linkId: link.id, messageId: message!.id },
      { createdAt: now },
    );
    return { kept: true };
  });
}

/**
 * Staff's answer in the adjuster's thread: e-mailed to the adjuster of every link that opens the
 * page now (each with its link). Refused (409) when no link is open: the answer would reach nobody.
 */
export async function answerAdjuster(
  deps: { db: Db; now?: () => Date },
  leadId: string,
  text: string,
  actor: StaffActor,
): Promise<LeadMessage> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for('update');
    if (!lead) throw new LeadNotFound();
    const open = await tx
      .select({ id: adjusterLinks.id })
      .from(adjusterLinks)
      .where(
        and(
          eq(adjusterLinks.leadId, leadId),
          isNull(adjusterLinks.revokedAt),
          gt(adjusterLinks.expiresAt, now),
        ),
      );
    if (open.length === 0) throw new AdjusterNoOpenLink();
    const authorName = actor.name ?? actor.email;
    const [message] = await tx
      .insert(leadMessages)
      .values({
        leadId,
        direction: 'out',
        channel: 'taksator',
        body: text,
        authorId: actor.userId,
        authorName,
        createdAt: now,
      })
      .returning({ id: leadMessages.id });
    const [firstJob] = await enqueueMail(
      tx,
      adjusterAnswerMail,
      open.map((link) => ({ leadId, linkId: link.id, messageId: message!.id })),
      { createdAt: now },
    );
    // The first e-mail's job stands for the message's delivery in the inbox.
    await tx.update(leadMessages).set({ mailJobId: firstJob! }).where(eq(leadMessages.id, message!.id));
    await recordAudit(
      tx,
      auditBy(actor, {
        action: 'adjuster-message-sent',
        leadId,
        details: { messageId: message!.id, links: open.length },
      }),
      now,
    );
    return {
      id: message!.id,
      direction: 'out',
      channel: 'taksator',
      body: text,
      authorName,
      createdAt: now.toISOString(),
      batchId: null,
      email: 'pending',
      sms: null,
    };
  });
}
