/**
 * A message of ours that a new lead's customer gets at once, without a staff member writing it:
 * an insurer's assignment tells its policyholder who asked us to help and by when we call
 * (server/leads/assignment-notice.ts). The lead service queues it by name ('messages.sms',
 * server/queue/jobs.ts) in the lead's transaction; written here, it is on the case page and goes
 * by SMS to the lead's Danish mobile number, counted against the day's SMS budget. Beyond the
 * budget it is on the case page only (the receipt e-mail says the same where there is an address).
 *
 * It has no staff author, so it is not the lead's first answer (the trigger of
 * leads.first_response_at counts staff's messages only), and no audit row: no one acted.
 */
import { company } from '../../../domain/company.ts';
import { isDanishMobile } from '../../../domain/phone.ts';
import { customerSmsMaxParts, toGsmText } from '../../../domain/sms-parts.ts';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { leadMessageSms, leadMessages, leads } from '../../db/schema.ts';
import type { JobPayloads } from '../../queue/jobs.ts';
import { smsCost, trySpendSmsParts, type CustomerSmsSettings } from './sms-budget.ts';

export async function writeCustomerNotice(
  tx: DbOrTx,
  payload: JobPayloads['messages.sms'],
  settings: CustomerSmsSettings,
): Promise<void> {
  const now = payload.writtenAt;
  const [lead] = await tx.select({ phone: leads.phone }).from(leads).where(eq(leads.id, payload.leadId));
  if (!lead) return;
  const [message] = await tx
    .insert(leadMessages)
    .values({
      leadId: payload.leadId,
      direction: 'out',
      channel: 'case-page',
      body: payload.body,
      authorId: null,
      authorName: company.name,
      createdAt: now,
    })
    .returning({ id: leadMessages.id });
  if (!isDanishMobile(lead.phone)) return;
  const parts = smsCost(settings, payload.body).segments;
  if (parts > customerSmsMaxParts) return;
  // The lead service writes it in the lead's transaction, which the day's budget row is locked in.
  const { spent } = await trySpendSmsParts(tx as Tx, settings, parts, now);
  if (!spent) return;
  await tx.insert(leadMessageSms).values({
    messageId: message!.id,
    leadId: payload.leadId,
    phone: lead.phone!,
    // GSM-7 where it can be: a foreign letter or a typographic dash must not triple the cost.
    body: toGsmText(payload.body),
    parts,
    runAt: now,
    createdAt: now,
  });
  // Queued by name, the SMS worker wakes after the commit (server/queue/jobs.ts).
}
