/**
 * Staff and the adjuster's links: give one (a koordinator, or the staff member the lead is
 * assigned to), revoke one, list a lead's. Each change commits with its audit row, and a new link
 * with its e-mail to the adjuster (./adjuster-mail.ts), in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  adjusterLinkDays,
  adjusterLinkView as linkView,
  type AdjusterLink,
  type AdjusterLinkBody,
} from '../../../domain/staff-api/adjuster.ts';
import type { StaffRole } from '../../../domain/staff-api/roles.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { adjusterLinks, adjusterSatisfaction, leads } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { LeadNotFound } from '../../plugins/service-errors.ts';
import { auditBy, recordAudit, type StaffActor } from '../../staff/audit.ts';
import { adjusterLinkMail } from './adjuster-mail.ts';
import { AdjusterLinkNotFound, AdjusterNotAllowed } from './errors.ts';
import { adjusterToken, hashAdjusterToken } from './links.ts';

export interface AdjusterLinkDeps {
  db: Db;
  signingSecret: string;
  now?: () => Date;
}

/** The staff member acting, with the role their session has now. */
export type ActingStaff = StaffActor & { role: StaffRole };

const dayMs = 24 * 3_600_000;

type LinkRow = typeof adjusterLinks.$inferSelect;

/** The links as staff see them, each with its adjuster's satisfaction answer. */
async function linkViews(db: DbOrTx, rows: readonly LinkRow[], now: Date): Promise<AdjusterLink[]> {
  const answers =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(adjusterSatisfaction)
          .where(
            inArray(
              adjusterSatisfaction.adjusterLinkId,
              rows.map((row) => row.id),
            ),
          );
  const byLink = new Map(answers.map((answer) => [answer.adjusterLinkId, answer]));
  return rows.map((row) => linkView(row, now, byLink.get(row.id)));
}

/** Locks the lead; refuses a caller who is neither koordinator nor the lead's assignee. */
async function leadForAdjuster(tx: DbOrTx, leadId: string, actor: ActingStaff) {
  const [lead] = await tx
    .select({ id: leads.id, status: leads.status, assignedTo: leads.assignedTo })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  if (!lead) throw new LeadNotFound();
  if (actor.role !== 'koordinator' && lead.assignedTo !== actor.userId) throw new AdjusterNotAllowed();
  return lead;
}

export async function createAdjusterLink(
  deps: AdjusterLinkDeps,
  leadId: string,
  input: AdjusterLinkBody,
  actor: ActingStaff,
): Promise<AdjusterLink> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const lead = await leadForAdjuster(tx, leadId, actor);
    // Spam sends nobody anything, as with the customer's link.
    if (lead.status === 'spam')
      throw new LeadNotFound('Henvendelsen er markeret som spam. Flyt den ud af spam først.');
    const id = randomUUID();
    const [row] = await tx
      .insert(adjusterLinks)
      .values({
        id,
        leadId,
        tokenHash: hashAdjusterToken(adjusterToken(deps.signingSecret, id)),
        name: input.name,
        email: input.email,
        insurer: input.insurer ?? null,
        createdAt: now,
        createdBy: actor.userId,
        createdByName: actor.name ?? actor.email,
        expiresAt: new Date(now.getTime() + adjusterLinkDays * dayMs),
      })
      .returning();
    await enqueueMail(tx, adjusterLinkMail, { leadId, linkId: id }, { createdAt: now });
    await recordAudit(
      tx,
      auditBy(actor, { action: 'adjuster-link-created', leadId, details: { linkId: id } }),
      now,
    );
    return linkView(row!, now);
  });
}

/** Closes a link at once; revoking a closed one again changes nothing. */
export async function revokeAdjusterLink(
  deps: Omit<AdjusterLinkDeps, 'signingSecret'>,
  leadId: string,
  linkId: string,
  actor: ActingStaff,
): Promise<AdjusterLink> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    await leadForAdjuster(tx, leadId, actor);
    const [row] = await tx
      .select()
      .from(adjusterLinks)
      .where(and(eq(adjusterLinks.id, linkId), eq(adjusterLinks.leadId, leadId)))
      .for('update');
    if (!row) throw new AdjusterLinkNotFound();
    if (row.revokedAt) return (await linkViews(tx, [row], now))[0]!;
    const [revoked] = await tx
      .update(adjusterLinks)
      .set({ revokedAt: now, revokedBy: actor.userId })
      .where(eq(adjusterLinks.id, linkId))
      .returning();
    await recordAudit(
      tx,
      auditBy(actor, { action: 'adjuster-link-revoked', leadId, details: { linkId } }),
      now,
    );
    return (await linkViews(tx, [revoked!], now))[0]!;
  });
}

/** A lead's links, newest first. */
export async function adjusterLinksOf(db: Db, leadId: string, now = new Date()): Promise<AdjusterLink[]> {
  const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
  if (!lead) throw new LeadNotFound();
  const rows = await db
    .select()
    .from(adjusterLinks)
    .where(eq(adjusterLinks.leadId, leadId))
    .orderBy(desc(adjusterLinks.createdAt));
  return linkViews(db, rows, now);
}

/**
 * A link given with a case the insurers' API made (server/insurer-api/): no staff member gives it,
 * `by` names the insurer's key. E-mailed to the adjuster and audited as staff's are, in the
 * caller's transaction; answers the link's id and token.
 */
export async function giveAdjusterLinkFromApi(
  tx: DbOrTx,
  deps: { signingSecret: string; now: Date },
  leadId: string,
  input: { name: string; email: string; insurer: string },
  by: string,
): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  const token = adjusterToken(deps.signingSecret, id);
  await tx.insert(adjusterLinks).values({
    id,
    leadId,
    tokenHash: hashAdjusterToken(token),
    name: input.name,
    email: input.email,
    insurer: input.insurer,
    createdAt: deps.now,
    createdByName: by,
    expiresAt: new Date(deps.now.getTime() + adjusterLinkDays * dayMs),
  });
  await enqueueMail(tx, adjusterLinkMail, { leadId, linkId: id }, { createdAt: deps.now });
  await recordAudit(
    tx,
    { actor: by, action: 'adjuster-link-created', leadId, details: { linkId: id } },
    deps.now,
  );
  return { id, token };
}
