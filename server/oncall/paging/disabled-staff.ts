/**
 * A disabled account is gone from on-call at once, also from an escalation already running
 * (its chain was fixed at the first step, before the account was disabled):
 *
 * - a step whose person is now disabled pages the next person in the chain instead, in the same
 *   step; the step that pages everybody leaves them out (`skipDisabledSteps`);
 * - every round of the worker cancels the SMS still waiting for a disabled person and makes an
 *   escalation waiting on one due now, not after the window (`dropDisabledRecipients`);
 * - their acknowledgement links open nothing and acknowledge nothing (`isActiveStaff`).
 */
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oncallPages, oncallSms, users } from '../../db/schema.ts';
import { withoutAckTokensSql } from './ack-link.ts';
import { peopleByIds, type StaffPerson } from '../rota/rota-store.ts';

/** Whether an SMS may page the person now: the account exists, is not disabled, has a number. */
export function isPageable(person: StaffPerson | undefined): person is StaffPerson & { phone: string } {
  return person !== undefined && !person.disabled && person.phone !== null;
}

/** Whether the account may open an on-call link or act on it: it exists and is not disabled. */
export async function isActiveStaff(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
  return row !== undefined && row.disabledAt === null;
}

/**
 * The page as its due step should run it: a step whose person can no longer be paged moves on
 * to the next one who can (or to the step that pages everybody). The chain stays as it was
 * fixed; only the step moves, so the SMS of earlier steps keep their meaning.
 */
export async function skipDisabledSteps<T extends { chain: string[] | null; step: number }>(
  db: DbOrTx,
  page: T,
): Promise<T> {
  const chain = page.chain;
  if (!chain || page.step >= chain.length) return page;
  const people = await peopleByIds(db, chain);
  let step = page.step;
  while (step < chain.length && !isPageable(people.get(chain[step]!))) step++;
  return step === page.step ? page : { ...page, step };
}

const disabledUserIds = () => sql`(select ${users.id} from ${users} where ${isNotNull(users.disabledAt)})`;

/**
 * Cancels the SMS still waiting for a disabled person (one being sent right now is left alone,
 * as an acknowledgement does) and makes every escalation that waits on a disabled person's
 * answer due now. Returns how many of each; the worker runs it before its due steps, every round.
 */
export async function dropDisabledRecipients(
  db: DbOrTx,
  now: Date,
  log?: { info(obj: object, msg: string): void },
): Promise<{ cancelled: number; escalated: number }> {
  const cancelled = await db
    .update(oncallSms)
    .set({ status: 'cancelled', lockedUntil: null, body: withoutAckTokensSql(oncallSms.body) })
    .where(
      and(
        eq(oncallSms.status, 'pending'),
        or(isNull(oncallSms.lockedUntil), lt(oncallSms.lockedUntil, now)),
        inArray(oncallSms.userId, disabledUserIds()),
      ),
    )
    .returning({ id: oncallSms.id });
  // `step` is the next step, so the person whose answer is awaited is chain[step - 1]: in SQL's
  // 1-based arrays, chain[step].
  const escalated = await db
    .update(oncallPages)
    .set({ runAt: now, updatedAt: now })
    .where(
      and(
        eq(oncallPages.status, 'pending'),
        gt(oncallPages.runAt, now),
        gt(oncallPages.step, 0),
        sql`${oncallPages.step} <= coalesce(cardinality(${oncallPages.chain}), 0)`,
        sql`(${oncallPages.chain})[${oncallPages.step}] in ${disabledUserIds()}`,
      ),
    )
    .returning({ id: oncallPages.id });
  const dropped = { cancelled: cancelled.length, escalated: escalated.length };
  if (dropped.cancelled + dropped.escalated > 0) {
    log?.info(dropped, 'on-call: disabled accounts left out, their SMS cancelled');
  }
  return dropped;
}
