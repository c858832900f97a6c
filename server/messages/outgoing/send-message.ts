/**
 * Staff writing to one customer from the lead (docs/decisions/lead-messages.md): one message row
 * of ours (shown on the case page) and its copy by the chosen channel through the outbox, an
 * e-mail as a mail job or an SMS as a lead_message_sms job, committed with the audit row in one
 * transaction; writing the jobs wakes their workers after the commit. The status messages the customer gets
 * when a visit is agreed or the case is closed (./status-messages.ts) are written the same way.
 * An SMS copy is counted in billed parts as sent: refused beyond the cap per SMS or the day's
 * budget (./sms-budget.ts), before anything is written.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isDanishMobile } from '../../../domain/phone.ts';
import {
  leadMessageApiMessages as refusals,
  type LeadMessage,
  type LeadMessageSendBody,
} from '../../../domain/staff-api/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { leadMessageSms, leadMessages, leads } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { LeadNotFound } from '../../plugins/service-errors.ts';
import { MessageRefused } from './errors.ts';
import { wakeAfterCommit } from '../../queue/jobs.ts';
import { customerSmsMaxParts, toGsmText } from '../../../domain/sms-parts.ts';
import { auditBy, recordAudit, type StaffActor } from '../../staff/audit.ts';
import { leadMessageMail } from './message-mail.ts';
import { smsCost, spendSmsParts, trySpendSmsParts, type CustomerSmsSettings } from './sms-budget.ts';

/** Which copies a message of ours gets besides the case page. */
export interface OutgoingCopies {
  email: boolean;
  sms: boolean;
}

/** Why a message was written for staff rather than by them: the status the customer is told of. */
export type StatusMessageAbout = 'visit' | 'done' | 'paa-vej' | 'skadestop';

export interface OutgoingMessage {
  lead: { id: string; phone: string | null };
  body: string;
  copies: OutgoingCopies;
  actor: StaffActor;
  now: Date;
  about?: StatusMessageAbout;
  /** A staff member's e-mail answer (./staff-reply.ts): its Message-ID, so it is stored once. */
  incomingId?: string;
  sms: CustomerSmsSettings;
  /**
   * When the SMS copy does not fit the day's budget: 'refuse' (staff's own message: 400, nothing
   * written) or 'leave-out' (a status message: it goes by e-mail and on the case page only).
   */
  overBudget?: 'refuse' | 'leave-out';
}

/**
 * The parts of the message's SMS copy, counted against the day's budget; 0 when the copy is left
 * out. Refuses an SMS longer than customerSmsMaxParts whatever the caller asks.
 */
async function countSmsCopy(tx: Tx, message: OutgoingMessage): Promise<number> {
  const parts = smsCost(message.sms, message.body).segments;
  if (parts > customerSmsMaxParts) throw new MessageRefused(refusals.smsTooLong(parts));
  if (message.overBudget === 'leave-out') {
    return (await trySpendSmsParts(tx, message.sms, parts, message.now)).spent ? parts : 0;
  }
  await spendSmsParts(tx, message.sms, parts, message.now);
  return parts;
}

/**
 * Writes one message of ours with its copies and its audit row in the caller's transaction. An
 * SMS copy needs a Danish mobile number (the caller checks). The message as the thread shows it;
 * its `sms` is null when the copy was left out.
 */
export async function writeOutgoingMessage(tx: Tx, message: OutgoingMessage): Promise<LeadMessage> {
  const { lead, actor, now } = message;
  const smsParts = message.copies.sms ? await countSmsCopy(tx, message) : 0;
  const copies = { email: message.copies.email, sms: smsParts > 0 };
  const messageId = randomUUID();
  const mailJobId = copies.email ? randomUUID() : null;
  if (mailJobId) {
    await enqueueMail(
      tx,
      leadMessageMail,
      { leadId: lead.id, messageId, ...(message.about ? { about: message.about } : {}) },
      { ids: [mailJobId], createdAt: now },
    );
  }
  const authorName = actor.name ?? actor.email;
  await tx.insert(leadMessages).values({
    id: messageId,
    leadId: lead.id,
    direction: 'out',
    channel: 'case-page',
    body: message.body,
    authorId: actor.userId,
    authorName,
    mailJobId,
    incomingId: message.incomingId ?? null,
    createdAt: now,
  });
  if (copies.sms) {
    await tx.insert(leadMessageSms).values({
      messageId,
      leadId: lead.id,
      phone: lead.phone!,
      // GSM-7 where it can be: a foreign letter or a typographic dash must not triple the cost.
      body: toGsmText(message.body),
      parts: smsParts,
      about: message.about ?? null,
      runAt: now,
      createdAt: now,
    });
    wakeAfterCommit(tx, 'messages.sms');
  }
  await recordAudit(
    tx,
    auditBy(actor, {
      action: 'lead-message-sent',
      leadId: lead.id,
      details: {
        messageId,
        byEmail: copies.email,
        bySms: copies.sms,
        ...(copies.sms ? { smsParts } : {}),
        ...(message.copies.sms && !copies.sms ? { smsLeftOut: 'budget' } : {}),
        ...(message.about ? { about: message.about } : {}),
      },
    }),
    now,
  );
  return {
    id: messageId,
    direction: 'out',
    channel: 'case-page',
    body: message.body,
    authorName,
    createdAt: now.toISOString(),
    batchId: null,
    email: copies.email ? 'pending' : null,
    sms: copies.sms ? 'pending' : null,
  };
}

export interface SendDeps {
  db: Db;
  sms: CustomerSmsSettings;
  now?: () => Date;
}

/**
 * POST /api/staff/leads/:id/messages: the message by e-mail or by SMS. An SMS to a lead without
 * a Danish mobile number, longer than customerSmsMaxParts or beyond the day's budget, or an e-mail
 * to a lead without an address, is refused (400, Danish) before anything is written.
 */
export async function sendLeadMessage(
  deps: SendDeps,
  leadId: string,
  input: LeadMessageSendBody,
  actor: StaffActor,
): Promise<LeadMessage> {
  const now = deps.now?.() ?? new Date();
  const copies = { email: input.channel === 'email', sms: input.channel === 'sms' };
  return deps.db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, phone: leads.phone, email: leads.email })
      .from(leads)
      .where(eq(leads.id, leadId));
    if (!lead) throw new LeadNotFound();
    if (copies.sms && !isDanishMobile(lead.phone)) throw new MessageRefused(refusals.noMobile);
    // An insurer's assignment may name its policyholder by phone alone (the e-mail stored as '').
    if (copies.email && !lead.email) throw new MessageRefused(refusals.noEmail);
    return writeOutgoingMessage(tx, { lead, body: input.text, copies, actor, now, sms: deps.sms });
  });
}
