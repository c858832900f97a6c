/**
 * Staff recording a case's milestones (domain/milestones.ts) and withdrawing one recorded by
 * mistake. Each write, its audit row and, for "på vej" and "skadestop", the customer's message
 * in their thread (server/messages/outgoing/status-messages.ts, with its SMS limits) commit in
 * one transaction; a refusal writes nothing. A milestone is never deleted: a withdrawn one keeps
 * its row (the history shows the correction) and counts nowhere.
 */
import { and, eq } from 'drizzle-orm';
import { etaInstant } from '../../../domain/milestone-eta.ts';
import { milestoneText } from '../../../domain/milestone-lines.ts';
import { milestoneDetails, staffMilestoneKinds, type MilestoneKind } from '../../../domain/milestones.ts';
import type { Milestone, milestoneBody } from '../../../domain/staff-api/milestones.ts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { leadMilestones, leads } from '../../db/schema.ts';
import type { CustomerSmsSettings } from '../../messages/outgoing/sms-budget.ts';
import { writeStatusMessage } from '../../messages/outgoing/status-messages.ts';
import { LeadNotFound } from '../../plugins/service-errors.ts';
import { auditBy, recordAudit, type StaffActor } from '../../staff/audit.ts';
import { milestoneRefusals as refusals } from './copy.ts';
import { MilestoneConflict, MilestoneNotFound, MilestoneRefused } from './errors.ts';

export interface MilestoneDeps {
  db: Db;
  sms: CustomerSmsSettings;
  now?: () => Date;
}

type MilestoneBody = z.infer<typeof milestoneBody>;

/** How far ahead of the server's clock a time may be: a phone's clock a little fast. */
const futureSlackMs = 5 * 60_000;

/** The milestones that tell the customer by e-mail/SMS too; the others only on the case page. */
const toldCustomer = ['paa-vej', 'skadestop'] as const satisfies readonly MilestoneKind[];
const tellsCustomer = (kind: MilestoneKind): kind is (typeof toldCustomer)[number] =>
  (toldCustomer as readonly MilestoneKind[]).includes(kind);

type MilestoneRow = typeof leadMilestones.$inferSelect;

export function milestoneView(row: MilestoneRow): Milestone {
  return {
    id: row.id,
    kind: row.kind,
    at: row.at.toISOString(),
    by: row.createdByName,
    note: row.note,
    details: row.details,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  };
}

/**
 * The kind's details as checked by its schema, with what readers need resolved once: the expected
 * arrival of "på vej" as an instant (`etaAt`). Field messages are keyed "details.<field>".
 */
function checkedDetails(kind: MilestoneKind, details: unknown, at: Date): Record<string, unknown> {
  const parsed = milestoneDetails[kind].safeParse(details ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      (errors[['details', ...issue.path].join('.')] ??= []).push(issue.message);
    }
    throw new MilestoneRefused(errors);
  }
  const value: Record<string, unknown> = parsed.data;
  if (kind === 'paa-vej') return { ...value, etaAt: etaInstant(at, String(value.eta)).toISOString() };
  return value;
}

/** The time it happened: default now, never in the future beyond the slack. */
function checkedTime(text: string | undefined, now: Date): Date {
  const at = text === undefined ? now : new Date(text);
  if (at.getTime() > now.getTime() + futureSlackMs) throw new MilestoneRefused({ at: [refusals.future] });
  return at;
}

/** Locks the lead (milestones of one lead are recorded one at a time) and reads when it came in. */
async function lockLead(tx: Tx, leadId: string) {
  const [lead] = await tx
    .select({ createdAt: leads.createdAt, details: leads.details })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  if (!lead) throw new LeadNotFound();
  return lead;
}

/** Records a milestone on the lead; answers it as stored. */
export async function recordMilestone(
  deps: MilestoneDeps,
  leadId: string,
  body: MilestoneBody,
  actor: StaffActor,
): Promise<Milestone> {
  const now = deps.now?.() ?? new Date();
  const { kind } = body;
  // The kinds staff record; `rapport-sendt` is the report's own, recorded when it is sent.
  if (!(staffMilestoneKinds as readonly MilestoneKind[]).includes(kind))
    throw new MilestoneRefused({ kind: [refusals.reportByHand] });
  const at = checkedTime(body.at, now);
  const details = checkedDetails(kind, body.details, at);
  return deps.db.transaction(async (tx) => {
    const lead = await lockLead(tx, leadId);
    if (at.getTime() < lead.createdAt.getTime()) throw new MilestoneRefused({ at: [refusals.beforeLead] });
    // The unique index on a lead's damage stop decides, also between two servers at once.
    const [row] = await tx
      .insert(leadMilestones)
      .values({
        leadId,
        kind,
        at,
        note: body.note?.trim() || null,
        details,
        createdAt: now,
        createdBy: actor.userId,
        createdByName: actor.name ?? actor.email,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new MilestoneConflict(refusals.secondDamageStop);
    await recordAudit(
      tx,
      auditBy(actor, {
        action: 'milestone-recorded',
        leadId,
        details: { milestoneId: row.id, kind, at: at.toISOString() },
      }),
      now,
    );
    if (tellsCustomer(kind) && body.notifyCustomer !== false) {
      const line = milestoneText(row, lead.details.forsikringsselskab ?? null);
      await writeStatusMessage(tx, leadId, { about: kind, line }, actor, now, deps.sms);
    }
    return milestoneView(row);
  });
}

/** Withdraws a milestone recorded by mistake; answers it with `withdrawnAt`. */
export async function withdrawMilestone(
  deps: Pick<MilestoneDeps, 'db' | 'now'>,
  leadId: string,
  milestoneId: string,
  actor: StaffActor,
): Promise<Milestone> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    await lockLead(tx, leadId);
    const [row] = await tx
      .select()
      .from(leadMilestones)
      .where(and(eq(leadMilestones.id, milestoneId), eq(leadMilestones.leadId, leadId)))
      .for('update');
    if (!row) throw new MilestoneNotFound(refusals.notFound);
    if (row.withdrawnAt) throw new MilestoneConflict(refusals.alreadyWithdrawn);
    // The report went out; saying otherwise would not be true. An updated report follows it instead.
    if (row.kind === 'rapport-sendt') throw new MilestoneConflict(refusals.reportSent);
    const [withdrawn] = await tx
      .update(leadMilestones)
      .set({ withdrawnAt: now, withdrawnBy: actor.userId })
      .where(eq(leadMilestones.id, milestoneId))
      .returning();
    await recordAudit(
      tx,
      auditBy(actor, {
        action: 'milestone-withdrawn',
        leadId,
        details: { milestoneId, kind: row.kind, at: row.at.toISOString() },
      }),
      now,
    );
    return milestoneView(withdrawn!);
  });
}
