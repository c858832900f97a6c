/**
 * All hands in a surge (docs/decisions/all-hands.md). Escalation is per emergency and starts
 * after the escalation interval, so on the evening that matters the first minutes would be one
 * person's while the others on call sleep. Instead, while the site is in surge (server/oncall/surge/surge.ts,
 * by the counts or switched on by hand):
 *
 * - a period of all hands is open (`oncall_all_hands`, one at most; its start and end are in the
 *   audit log and on the Beredskab page);
 * - every pageable person in the chain, and anyone of the reserve who is working the queue, gets
 *   a digest at once and then again when new emergencies came in since their last SMS (or after
 *   ten quiet minutes), each in their own SMS budget: the dispatch (server/oncall/paging/dispatch.ts)
 *   writes it, marked "Travlt: 120 venter, alle på vagt er kaldt ind";
 * - above an expected wait of an hour, each person of the reserve gets one SMS asking for help,
 *   never two within 30 minutes.
 *
 * Leaving surge closes the period; the chain's escalation goes on as before throughout.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { waitInWords } from '../../../domain/surge.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { oncallAllHands, oncallDispatch, oncallReserve, oncallSms, users } from '../../db/schema.ts';
import { recordAudit } from '../../staff/audit.ts';
import { queueCounts } from '../surge/queue-counts.ts';
import { pageableChain } from '../rota/rota-store.ts';
import { shortLink } from './short-link.ts';
import { lockSmsBudget, smsFreeAt } from './sms-budget.ts';
import { reserveSmsText } from './sms-text.ts';
import { readSurgeState } from '../surge/surge.ts';
import { workingPeople } from '../surge/working.ts';

export interface AllHandsSettings {
  /** One page SMS per person per this (the dispatch's budget). */
  pageBudgetMs: number;
  hourlyCap: number;
  /** Without new emergencies, a digest again after this long while surge lasts. */
  quietReminderMs: number;
  /** The reserve is called above this expected wait. */
  reserveAboveMinutes: number;
  /** Nobody of the reserve is called twice within this. */
  reserveGapMs: number;
}

export const defaultAllHandsSettings: Omit<AllHandsSettings, 'pageBudgetMs' | 'hourlyCap'> = {
  quietReminderMs: 10 * 60_000,
  reserveAboveMinutes: 60,
  reserveGapMs: 30 * 60_000,
};

export interface AllHandsDeps {
  db: Db;
  config: { publicUrl: string; surge?: { handlingMinutes: number } };
  log: { info(obj: object, msg: string): void };
}

/** The handling time the worker assumes when the config names none (the config's default). */
const defaultHandlingMinutes = 10;

/** Whether a period of all hands is open now. */
export async function allHandsOpen(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: oncallAllHands.id })
    .from(oncallAllHands)
    .where(isNull(oncallAllHands.endedAt))
    .limit(1);
  return row !== undefined;
}

/** The open period, when there is one. */
export async function currentAllHands(db: DbOrTx): Promise<{ startedAt: Date } | null> {
  const [row] = await db
    .select({ startedAt: oncallAllHands.startedAt })
    .from(oncallAllHands)
    .where(isNull(oncallAllHands.endedAt))
    .limit(1);
  return row ?? null;
}

export interface AllHandsRound {
  /** 'on' / 'off' when this round opened or closed the period. */
  changed: 'on' | 'off' | null;
  /** People made due for an all-hands digest. */
  woken: number;
  /** Reserve calls written. */
  reserveCalled: number;
}

/** One round at `now`: opens or closes the period, wakes whoever is due, calls the reserve. */
export async function runAllHands(
  deps: AllHandsDeps,
  now: Date,
  settings: AllHandsSettings,
): Promise<AllHandsRound> {
  const { db } = deps;
  const state = await readSurgeState(db, now, deps.config.surge?.handlingMinutes ?? defaultHandlingMinutes);
  const inSurge = state.mode === 'travlt';
  const round: AllHandsRound = { changed: null, woken: 0, reserveCalled: 0 };
  const details = { waiting: state.waiting, working: state.people, onCall: state.onCall };
  const period = await db.transaction(async (tx) => {
    const [open] = await tx.select().from(oncallAllHands).where(isNull(oncallAllHands.endedAt)).for('update');
    if (inSurge) {
      if (open) return open;
      const manual = state.manual?.on ?? false;
      // Another server copy opening one at the same moment: the unique index keeps one.
      const [started] = await tx
        .insert(oncallAllHands)
        .values({ startedAt: now, waiting: state.waiting, working: state.people, manual })
        .onConflictDoNothing()
        .returning();
      if (!started) return null;
      await recordAudit(
        tx,
        { actor: 'system', action: 'all-hands-on', details: { ...details, manual } },
        now,
      );
      round.changed = 'on';
      return started;
    }
    if (open) {
      await tx.update(oncallAllHands).set({ endedAt: now }).where(eq(oncallAllHands.id, open.id));
      // Back to the chain: what was still due as an all-hands digest is not sent.
      await tx.update(oncallDispatch).set({ allHandsDue: false }).where(eq(oncallDispatch.allHandsDue, true));
      await recordAudit(tx, { actor: 'system', action: 'all-hands-off', details }, now);
      round.changed = 'off';
    }
    return null;
  });
  if (round.changed) deps.log.info({ ...details }, `on-call: all hands ${round.changed}`);
  if (!period || state.waiting === 0) return round;

  const [chain, working, reserve] = await Promise.all([
    pageableChain(db, now),
    workingPeople(db, now),
    reservePeople(db),
  ]);
  const wake = [
    ...new Set([...chain, ...reserve.filter((person) => working.has(person.userId)).map((p) => p.userId)]),
  ];
  round.woken = await markDigestsDue(db, wake, period.startedAt, now, settings);
  if (state.expectedCallbackMinutes > settings.reserveAboveMinutes) {
    const wait = waitInWords(state.expectedCallbackMinutes);
    for (const person of reserve) {
      if (chain.includes(person.userId) || working.has(person.userId)) continue;
      if (
        await callReserve(
          deps,
          person.userId,
          { waiting: state.waiting, wait },
          period.startedAt,
          now,
          settings,
        )
      )
        round.reserveCalled++;
    }
  }
  return round;
}

async function reservePeople(db: DbOrTx): Promise<{ userId: string }[]> {
  return db
    .select({ userId: oncallReserve.userId })
    .from(oncallReserve)
    .innerJoin(users, eq(users.id, oncallReserve.userId))
    .where(and(isNull(users.disabledAt), sql`${users.phone} is not null`));
}

/**
 * Makes the all-hands digest due to each person not yet told since the period began, or with
 * emergencies newer than their last page SMS, or quiet for `quietReminderMs`: at their next
 * budget slot (the dispatch keeps the budget and the hourly cap).
 */
async function markDigestsDue(
  db: Db,
  userIds: readonly string[],
  startedAt: Date,
  now: Date,
  settings: AllHandsSettings,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: oncallDispatch.id,
        lastPageAt: oncallDispatch.lastPageAt,
        due: oncallDispatch.allHandsDue,
      })
      .from(oncallDispatch)
      .where(inArray(oncallDispatch.id, [...userIds])),
    queueCounts(db, now, null),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const newest = counts.newestAt?.getTime() ?? 0;
  const due = userIds.filter((id) => {
    const row = byId.get(id);
    if (row?.due) return false;
    const last = row?.lastPageAt?.getTime();
    return (
      last === undefined ||
      last < startedAt.getTime() ||
      newest > last ||
      last + settings.quietReminderMs <= now.getTime()
    );
  });
  const nowText = now.toISOString();
  const slot = sql`greatest(${nowText}::timestamptz, ${oncallDispatch.lastPageAt} + ${settings.pageBudgetMs} * interval '1 millisecond')`;
  for (const id of [...due].sort()) {
    await db
      .insert(oncallDispatch)
      .values({ id, status: 'pending', runAt: now, allHandsDue: true })
      .onConflictDoUpdate({
        target: oncallDispatch.id,
        set: {
          allHandsDue: true,
          status: 'pending',
          runAt: sql`least(case when ${oncallDispatch.status} = 'pending' then ${oncallDispatch.runAt} else 'infinity'::timestamptz end, coalesce(${slot}, ${nowText}::timestamptz))`,
        },
      });
  }
  return due.length;
}

/** One reserve call, in the person's budget; false when not due (called lately, or the hour is full). */
async function callReserve(
  deps: AllHandsDeps,
  userId: string,
  figures: { waiting: number; wait: string },
  startedAt: Date,
  now: Date,
  settings: AllHandsSettings,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockSmsBudget(tx, [userId]);
    const [row] = await tx
      .select({ calledAt: oncallReserve.calledAt, phone: users.phone })
      .from(oncallReserve)
      .innerJoin(users, eq(users.id, oncallReserve.userId))
      .where(and(eq(oncallReserve.userId, userId), isNull(users.disabledAt)))
      .for('update', { of: oncallReserve });
    if (!row?.phone) return false;
    const called = row.calledAt?.getTime();
    // Once a period, and never twice within the gap (a surge that ends and begins again).
    if (
      called !== undefined &&
      (called >= startedAt.getTime() || called + settings.reserveGapMs > now.getTime())
    )
      return false;
    if ((await smsFreeAt(tx, userId, now, settings.hourlyCap)).getTime() > now.getTime()) return false;
    const link = await shortLink(tx, deps.config.publicUrl, { purpose: 'queue', userId }, now);
    await tx.insert(oncallSms).values({
      userId,
      purpose: 'reserve',
      step: 0,
      phone: row.phone,
      body: reserveSmsText({ ...figures, link }),
      createdAt: now,
      runAt: now,
    });
    await tx.update(oncallReserve).set({ calledAt: now }).where(eq(oncallReserve.userId, userId));
    return true;
  });
}
