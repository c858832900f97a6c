/**
 * One hourly SMS budget per person (docs/decisions/paging-at-volume.md): every SMS the on-call
 * path writes to a person counts against it, pages and digests, "taken" notices and callback
 * reminders alike. The page dispatch waits for a free place; a reminder waits too; a "taken"
 * notice is left out when the hour is full (the page it is about says who took it).
 *
 * Writers take the person's dispatch row lock first (`lockSmsBudget`), so two transactions never
 * both take the last place of the hour. The lock order stays the one the dispatch uses: pages,
 * then leads, then dispatch rows.
 */
import { and, eq, gt, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { oncallDispatch, oncallSms } from '../../db/schema.ts';

/** At most this many SMS to one person in any hour. */
export const smsPerPersonHour = 60;

const hourMs = 60 * 60_000;

/** Locks the people's dispatch rows (made idle when missing), in id order: no deadlock between writers. */
export async function lockSmsBudget(tx: Tx, userIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort()) {
    await tx.insert(oncallDispatch).values({ id, status: 'idle' }).onConflictDoNothing();
    await tx
      .select({ id: oncallDispatch.id })
      .from(oncallDispatch)
      .where(eq(oncallDispatch.id, id))
      .for('update');
  }
}

/**
 * When the person may get the next SMS without more than `cap` in any hour: `now` when there is
 * room. Counts what was written in the last hour and what still waits to be sent (it goes out
 * after now), not what was cancelled before sending. Call it holding `lockSmsBudget`.
 */
export async function smsFreeAt(tx: Tx, userId: string, now: Date, cap: number): Promise<Date> {
  const rows = await tx
    .select({ createdAt: oncallSms.createdAt, status: oncallSms.status })
    .from(oncallSms)
    .where(
      and(
        eq(oncallSms.userId, userId),
        // A range of the (user, created) index: an SMS still waiting after two days has long been
        // given up (a day of failing).
        gt(oncallSms.createdAt, new Date(now.getTime() - 2 * 24 * hourMs)),
        ne(oncallSms.status, 'cancelled'),
        or(eq(oncallSms.status, 'pending'), gt(oncallSms.createdAt, new Date(now.getTime() - hourMs))),
      ),
    );
  if (rows.length < cap) return now;
  // A waiting one counts as sent now; the place frees an hour after the oldest that must leave.
  const times = rows.map((row) =>
    row.status === 'pending' ? Math.max(row.createdAt.getTime(), now.getTime()) : row.createdAt.getTime(),
  );
  times.sort((a, b) => a - b);
  return new Date(Math.max(now.getTime(), times[times.length - cap]! + hourMs));
}
