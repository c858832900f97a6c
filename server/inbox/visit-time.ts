/**
 * The visit time staff record on a lead: the customer's step "Besigtigelse aftalt" and the time
 * their case page shows (domain/case-steps.ts). Set, moved or cleared from the inbox's lead page;
 * each change, its audit row and the customer's message about it (a time set or moved, unless
 * staff leave it out: server/messages/outgoing/status-messages.ts) commit together.
 */
import { eq } from 'drizzle-orm';
import { zonedTime } from '../../domain/zoned-time.ts';
import type { Db } from '../db/client.ts';
import { leads } from '../db/schema.ts';
import { writeStatusMessage } from '../messages/outgoing/status-messages.ts';
import type { CustomerSmsSettings } from '../messages/outgoing/sms-budget.ts';
import { LeadNotFound } from '../plugins/service-errors.ts';
import { auditBy, recordAudit, type StaffActor } from '../staff/audit.ts';

/** "2026-12-03T10:00" as Danish wall-clock time; already checked by the contract (domain/staff-api/visit.ts). */
export function copenhagenDateTime(text: string): Date {
  const [day, time] = text.split('T') as [string, string];
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return zonedTime(year, month, date, hour, minute);
}

/**
 * Sets (a Danish date and time) or clears (null) the lead's visit time; answers the time stored.
 * Audited as `visit-time-set` with `{ from, to }` (ISO instants or null) when it changes.
 */
export async function setVisitTime(
  deps: { db: Db; sms: CustomerSmsSettings; now?: () => Date },
  leadId: string,
  visitAt: string | null,
  actor: StaffActor,
  options: { notifyCustomer?: boolean | undefined } = {},
): Promise<Date | null> {
  const now = deps.now?.() ?? new Date();
  const to = visitAt === null ? null : copenhagenDateTime(visitAt);
  return deps.db.transaction(async (tx): Promise<Date | null> => {
    const [lead] = await tx
      .select({ visitAt: leads.visitAt })
      .from(leads)
      .where(eq(leads.id, leadId))
      .for('update');
    if (!lead) throw new LeadNotFound();
    if ((lead.visitAt?.getTime() ?? null) === (to?.getTime() ?? null)) return lead.visitAt;
    await tx.update(leads).set({ visitAt: to }).where(eq(leads.id, leadId));
    await recordAudit(
      tx,
      auditBy(actor, {
        action: 'visit-time-set',
        leadId,
        details: { from: lead.visitAt?.toISOString() ?? null, to: to?.toISOString() ?? null },
      }),
      now,
    );
    if (!to || options.notifyCustomer === false) return to;
    const change = { about: 'visit' as const, visitAt: to, moved: lead.visitAt !== null };
    await writeStatusMessage(tx, leadId, change, actor, now, deps.sms);
    return to;
  });
}
