/**
 * What staff do with an emergency in the inbox, and what happened to it (docs/decisions/on-call-inbox.md):
 *
 * - assign or reassign a lead to any active staff member (or to nobody), audited;
 * - "Ringet op": stamp that somebody called the customer back (the first stamp stays; pressing it
 *   again changes nothing), audited; an unassigned lead becomes the caller's;
 * - the lead's timeline, derived from what is stored anyway: the lead row (received), the page
 *   SMS (paged: who, when), the audit log (acknowledged, assigned, called back, status changes,
 *   the visit time set or taken away, work started on a lead already "I gang").
 *   Nothing is written twice, so the timeline cannot disagree with the audit log.
 *
 * Plain functions of { db, clock }; they answer a result union instead of throwing.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { LeadStatus } from '../../../domain/lead.ts';
import { milestoneKinds, type MilestoneKind } from '../../../domain/milestones.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, leads, oncallPageNotices, oncallSms, users } from '../../db/schema.ts';
import { recordAudit } from '../../staff/audit.ts';
import { displayName } from '../rota/rota-store.ts';
import { assignDuplicates } from './duplicate-assignment.ts';

export interface OncallDbDeps {
  db: Db;
  clock: () => Date;
}

/** The staff member acting, as the audit log names them. */
export interface ActingStaff {
  userId: string;
  email: string;
  ip?: string | null;
}

export interface LeadHandling {
  assignedTo: string | null;
  calledBackAt: Date | null;
  calledBackBy: string | null;
}

export type AssignResult =
  | { kind: 'ok'; changed: boolean; lead: LeadHandling }
  | { kind: 'not-found' }
  /** The person does not exist or the account is disabled. */
  | { kind: 'unknown-staff' };

/**
 * Assigns the lead to `assignee` (a staff user id; null: nobody), and its duplicates with it.
 * Audited when it changes.
 */
export async function assignLead(
  deps: OncallDbDeps,
  input: { leadId: string; assignee: string | null; actor: ActingStaff },
): Promise<AssignResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [lead] = await tx
      .select({
        id: leads.id,
        reference: leads.reference,
        assignedTo: leads.assignedTo,
        calledBackAt: leads.calledBackAt,
        calledBackBy: leads.calledBackBy,
      })
      .from(leads)
      .where(eq(leads.id, input.leadId))
      .for('update');
    if (!lead) return { kind: 'not-found' } as const;
    if (input.assignee !== null) {
      const [person] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.assignee), isNull(users.disabledAt)));
      if (!person) return { kind: 'unknown-staff' } as const;
    }
    if (lead.assignedTo === input.assignee) {
      return { kind: 'ok', changed: false, lead: handling(lead) } as const;
    }
    await tx.update(leads).set({ assignedTo: input.assignee }).where(eq(leads.id, lead.id));
    // Its duplicates go with it: nobody calls the same person twice.
    await assignDuplicates(
      tx,
      { originalId: lead.id, assignee: input.assignee, actor: input.actor, reference: lead.reference },
      now,
    );
    await recordAudit(
      tx,
      {
        userId: input.actor.userId,
        actor: input.actor.email,
        action: 'lead-assigned',
        leadId: lead.id,
        details: { from: lead.assignedTo, to: input.assignee },
        ip: input.actor.ip ?? null,
      },
      now,
    );
    return { kind: 'ok', changed: true, lead: handling({ ...lead, assignedTo: input.assignee }) } as const;
  });
}

export type CalledBackResult = { kind: 'ok'; changed: boolean; lead: LeadHandling } | { kind: 'not-found' };

/**
 * "Ringet op": stamps the first callback (time and person), counts it as the latest contact with
 * the sender (the retention period runs from there) and, when nobody has the lead, gives it to
 * the caller. Pressing it again answers the first stamp and writes nothing.
 */
export async function markCalledBack(
  deps: OncallDbDeps,
  input: { leadId: string; actor: ActingStaff },
): Promise<CalledBackResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [lead] = await tx
      .select({
        id: leads.id,
        assignedTo: leads.assignedTo,
        calledBackAt: leads.calledBackAt,
        calledBackBy: leads.calledBackBy,
      })
      .from(leads)
      .where(eq(leads.id, input.leadId))
      .for('update');
    if (!lead) return { kind: 'not-found' } as const;
    if (lead.calledBackAt) return { kind: 'ok', changed: false, lead: handling(lead) } as const;
    const assignedTo = lead.assignedTo ?? input.actor.userId;
    await tx
      .update(leads)
      .set({
        calledBackAt: now,
        calledBackBy: input.actor.userId,
        assignedTo,
        lastContactAt: sql`greatest(${leads.lastContactAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(leads.id, lead.id));
    const audit = {
      userId: input.actor.userId,
      actor: input.actor.email,
      leadId: lead.id,
      ip: input.actor.ip ?? null,
    };
    await recordAudit(tx, { ...audit, action: 'lead-called-back' }, now);
    if (lead.assignedTo === null) {
      await recordAudit(
        tx,
        { ...audit, action: 'lead-assigned', details: { from: null, to: assignedTo } },
        now,
      );
    }
    return {
      kind: 'ok',
      changed: true,
      lead: { assignedTo, calledBackAt: now, calledBackBy: input.actor.userId },
    } as const;
  });
}

function handling(row: LeadHandling): LeadHandling {
  return { assignedTo: row.assignedTo, calledBackAt: row.calledBackAt, calledBackBy: row.calledBackBy };
}

/** A person in the timeline: null when the account is gone (or it was the system). */
export interface TimelinePerson {
  id: string;
  name: string;
}

export type TimelineEvent =
  | { kind: 'received'; at: Date }
  /**
   * A page SMS the provider accepted; `step` counts from 0, `everybody` is the last step; `again`:
   * after a take was withdrawn.
   */
  | { kind: 'paged'; at: Date; person: TimelinePerson | null; step: number; again?: boolean }
  /** A page SMS the provider refused: retried, cancelled by the acknowledgement, or given up. */
  | { kind: 'page-failed'; at: Date; person: TimelinePerson | null; step: number; gaveUp: boolean }
  | { kind: 'acknowledged'; at: Date; person: TimelinePerson | null }
  | { kind: 'assigned'; at: Date; by: TimelinePerson | null; to: TimelinePerson | null }
  | { kind: 'called-back'; at: Date; person: TimelinePerson | null }
  | { kind: 'status-changed'; at: Date; by: TimelinePerson | null; from: LeadStatus; to: LeadStatus }
  /** The visit time agreed with the customer ("Besigtigelse aftalt"); null: taken away. */
  | { kind: 'visit-set'; at: Date; by: TimelinePerson | null; visitAt: Date | null }
  /** "I gang" chosen on a lead an acknowledgement had already moved there (no status change). */
  | { kind: 'work-started'; at: Date; by: TimelinePerson | null }
  /** The lead went to the person in a digest SMS (one SMS naming several emergencies). */
  | { kind: 'in-digest'; at: Date; person: TimelinePerson | null; step: number; again?: boolean }
  /** The reminder to call, sent to the person who took it. */
  | { kind: 'reminded'; at: Date; person: TimelinePerson | null }
  /** Taken, not called: the acknowledgement was withdrawn and the chain is paged again. */
  | { kind: 'ack-withdrawn'; at: Date; person: TimelinePerson | null; takenAt: Date | null }
  /** A milestone recorded (at: when it happened, as recorded) or withdrawn (at: when withdrawn). */
  | {
      kind: 'milestone' | 'milestone-withdrawn';
      at: Date;
      by: TimelinePerson | null;
      milestone: MilestoneKind;
    };

const timelineActions = [
  'oncall-acknowledged',
  'lead-assigned',
  'lead-called-back',
  'status-changed',
  'visit-time-set',
  'work-started',
  'oncall-ack-withdrawn',
  'milestone-recorded',
  'milestone-withdrawn',
] as const;

/** The lead's events, oldest first; null when there is no such lead. */
export async function leadTimeline(
  deps: Pick<OncallDbDeps, 'db'>,
  leadId: string,
): Promise<TimelineEvent[] | null> {
  const { db } = deps;
  const [lead] = await db.select({ createdAt: leads.createdAt }).from(leads).where(eq(leads.id, leadId));
  if (!lead) return null;
  const [sms, digests, audits] = await Promise.all([
    db
      .select({
        userId: oncallSms.userId,
        purpose: oncallSms.purpose,
        step: oncallSms.step,
        status: oncallSms.status,
        sentAt: oncallSms.sentAt,
        firstFailedAt: oncallSms.firstFailedAt,
      })
      .from(oncallSms)
      .where(and(eq(oncallSms.leadId, leadId), inArray(oncallSms.purpose, ['page', 'reminder'])))
      .orderBy(asc(oncallSms.createdAt)),
    db
      .select({
        userId: oncallPageNotices.userId,
        step: oncallPageNotices.step,
        at: oncallPageNotices.dispatchedAt,
      })
      .from(oncallPageNotices)
      .where(
        and(
          eq(oncallPageNotices.leadId, leadId),
          eq(oncallPageNotices.status, 'digest'),
          isNotNull(oncallPageNotices.dispatchedAt),
        ),
      )
      .orderBy(asc(oncallPageNotices.dispatchedAt)),
    db
      .select({
        at: auditLog.at,
        userId: auditLog.userId,
        action: auditLog.action,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.leadId, leadId),
          isNotNull(auditLog.leadId),
          inArray(auditLog.action, [...timelineActions]),
        ),
      )
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
  ]);
  const ids = new Set<string>();
  for (const row of [...sms, ...digests]) if (row.userId) ids.add(row.userId);
  for (const row of audits) {
    if (row.userId) ids.add(row.userId);
    if (typeof row.details.takenBy === 'string') ids.add(row.details.takenBy);
    const to = row.details.to;
    if (row.action === 'lead-assigned' && typeof to === 'string') ids.add(to);
  }
  const people = new Map<string, TimelinePerson>();
  if (ids.size > 0) {
    for (const row of await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, [...ids]))) {
      people.set(row.id, { id: row.id, name: displayName(row) });
    }
  }
  const person = (id: unknown) => (typeof id === 'string' ? (people.get(id) ?? null) : null);
  const events: TimelineEvent[] = [{ kind: 'received', at: lead.createdAt }];
  for (const row of digests) {
    events.push({ kind: 'in-digest', at: row.at!, person: person(row.userId), step: row.step });
  }
  for (const row of sms) {
    if (row.purpose === 'reminder') {
      if (row.status === 'sent' && row.sentAt)
        events.push({ kind: 'reminded', at: row.sentAt, person: person(row.userId) });
    } else if (row.status === 'sent' && row.sentAt) {
      events.push({ kind: 'paged', at: row.sentAt, person: person(row.userId), step: row.step });
    } else if (row.firstFailedAt) {
      // Failing still, given up, or failing when the acknowledgement cancelled it.
      events.push({
        kind: 'page-failed',
        at: row.firstFailedAt,
        person: person(row.userId),
        step: row.step,
        gaveUp: row.status === 'failed',
      });
    }
  }
  for (const row of audits) {
    if (row.action === 'oncall-acknowledged') {
      events.push({ kind: 'acknowledged', at: row.at, person: person(row.userId) });
    } else if (row.action === 'lead-assigned') {
      events.push({ kind: 'assigned', at: row.at, by: person(row.userId), to: person(row.details.to) });
    } else if (row.action === 'lead-called-back') {
      events.push({ kind: 'called-back', at: row.at, person: person(row.userId) });
    } else if (row.action === 'visit-time-set') {
      const to = row.details.to;
      const visitAt = typeof to === 'string' ? new Date(to) : null;
      events.push({ kind: 'visit-set', at: row.at, by: person(row.userId), visitAt });
    } else if (row.action === 'work-started') {
      events.push({ kind: 'work-started', at: row.at, by: person(row.userId) });
    } else if (row.action === 'milestone-recorded' || row.action === 'milestone-withdrawn') {
      const milestone = milestoneKinds.find((kind) => kind === row.details.kind);
      if (!milestone) continue;
      const recorded = row.action === 'milestone-recorded' && typeof row.details.at === 'string';
      events.push({
        kind: row.action === 'milestone-recorded' ? 'milestone' : 'milestone-withdrawn',
        at: recorded ? new Date(row.details.at as string) : row.at,
        by: person(row.userId),
        milestone,
      });
    } else if (row.action === 'oncall-ack-withdrawn') {
      const takenAt = row.details.takenAt;
      events.push({
        kind: 'ack-withdrawn',
        at: row.at,
        person: person(row.details.takenBy),
        takenAt: typeof takenAt === 'string' ? new Date(takenAt) : null,
      });
    } else {
      events.push({
        kind: 'status-changed',
        at: row.at,
        by: person(row.userId),
        from: row.details.from as LeadStatus,
        to: row.details.to as LeadStatus,
      });
    }
  }
  // Stable: the order of the same instant stays as read (received, pages, then audit rows).
  // A re-page is written in the same instant as the withdrawal that causes it: the cause first.
  events.sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() ||
      Number(b.kind === 'ack-withdrawn') - Number(a.kind === 'ack-withdrawn'),
  );
  let withdrawn = false;
  for (const event of events) {
    if (event.kind === 'ack-withdrawn') withdrawn = true;
    else if (withdrawn && (event.kind === 'paged' || event.kind === 'in-digest')) event.again = true;
  }
  return events;
}
