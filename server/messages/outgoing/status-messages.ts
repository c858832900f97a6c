/**
 * The customer hears of the status changes that matter to them (docs/decisions/lead-messages.md):
 * a visit agreed or moved ("Besigtigelse aftalt"), the case closed ("Afsluttet") and the milestones
 * "på vej" and "skadestop" (server/casework/milestones/record.ts) each put a
 * short message of ours in the thread (domain/customer-messages.ts), written in the transaction of
 * the change by the staff member who made it. Staff may leave it out per change
 * (`notifyCustomer: false`); a spam lead never gets one.
 *
 * It goes by e-mail, and by SMS too when the lead has a Danish mobile number and either the
 * thread's newest message is by SMS (ours with an SMS copy, or the customer's SMS) or the lead is
 * an emergency: the customer hears of it where the conversation is, and an emergency's customer
 * is reached on the phone they gave for the callback.
 *
 * The SMS is sent at most once per lead in `statusSmsEveryMinutes`: closing and reopening a case
 * or moving a visit again and again costs one SMS, and the e-mail and the case page still say
 * each change (they cost nothing per part). Beyond the day's SMS budget the message goes without
 * its SMS rather than blocking the change itself.
 */
import { and, desc, eq, gt, isNotNull, ne } from 'drizzle-orm';
import { leadMessages as limits } from '../../../domain/constants.ts';
import { customerStatusMessages } from '../../../domain/customer-messages.ts';
import { isDanishMobile } from '../../../domain/phone.ts';
import type { Tx } from '../../db/client.ts';
import { leadMessageSms, leadMessages, leads } from '../../db/schema.ts';
import type { StaffActor } from '../../staff/audit.ts';
import { writeOutgoingMessage, type OutgoingCopies } from './send-message.ts';
import type { CustomerSmsSettings } from './sms-budget.ts';

export type StatusChange =
  | { about: 'visit'; visitAt: Date; moved: boolean }
  | { about: 'done' }
  // A milestone that tells the customer, in the case page's own words (domain/milestone-lines.ts).
  | { about: 'paa-vej' | 'skadestop'; line: string };

function statusText(change: StatusChange, reference: string): string {
  if (change.about === 'done') return customerStatusMessages.done(reference);
  if ('line' in change) return customerStatusMessages.milestone(change.line);
  return change.moved
    ? customerStatusMessages.visitMoved(change.visitAt)
    : customerStatusMessages.visitAgreed(change.visitAt);
}

/** True when the thread's newest message is by SMS: ours with an SMS copy, or the customer's SMS. */
async function threadIsBySms(tx: Tx, leadId: string): Promise<boolean> {
  const [newest] = await tx
    .select({ channel: leadMessages.channel, sms: leadMessageSms.id })
    .from(leadMessages)
    .leftJoin(leadMessageSms, eq(leadMessageSms.messageId, leadMessages.id))
    .where(and(eq(leadMessages.leadId, leadId), ne(leadMessages.channel, 'taksator')))
    .orderBy(desc(leadMessages.createdAt), desc(leadMessages.id))
    .limit(1);
  return Boolean(newest?.sms) || newest?.channel === 'sms';
}

/** True when a status message to this lead went with an SMS copy within the last minutes. */
async function statusSmsRecently(tx: Tx, leadId: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - limits.statusSmsEveryMinutes * 60_000);
  const [recent] = await tx
    .select({ id: leadMessageSms.id })
    .from(leadMessageSms)
    .where(
      and(
        eq(leadMessageSms.leadId, leadId),
        isNotNull(leadMessageSms.about),
        gt(leadMessageSms.createdAt, since),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

/**
 * Writes the status message of `change` to the lead's customer in the caller's transaction;
 * answers its copies (wake their workers after the commit), or null when none was written.
 */
export async function writeStatusMessage(
  tx: Tx,
  leadId: string,
  change: StatusChange,
  actor: StaffActor,
  now: Date,
  sms: CustomerSmsSettings,
): Promise<OutgoingCopies | null> {
  const [lead] = await tx
    .select({
      id: leads.id,
      kind: leads.kind,
      pagesOnCall: leads.pagesOnCall,
      status: leads.status,
      reference: leads.reference,
      phone: leads.phone,
      email: leads.email,
    })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead || lead.status === 'spam') return null;
  const bySms =
    isDanishMobile(lead.phone) &&
    (lead.pagesOnCall || (await threadIsBySms(tx, lead.id))) &&
    !(await statusSmsRecently(tx, lead.id, now));
  // No e-mail where the lead has no address (an assignment's policyholder given by phone alone).
  const byEmail = lead.email !== '';
  const written = await writeOutgoingMessage(tx, {
    lead,
    body: statusText(change, lead.reference),
    copies: { email: byEmail, sms: bySms },
    actor,
    now,
    about: change.about,
    sms,
    overBudget: 'leave-out',
  });
  return { email: byEmail, sms: written.sms !== null };
}
