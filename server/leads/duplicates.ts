/**
 * Duplicate emergencies (docs/decisions/duplicate-emergencies.md). An emergency stored while an
 * open one (new or in progress, not spam, itself not a duplicate) from the same phone number or
 * the same address is less than 30 minutes old is linked to it (`leads.duplicate_of`): it queues
 * no on-call page, so the phone on call is paged once per emergency.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { duplicateWindowMinutes } from '../../domain/duplicate-leads.ts';
import type { DbOrTx } from '../db/client.ts';
import { leads } from '../db/schema.ts';

/** The open emergency a new one repeats. */
export interface OpenOriginal {
  id: string;
  reference: string;
  /** Who has the original: the duplicate goes to them too. */
  assignedTo: string | null;
}

/** Advisory-lock class of the look-up (the second key is the phone's or address's hash). */
const DUPLICATE_LOCK_CLASS = 0x0d0b1e7;

/**
 * The open emergency from the last 30 minutes with this phone number or address key, or null.
 * Call it in the transaction that stores the new emergency: it first takes a transaction-scoped
 * advisory lock per phone and per address (in a fixed order, so two never wait on each other), so
 * of two emergencies arriving together the second looks only after the first committed, sees it
 * and is linked instead of paging again. Both indexes bound the look-up (leads_phone_idx,
 * leads_address_key_created_at_idx).
 */
export async function findOpenOriginal(
  tx: DbOrTx,
  keys: { phone: string | null; addressKey: string | null },
  now: Date | null,
): Promise<OpenOriginal | null> {
  const locks = [
    ...(keys.phone ? [`phone:${keys.phone}`] : []),
    ...(keys.addressKey ? [`address:${keys.addressKey}`] : []),
  ].sort();
  if (locks.length === 0) return null;
  for (const key of locks) {
    await tx.execute(sql`select pg_advisory_xact_lock(${DUPLICATE_LOCK_CLASS}, hashtext(${key}))`);
  }
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const sameSender = [
    ...(keys.phone ? [eq(leads.phone, keys.phone)] : []),
    ...(keys.addressKey ? [eq(leads.addressKey, keys.addressKey)] : []),
  ];
  const [original] = await tx
    .select({ id: leads.id, reference: leads.reference, assignedTo: leads.assignedTo })
    .from(leads)
    .where(
      and(
        eq(leads.kind, 'akut-skade'),
        sql`${leads.status} in ('new', 'in-progress')`,
        sql`${leads.duplicateOf} is null`,
        sql`${leads.createdAt} > ${at} - ${sql.raw(`interval '${duplicateWindowMinutes} minutes'`)}`,
        or(...sameSender),
      ),
    )
    .orderBy(leads.createdAt)
    .limit(1);
  return original ?? null;
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
