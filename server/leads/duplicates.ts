/**
 * Duplicate emergencies (docs/decisions/duplicate-emergencies.md). A repeat is the same person: an
 * emergency stored while an open one (new or in progress, not spam, itself not a duplicate) from
 * the same phone number or e-mail address is less than 30 minutes old is linked to it
 * (`leads.duplicate_of`) and queues no on-call page, unless it is more urgent than the original
 * (a higher priority is never swallowed by a lower one). A different sender at the same address
 * is paged as an emergency of its own; staff read "Samme adresse som SK-…" on it.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { duplicateWindowMinutes } from '../../domain/duplicate-leads.ts';
import { leadPriorityLabels, leadPriorityRank, type LeadPriority } from '../../domain/triage.ts';
import type { DbOrTx } from '../db/client.ts';
import { leads } from '../db/schema.ts';

/** The open emergency a new one repeats. */
export interface OpenOriginal {
  id: string;
  reference: string;
  /** Who has the original: the duplicate goes to them too. */
  assignedTo: string | null;
}

/** What the look-up found: the original to link to, or why the new emergency is paged alone. */
export interface RepeatCheck {
  original: OpenOriginal | null;
  /** For staff on the new lead (a system note); never shown to its sender. Null: nothing to say. */
  staffNote: string | null;
}

/** Who sent a new emergency, as compared with the open ones. */
export interface EmergencySender {
  phone: string | null;
  email: string | null;
  addressKey: string | null;
  priority: LeadPriority;
}

/** Advisory-lock class of the look-up (the second key is the phone's, e-mail's or address's hash). */
const DUPLICATE_LOCK_CLASS = 0x0d0b1e7;

/** Open emergencies looked at, oldest first: a flood at one address does not make the look-up long. */
const candidateLimit = 20;

/**
 * The open emergency from the last 30 minutes this one repeats (same phone or e-mail, not less
 * urgent), or why it is paged alone. Call it in the transaction that stores the new emergency: it
 * first takes a transaction-scoped advisory lock per phone, e-mail and address (in a fixed order,
 * so two never wait on each other), so of two emergencies arriving together the second looks only
 * after the first committed, sees it and is linked instead of paging again. leads_phone_idx,
 * leads_address_key_created_at_idx and leads_created_at_id_idx bound the look-up.
 */
export async function findOpenOriginal(
  tx: DbOrTx,
  sender: EmergencySender,
  now: Date | null,
): Promise<RepeatCheck> {
  const email = sender.email?.trim().toLowerCase() || null;
  const locks = [
    ...(sender.phone ? [`phone:${sender.phone}`] : []),
    ...(email ? [`email:${email}`] : []),
    ...(sender.addressKey ? [`address:${sender.addressKey}`] : []),
  ].sort();
  if (locks.length === 0) return { original: null, staffNote: null };
  for (const key of locks) {
    await tx.execute(sql`select pg_advisory_xact_lock(${DUPLICATE_LOCK_CLASS}, hashtext(${key}))`);
  }
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const samePhone = sender.phone ? eq(leads.phone, sender.phone) : sql`false`;
  const sameEmail = email ? sql`lower(${leads.email}) = ${email}` : sql`false`;
  const sameAddress = sender.addressKey ? eq(leads.addressKey, sender.addressKey) : sql`false`;
  const candidates = await tx
    .select({
      id: leads.id,
      reference: leads.reference,
      assignedTo: leads.assignedTo,
      priority: leads.priority,
      sameSender: sql<boolean>`(${samePhone}) or (${sameEmail})`,
    })
    .from(leads)
    .where(
      and(
        eq(leads.pagesOnCall, true),
        sql`${leads.status} in ('new', 'in-progress')`,
        sql`${leads.duplicateOf} is null`,
        sql`${leads.createdAt} > ${at} - ${sql.raw(`interval '${duplicateWindowMinutes} minutes'`)}`,
        or(samePhone, sameEmail, sameAddress),
      ),
    )
    .orderBy(leads.createdAt, leads.id)
    .limit(candidateLimit);
  const repeated = candidates.find((candidate) => candidate.sameSender);
  if (repeated && leadPriorityRank[sender.priority] >= leadPriorityRank[repeated.priority]) {
    const { id, reference, assignedTo } = repeated;
    return { original: { id, reference, assignedTo }, staffNote: null };
  }
  if (repeated) {
    return {
      original: null,
      staffNote: `Samme afsender som ${repeated.reference}, men mere akut (${leadPriorityLabels[sender.priority]}): kaldt op som sin egen akutte skade.`,
    };
  }
  const neighbour = candidates[0];
  return {
    original: null,
    staffNote: neighbour
      ? `Samme adresse som ${neighbour.reference}, men fra et andet telefonnummer og en anden e-mail: kaldt op som sin egen akutte skade.`
      : null,
  };
}

/** The reference of the emergency a lead repeats, or null when it repeats none. */
export async function originalReference(db: DbOrTx, duplicateOf: string | null): Promise<string | null> {
  if (!duplicateOf) return null;
  const [row] = await db.select({ reference: leads.reference }).from(leads).where(eq(leads.id, duplicateOf));
  return row?.reference ?? null;
}

/** A lead linked from another's page. */
export interface LeadLink {
  id: string;
  reference: string;
}

/** The lead page's links: the emergency a lead repeats, and its own duplicates, oldest first. */
export async function duplicateLinks(
  db: DbOrTx,
  lead: { id: string; duplicateOf: string | null },
): Promise<{ duplicateOf: LeadLink | null; duplicates: LeadLink[] }> {
  const link = { id: leads.id, reference: leads.reference };
  const [original, duplicates] = await Promise.all([
    lead.duplicateOf ? db.select(link).from(leads).where(eq(leads.id, lead.duplicateOf)) : [],
    db.select(link).from(leads).where(eq(leads.duplicateOf, lead.id)).orderBy(leads.createdAt, leads.id),
  ]);
  return { duplicateOf: original[0] ?? null, duplicates };
}
