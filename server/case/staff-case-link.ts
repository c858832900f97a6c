/**
 * Staff and the customer's case page link: close it ("Luk kundens link"), or close it and send
 * the customer a new one ("Send nyt link til kunden", for a link that reached the wrong person or
 * got lost). Each is written with its audit row (and the new link's e-mail) in one transaction.
 * The new link's token is made when its e-mail is composed (server/case/links.ts).
 */
import { eq } from 'drizzle-orm';
import type { LeadKind } from '../../domain/lead.ts';
import type { CaseLinkState } from '../../domain/staff-api/leads.ts';
import { caseLinkState, revokeCaseLinks } from './links.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { leads } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { caseLinkMail } from './case-mail.ts';
import { hasReceipt } from '../leads/receipt.ts';
import { auditBy, recordAudit, type StaffActor } from '../staff/audit.ts';
import { LeadNotFound } from '../plugins/service-errors.ts';

export interface CaseLinkDeps {
  db: Db;
  now?: () => Date;
}

/** The link's state as the inbox shows it; null for a lead that never gets one (resource requests). */
export async function caseLinkOf(
  db: DbOrTx,
  lead: { id: string; kind: LeadKind },
): Promise<CaseLinkState | null> {
  if (!hasReceipt(lead.kind)) return null;
  const state = await caseLinkState(db, lead.id);
  return { open: state.open, lastSentAt: state.lastSentAt?.toISOString() ?? null };
}

async function lockedLead(tx: DbOrTx, id: string) {
  const [lead] = await tx
    .select({ id: leads.id, kind: leads.kind, status: leads.status, email: leads.email })
    .from(leads)
    .where(eq(leads.id, id))
    .for('update');
  // Resource requests have no case page; spam sends nobody anything.
  if (!lead || !hasReceipt(lead.kind)) throw new LeadNotFound();
  return lead;
}

export async function closeCaseLink(
  deps: CaseLinkDeps,
  id: string,
  actor: StaffActor,
): Promise<CaseLinkState> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const lead = await lockedLead(tx, id);
    const closed = await revokeCaseLinks(tx, id, now);
    await recordAudit(
      tx,
      auditBy(actor, { action: 'case-link-closed', leadId: id, details: { closed } }),
      now,
    );
    return (await caseLinkOf(tx, lead))!;
  });
}

export async function sendNewCaseLink(
  deps: CaseLinkDeps,
  id: string,
  actor: StaffActor,
): Promise<CaseLinkState> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const lead = await lockedLead(tx, id);
    if (lead.status === 'spam')
      throw new LeadNotFound('Henvendelsen er markeret som spam. Flyt den ud af spam først.');
    // An insurer's assignment may name its policyholder by phone alone: every SMS of ours to them
    // carries the link already, and the links they have stay open.
    if (!lead.email)
      throw new LeadNotFound('Kunden har ingen e-mailadresse. Send en sms: den har linket til sagen.');
    const closed = await revokeCaseLinks(tx, id, now);
    await enqueueMail(tx, caseLinkMail, { leadId: id });
    await recordAudit(tx, auditBy(actor, { action: 'case-link-sent', leadId: id, details: { closed } }), now);
    return (await caseLinkOf(tx, lead))!;
  });
}
