/**
 * A staff member's e-mail answer to a notification about a lead (docs/decisions/staff-replies.md):
 * it goes to the customer as a message of theirs in the thread, as if written in the inbox. The
 * notification's Reply-To carries the lead's staff tag (server/mail/reply-tags.ts); an answer is
 * taken only when it reaches that tag AND comes From an active account's address AND no
 * Authentication-Results header of the mailbox says its DKIM or DMARC check failed. Anything else
 * sent to a staff tag goes to the company inbox with the reason, never to the customer.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { leadMessageSendBody } from '../../../domain/staff-api/messages.ts';
import type { Db } from '../../db/client.ts';
import { leadMessages, leads, users } from '../../db/schema.ts';
import { leadIdOfStaffReplyAddress } from '../../mail/reply-tags.ts';
import type { StaffActor } from '../../staff/audit.ts';
import { writeOutgoingMessage } from '../outgoing/send-message.ts';
import { answerText } from './answer-text.ts';

/** Why a mail to a staff tag was not sent on (the first line of its copy to the company inbox). */
export const staffReplyRefusals = {
  notStaff: 'Ikke sendt til kunden: afsenderen er ikke en aktiv medarbejder.',
  authentication: 'Ikke sendt til kunden: modtagerserveren kunne ikke bekræfte afsenderen (DKIM/DMARC).',
  automatic: 'Ikke sendt til kunden: et automatisk svar (f.eks. fraværsbesked).',
  empty: 'Ikke sendt til kunden: svaret var tomt, når citat og signatur er skåret fra.',
  leadGone: 'Ikke sendt til kunden: sagen findes ikke længere.',
  invalid: (message: string) => `Ikke sendt til kunden: ${message}`,
} as const;

export type StaffReplyOutcome = 'stored' | 'duplicate' | { refused: string };

/** The lead a staff tag among the recipients names, or null (not an answer to a notification). */
export function staffTaggedLead(signingSecret: string, recipients: readonly string[]): string | null {
  for (const address of recipients) {
    const leadId = leadIdOfStaffReplyAddress(signingSecret, address);
    if (leadId) return leadId;
  }
  return null;
}

const failedCheck = /\b(?:dkim|dmarc)\s*=\s*fail\b/i;

/**
 * True when an Authentication-Results header (RFC 8601) says DKIM or DMARC failed. A sender can
 * add such headers too, but only to fail themselves: a "pass" is never needed, so a mailbox that
 * adds none still works, and one that does stops a forged From of our own domain.
 */
export function failedAuthentication(mail: Pick<ParsedMail, 'headerLines'>): boolean {
  return mail.headerLines.some(
    ({ key, line }) => key === 'authentication-results' && failedCheck.test(line.slice(0, 10_000)),
  );
}

/** The one sender address of the mail, lower case; null for none or several. */
function senderAddress(mail: Pick<ParsedMail, 'from'>): string | null {
  const addresses = (mail.from?.value ?? []).filter((entry) => entry.address);
  return addresses.length === 1 ? addresses[0]!.address!.trim().toLowerCase() : null;
}

export interface StaffReply {
  leadId: string;
  incomingId: string;
  now: Date;
  /** An automatic answer by its headers (an out-of-office reply): never sent to the customer. */
  automatic: boolean;
}

/** Takes a mail to a lead's staff tag; the caller forwards a refused one and wakes the mail worker. */
export async function takeStaffReply(
  db: Db,
  mail: Pick<ParsedMail, 'from' | 'headerLines' | 'text'>,
  reply: StaffReply,
): Promise<StaffReplyOutcome> {
  const from = senderAddress(mail);
  const [person] = from
    ? await db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(and(eq(users.email, from), isNull(users.disabledAt)))
    : [];
  if (!person) return { refused: staffReplyRefusals.notStaff };
  if (failedAuthentication(mail)) return { refused: staffReplyRefusals.authentication };
  if (reply.automatic) return { refused: staffReplyRefusals.automatic };
  const text = answerText(mail.text ?? '');
  if (!text) return { refused: staffReplyRefusals.empty };
  const checked = leadMessageSendBody.shape.text.safeParse(text);
  if (!checked.success) {
    return { refused: staffReplyRefusals.invalid(checked.error.issues[0]?.message ?? '') };
  }
  const actor: StaffActor = { userId: person.id, email: person.email, name: person.name, ip: 'e-mail' };
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, phone: leads.phone })
      .from(leads)
      .where(eq(leads.id, reply.leadId));
    if (!lead) return { refused: staffReplyRefusals.leadGone };
    // Read again after a crash: the answer went on the first time.
    const [earlier] = await tx
      .select({ id: leadMessages.id })
      .from(leadMessages)
      .where(and(eq(leadMessages.leadId, lead.id), eq(leadMessages.incomingId, reply.incomingId)));
    if (earlier) return 'duplicate';
    const message = {
      lead,
      body: checked.data,
      copies: { email: true, sms: false },
      actor,
      now: reply.now,
      incomingId: reply.incomingId,
      // No SMS copy: the SMS budget is never read.
      sms: { publicUrl: '', dailyPartsMax: 0 },
    };
    await writeOutgoingMessage(tx, message);
    return 'stored';
  });
}
