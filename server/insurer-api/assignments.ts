/**
 * An insurer's assignment (rekvisition) through the API: the body becomes the Danish `rekvisition`
 * lead the form sends, judged by the same schema, and is stored by the same createLead as every
 * lead (server/leads/create-lead.ts: the lead, its staff notification and receipts, in one
 * transaction). Then the adjuster gets a link to the case (server/casework/adjuster/), which the
 * answer carries too.
 *
 * One case per insurer and claim number: the claim is written first (insurer_assignments, without
 * its lead), so a second request for it, even at the same moment, finds it instead of making a
 * second case: 200 with the case made, or 409 "in progress" while the first is still being made.
 * A claim whose making died half-way (no lead after two minutes) may be made again.
 */
import { and, eq, isNull, lt } from 'drizzle-orm';
import { caseDeadlines } from '../../domain/case-clocks.ts';
import {
  claimKey,
  englishFieldNames,
  rekvisitionPayload,
  type AssignmentBody,
  type AssignmentCreated,
  type AssignmentState,
  type AssignmentStatus,
} from '../../domain/insurer-api.ts';
import type { LeadStatus } from '../../domain/lead.ts';
import { rekvisitionLeadSchema } from '../../domain/rekvisition.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { insurerAssignments, leadMilestones, leads } from '../db/schema.ts';
import { createLead, type LeadDeps, type LeadOrigin } from '../leads/create-lead.ts';
import { giveAdjusterLinkFromApi } from '../casework/adjuster/adjuster-links.ts';
import { adjusterToken, adjusterUrl } from '../casework/adjuster/links.ts';
import { loadCaseClockFacts } from '../casework/clocks/case-clock-facts.ts';
import { recordAudit } from '../staff/audit.ts';
import { AssignmentInProgress, AssignmentInvalid, AssignmentNotFound } from './errors.ts';
import type { InsurerKey } from './keys.ts';

export interface AssignmentDeps extends Omit<LeadDeps, 'visitorMailPerHour'> {
  config: Pick<Config, 'signingSecret' | 'publicUrl' | 'receiptMailMaxPerHour'>;
}

/** A claim left without its lead this long is taken to have died half-way. */
const abandonedAfterMs = 2 * 60_000;

const statusOfLead: Record<LeadStatus, AssignmentStatus> = {
  new: 'received',
  'in-progress': 'in-progress',
  done: 'closed',
  // The API's leads are never screened as spam; staff may still file one so.
  spam: 'closed',
};

/** Who did it, as the audit log and the adjuster's link name it. */
const actorOf = (key: InsurerKey) => `api:${key.insurer}${key.label ? ` (${key.label})` : ''}`;

/** The Danish lead the body is, or AssignmentInvalid (400) with the API's field names. */
function rekvisitionOf(body: AssignmentBody, insurer: string) {
  const parsed = rekvisitionLeadSchema.safeParse(rekvisitionPayload(body, insurer));
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const [first, ...rest] = issue.path.map(String);
    const name = [englishFieldNames[first ?? ''] ?? first ?? 'body', ...rest].join('.');
    (fields[name] ??= []).push(issue.message);
  }
  throw new AssignmentInvalid(fields);
}

/** The claim's row: ours to make the case for, or the one another request made or is making. */
async function claim(
  db: Db,
  key: InsurerKey,
  claimNumber: string,
  now: Date,
): Promise<{ mine: string } | { found: typeof insurerAssignments.$inferSelect }> {
  const values = { insurerId: key.insurerId, keyId: key.id, claimKey: claimKey(claimNumber), createdAt: now };
  const [mine] = await db
    .insert(insurerAssignments)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: insurerAssignments.id });
  if (mine) return { mine: mine.id };
  const sameClaim = and(
    eq(insurerAssignments.insurerId, key.insurerId),
    eq(insurerAssignments.claimKey, values.claimKey),
  );
  const [found] = await db.select().from(insurerAssignments).where(sameClaim);
  if (found && found.leadId !== null) return { found };
  const [retaken] = await db
    .update(insurerAssignments)
    .set({ keyId: key.id, createdAt: now })
    .where(
      and(
        sameClaim,
        isNull(insurerAssignments.leadId),
        lt(insurerAssignments.createdAt, new Date(now.getTime() - abandonedAfterMs)),
      ),
    )
    .returning({ id: insurerAssignments.id });
  if (retaken) return { mine: retaken.id };
  throw new AssignmentInProgress();
}

/**
 * Makes the case for an assignment (201), or finds the one made for the same claim (200).
 * Bad data throws AssignmentInvalid (400) before anything is written.
 */
export async function createAssignment(
  deps: AssignmentDeps,
  key: InsurerKey,
  body: AssignmentBody,
  origin: LeadOrigin,
): Promise<{ status: 201 | 200; answer: AssignmentCreated }> {
  const lead = rekvisitionOf(body, key.insurer);
  const now = deps.now?.() ?? new Date();
  const claimed = await claim(deps.db, key, lead.skadeNr, now);
  const linkUrl = (linkId: string) =>
    adjusterUrl(deps.config.publicUrl, adjusterToken(deps.config.signingSecret, linkId));
  if ('found' in claimed) {
    const { found } = claimed;
    const [row] = await deps.db
      .select({ status: leads.status })
      .from(leads)
      .where(eq(leads.id, found.leadId!));
    const linkId =
      found.adjusterLinkId ??
      (await deps.db.transaction(async (tx) => {
        const link = await giveAdjusterLinkFromApi(
          tx,
          adjusterLinkDeps(deps, now),
          found.leadId!,
          adjuster(lead),
          actorOf(key),
        );
        await tx
          .update(insurerAssignments)
          .set({ adjusterLinkId: link.id })
          .where(eq(insurerAssignments.id, found.id));
        return link.id;
      }));
    return {
      status: 200,
      answer: {
        reference: found.reference!,
        adjusterUrl: linkUrl(linkId),
        status: statusOfLead[row?.status ?? 'new'],
      },
    };
  }
  let stored: Awaited<ReturnType<typeof createLead>>;
  try {
    stored = await createLead(
      { ...deps, visitorMailPerHour: deps.config.receiptMailMaxPerHour },
      lead,
      origin,
      [],
    );
  } catch (error) {
    // Nothing was stored: the claim is free for the next try at once.
    await deps.db.delete(insurerAssignments).where(eq(insurerAssignments.id, claimed.mine));
    throw error;
  }
  const linkId = await deps.db.transaction(async (tx) => {
    const link = await giveAdjusterLinkFromApi(
      tx,
      adjusterLinkDeps(deps, now),
      stored.id,
      adjuster(lead),
      actorOf(key),
    );
    await tx
      .update(insurerAssignments)
      .set({ leadId: stored.id, reference: stored.reference, adjusterLinkId: link.id })
      .where(eq(insurerAssignments.id, claimed.mine));
    await recordAudit(
      tx,
      {
        actor: actorOf(key),
        action: 'assignment-received',
        leadId: stored.id,
        details: { keyId: key.id, insurer: key.insurer, reference: stored.reference },
      },
      now,
    );
    return link.id;
  });
  return {
    status: 201,
    answer: { reference: stored.reference, adjusterUrl: linkUrl(linkId), status: 'received' },
  };
}

const adjusterLinkDeps = (deps: AssignmentDeps, now: Date) => ({
  signingSecret: deps.config.signingSecret,
  now,
});

const adjuster = (lead: ReturnType<typeof rekvisitionOf>) => ({
  name: lead.taksatorNavn,
  email: lead.taksatorEmail,
  insurer: lead.forsikringsselskab,
});

/**
 * Where the insurer's case stands: its status, milestones (withdrawn ones left out) and clocks.
 * Another insurer's reference is not found, as an unknown one is.
 */
export async function assignmentState(db: Db, key: InsurerKey, reference: string): Promise<AssignmentState> {
  const [found] = await db
    .select({
      leadId: insurerAssignments.leadId,
      reference: leads.reference,
      status: leads.status,
      createdAt: leads.createdAt,
    })
    .from(insurerAssignments)
    .innerJoin(leads, eq(leads.id, insurerAssignments.leadId))
    .where(
      and(
        eq(insurerAssignments.insurerId, key.insurerId),
        eq(insurerAssignments.reference, reference.trim().toUpperCase()),
      ),
    );
  if (!found?.leadId) throw new AssignmentNotFound();
  const [facts, milestones] = await Promise.all([
    loadCaseClockFacts(db, [found.leadId]),
    db
      .select({ kind: leadMilestones.kind, at: leadMilestones.at })
      .from(leadMilestones)
      .where(and(eq(leadMilestones.leadId, found.leadId), isNull(leadMilestones.withdrawnAt)))
      .orderBy(leadMilestones.at, leadMilestones.createdAt),
  ]);
  const clockFacts = facts.get(found.leadId);
  return {
    reference: found.reference,
    status: statusOfLead[found.status],
    receivedAt: found.createdAt.toISOString(),
    milestones: milestones.map((m) => ({ kind: m.kind, at: m.at.toISOString() })),
    deadlines: (clockFacts ? caseDeadlines(clockFacts) : []).map((deadline) => ({
      kind: deadline.kind,
      dueAt: deadline.dueAt.toISOString(),
      metAt: deadline.metAt?.toISOString() ?? null,
    })),
  };
}
