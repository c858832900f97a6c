/**
 * Staff changing leads: status and the customer mark (one lead, or one status for many), and
 * notes. Each change, its audit rows and any mail it causes are written in ONE transaction, so
 * the log never claims a change that did not happen, nor misses one that did. A lead taken out of
 * spam ("Ikke spam") gets the staff notification it was held back from (through the mail
 * outbox); the sender's receipt is not sent days later.
 */
import { eq, inArray } from 'drizzle-orm';
import type { LeadStatus } from '../../domain/lead.ts';
import type {
  BulkStatusAnswer,
  BulkStatusChange,
  LeadChange,
  LeadDetail,
} from '../../domain/staff-api/leads.ts';
import type { Tx } from '../db/client.ts';
import { leadNotes, leads } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { leadNotificationMail } from '../leads/lead-mails.ts';
import { auditBy, recordAudit, type AuditEntryInput, type StaffActor } from '../staff/audit.ts';
import { LeadNotFound } from '../plugins/service-errors.ts';
import { writeStatusMessage } from '../messages/outgoing/status-messages.ts';
import { askSatisfaction } from '../messages/outgoing/satisfaction-question.ts';
import type { CustomerSmsSettings } from '../messages/outgoing/sms-budget.ts';
import { endPaging, isPagedStatus, pageReleasedDuplicates } from '../oncall/paging/end-paging.ts';
import { getLead, leadSummaries, type StaffDeps } from './leads.ts';

interface Before {
  id: string;
  reference: string;
  status: LeadStatus;
  isCustomer: boolean;
  workStartedAt: Date | null;
}

/**
 * Applies one change to locked rows: the update, one audit row per lead and changed field, the
 * notification of every lead leaving spam, and for every lead closed or filed as spam the end of
 * its paging and the page of its open duplicates (server/oncall/paging/end-paging.ts). Returns how many
 * leads changed.
 */
async function applyChange(
  tx: Tx,
  rows: readonly Before[],
  change: LeadChange,
  actor: StaffActor,
  now: Date,
): Promise<{ changed: number }> {
  const moved = change.status === undefined ? [] : rows.filter((row) => row.status !== change.status);
  const marked =
    change.isCustomer === undefined ? [] : rows.filter((row) => row.isCustomer !== change.isCustomer);
  // "I gang" chosen here is the customer's step "I gang" (domain/case-steps.ts); the on-call
  // acknowledgement moves the status without it, so choosing "I gang" on such a lead records it
  // too. Back to "Ny" takes it away again: it was set by mistake.
  const started = change.status === 'in-progress' ? rows.filter((row) => row.workStartedAt === null) : [];
  const unstarted = change.status === 'new' ? moved.filter((row) => row.workStartedAt !== null) : [];
  if (moved.length > 0) {
    await tx
      .update(leads)
      .set({ status: change.status, statusChangedAt: now, statusChangedBy: actor.userId })
      .where(
        inArray(
          leads.id,
          moved.map((row) => row.id),
        ),
      );
  }
  // Closed or spam: nobody is paged about it any more, in this transaction.
  const ended = change.status !== undefined && !isPagedStatus(change.status) ? moved : [];
  await endPaging(
    tx,
    ended.map((row) => row.id),
    now,
  );
  await pageReleasedDuplicates(tx, ended, change.status!, now);
  for (const [changed, work] of [
    [started, { workStartedAt: now, workStartedBy: actor.userId }],
    [unstarted, { workStartedAt: null, workStartedBy: null }],
  ] as const) {
    if (changed.length === 0) continue;
    await tx
      .update(leads)
      .set(work)
      .where(
        inArray(
          leads.id,
          changed.map((row) => row.id),
        ),
      );
  }
  if (marked.length > 0) {
    await tx
      .update(leads)
      .set({ isCustomer: change.isCustomer })
      .where(
        inArray(
          leads.id,
          marked.map((row) => row.id),
        ),
      );
  }
  const audits: AuditEntryInput[] = [
    ...moved.map((row) =>
      auditBy(actor, {
        action: 'status-changed',
        leadId: row.id,
        details: { from: row.status, to: change.status },
      }),
    ),
    // Work started on a lead already "I gang" by an acknowledgement: no status row says so.
    ...started
      .filter((row) => row.status === 'in-progress')
      .map((row) => auditBy(actor, { action: 'work-started', leadId: row.id })),
    ...marked.map((row) =>
      auditBy(actor, {
        action: 'customer-changed',
        leadId: row.id,
        details: { isCustomer: change.isCustomer },
      }),
    ),
  ];
  for (const entry of audits) await recordAudit(tx, entry, now);
  await enqueueMail(
    tx,
    leadNotificationMail,
    moved.filter((row) => row.status === 'spam').map((row) => ({ leadId: row.id })),
  );
  const changed = new Set([...moved, ...marked, ...started].map((row) => row.id)).size;
  return { changed };
}

/** Locks the leads for the change; every id must exist. */
async function lockLeads(tx: Tx, ids: readonly string[]): Promise<Before[]> {
  const rows = await tx
    .select({
      id: leads.id,
      reference: leads.reference,
      status: leads.status,
      isCustomer: leads.isCustomer,
      workStartedAt: leads.workStartedAt,
    })
    .from(leads)
    .where(inArray(leads.id, [...ids]))
    .orderBy(leads.id)
    .for('update');
  if (rows.length !== ids.length) {
    throw new LeadNotFound(
      ids.length === 1
        ? undefined
        : 'En eller flere af henvendelserne findes ikke længere. Opdater listen, og prøv igen.',
    );
  }
  return rows;
}

/**
 * Changes status and/or the customer mark of one lead; answers the lead as it is now. Closing it
 * ("Afsluttet") tells the customer in their thread unless `notifyCustomer` is false; the bulk
 * change below never does (it tidies many leads at once).
 */
export async function updateLead(
  deps: StaffDeps & { sms: CustomerSmsSettings },
  id: string,
  change: LeadChange,
  actor: StaffActor,
): Promise<LeadDetail> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const rows = await lockLeads(tx, [id]);
    const before = rows[0]!.status;
    await applyChange(tx, rows, change, actor, now);
    const closed = change.status === 'done' && before !== 'done' && before !== 'spam';
    if (closed && change.notifyCustomer !== false) {
      await writeStatusMessage(tx, id, { about: 'done' }, actor, now, deps.sms);
      await askSatisfaction(tx, id, now);
    }
    return getLead({ db: tx, storage: deps.storage }, id);
  });
}

/** One status for many leads (the inbox's bulk actions): all of them or none. */
export async function changeStatuses(
  deps: StaffDeps,
  request: BulkStatusChange,
  actor: StaffActor,
): Promise<BulkStatusAnswer> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const rows = await lockLeads(tx, request.ids);
    const { changed } = await applyChange(tx, rows, { status: request.status }, actor, now);
    return { changed, leads: await leadSummaries(tx, request.ids) };
  });
}

/** A note on a lead, with its author, and its audit row. */
export async function addNote(deps: StaffDeps, id: string, body: string, actor: StaffActor) {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, id));
    if (!lead) throw new LeadNotFound();
    const [note] = await tx
      .insert(leadNotes)
      .values({
        leadId: id,
        authorId: actor.userId,
        authorName: actor.name ?? actor.email,
        body,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, auditBy(actor, { action: 'note-added', leadId: id }), now);
    return {
      id: note!.id,
      authorName: note!.authorName,
      body: note!.body,
      createdAt: note!.createdAt.toISOString(),
    };
  });
}
