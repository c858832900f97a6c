/**
 * The site-wide cap on e-mail to addresses visitors typed (the receipts, the requested PDF):
 * RECEIPT_MAIL_MAX_PER_HOUR in any hour, however many addresses, IPs or server copies. Every such
 * e-mail gets a slot time in visitor_mail_slots, in the transaction that stores its lead; past the
 * cap the slot (and the mail job's due time) is later, when the hour allows. Nothing is dropped:
 * the lead is stored and staff are told at once, the receipt waits its turn.
 *
 * Slots are handed out in time order under a transaction-scoped advisory lock, so the n-th newest
 * slot plus an hour is the earliest time a new one keeps every hour at or under the cap.
 */
import { desc, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { visitorMailSlots } from '../db/schema.ts';

const hourMs = 60 * 60_000;

// Any constant works; it serialises the handing out of slots across server copies.
const SLOT_LOCK_KEY = 7_305_118_443;

/** The mail jobs that go to an address a visitor typed. */
export const visitorMailKinds = ['lead-receipt', 'resource-delivery', 'requester-receipt'] as const;

/**
 * The earliest time at or after `now` for one more visitor e-mail, given the slot that is the
 * cap-th newest one handed out so far (undefined while fewer exist): the cap holds in every hour.
 */
export function nextSlot(now: Date, capthNewest: Date | undefined): Date {
  if (!capthNewest) return now;
  const free = capthNewest.getTime() + hourMs;
  return free > now.getTime() ? new Date(free) : now;
}

/**
 * Takes the next slot for one visitor e-mail, inside the caller's transaction (call it last, just
 * before the commit: the lock is held until then). Returns when the e-mail may go.
 */
export async function reserveVisitorMailSlot(tx: DbOrTx, now: Date, maxPerHour: number): Promise<Date> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SLOT_LOCK_KEY})`);
  const rows = await tx
    .select({ at: visitorMailSlots.at })
    .from(visitorMailSlots)
    .orderBy(desc(visitorMailSlots.at))
    .offset(maxPerHour - 1)
    .limit(1);
  const at = nextSlot(now, rows[0]?.at);
  await tx.insert(visitorMailSlots).values({ at });
  return at;
}

/** Slots more than an hour old no longer count (retention job). */
export async function deleteOldVisitorMailSlots(db: DbOrTx, now: Date): Promise<number> {
  const deleted = await db
    .delete(visitorMailSlots)
    .where(lt(visitorMailSlots.at, new Date(now.getTime() - hourMs)))
    .returning({ id: visitorMailSlots.id });
  return deleted.length;
}
