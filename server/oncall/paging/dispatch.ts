/**
 * Paging at volume (docs/decisions/paging-at-volume.md). A page step writes a notice ("this
 * emergency is due to this person") and makes the person's dispatch row due; the dispatch turns
 * the person's waiting notices into ONE SMS:
 *
 * - the single page as before, when it is the only one and came in while the person's budget
 *   (one page SMS a minute) was free;
 * - else a digest linking the queue page, at the next budget slot;
 * - a critical emergency at once even within the budget, one such extra SMS per person per
 *   five minutes (beyond that it joins the next digest);
 * - never more than 60 SMS per person in any hour, the extras, "taken" notices and reminders
 *   included (server/oncall/paging/sms-budget.ts);
 * - an emergency with weak spam reasons only never on its own: it waits for the next digest, at
 *   most a minute;
 * - in a surge (server/oncall/paging/all-hands.ts, `all_hands_due`) a digest even without notices of the
 *   person's own, saying why they are woken.
 *
 * A digest counts the queue as everybody sees it (server/oncall/surge/queue-counts.ts): new since the
 * person's last page SMS apart from all waiting.
 *
 * The SMS written here keep the send/retry/fallback path of server/oncall/paging/worker.ts. The pages
 * carried by one SMS escalate together, the escalation interval after that SMS was written.
 * A dispatch runs in ONE transaction under the dispatch row's lock (and the job engine's lease),
 * so two server copies never send the same digest and a crash sends nothing or all of it.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { leads, oncallDispatch, oncallPageNotices, oncallPages, oncallSms, users } from '../../db/schema.ts';
import { lastWithdrawal } from './callback-watch.ts';
import { shortLink } from './short-link.ts';
import { smsFreeAt, smsPerPersonHour } from './sms-budget.ts';
import { allHandsOpen } from './all-hands.ts';
import { queueCounts } from '../surge/queue-counts.ts';
import { digestSmsText, pageSmsText } from './sms-text.ts';
import { isPagedStatus } from './end-paging.ts';
import { leadKindRegistry, type LeadKindEntry } from '../../../domain/lead-kinds.ts';

export interface DispatchSettings {
  /** At most one page SMS per person in this time (critical extras aside). */
  pageBudgetMs: number;
  /** At most one critical SMS outside the budget per person in this time. */
  criticalGapMs: number;
  /**
   * At most this many SMS per person in any hour, every kind included: on a flooded
   * evening an extra then takes a later slot's place, and the queue page (which refreshes itself)
   * shows what waits meanwhile.
   */
  hourlyCap: number;
}

export const defaultDispatchSettings: DispatchSettings = {
  pageBudgetMs: 60_000,
  criticalGapMs: 5 * 60_000,
  hourlyCap: smsPerPersonHour,
};

/** An emergency with weak spam reasons only: its lead is stored, not filed as spam (domain/spam.ts). */
export function isPossibleSpam(lead: { spamReasons: string[] | null; status: string }): boolean {
  return lead.status !== 'spam' && (lead.spamReasons?.length ?? 0) > 0;
}

/** Who handed the lead over, as its page SMS names it (its kind's `pageSmsSource`); null: nobody. */
function pageSmsSourceOf(lead: Pick<typeof leads.$inferSelect, 'kind' | 'details'>): string | null {
  const field = (leadKindRegistry[lead.kind] as LeadKindEntry).pageSmsSource;
  return (field && lead.details[field]?.trim()) || null;
}

type NoticeKind = 'critical' | 'normal' | 'possible-spam';

/**
 * Writes the notices of one page step and makes each person's dispatch due: a critical one at
 * once, a normal one at the person's next budget slot, a suspect one at that slot but not before
 * a minute has passed when the budget is free (it must not go out on its own).
 */
export async function writeNotices(
  tx: Tx,
  input: {
    pageId: string;
    lead: typeof leads.$inferSelect;
    step: number;
    everybody: boolean;
    userIds: readonly string[];
    now: Date;
  },
  settings: DispatchSettings,
): Promise<void> {
  const { lead, now } = input;
  if (input.userIds.length === 0) return;
  await tx.insert(oncallPageNotices).values(
    input.userIds.map((userId) => ({
      pageId: input.pageId,
      leadId: lead.id,
      userId,
      step: input.step,
      everybody: input.everybody,
      createdAt: now,
    })),
  );
  const kind: NoticeKind = isPossibleSpam(lead)
    ? 'possible-spam'
    : lead.priority === 'kritisk'
      ? 'critical'
      : 'normal';
  const nowText = now.toISOString();
  const budget = sql`${settings.pageBudgetMs} * interval '1 millisecond'`;
  const slot = sql`${oncallDispatch.lastPageAt} + ${budget}`;
  const due = {
    critical: sql`${nowText}::timestamptz`,
    normal: sql`greatest(${nowText}::timestamptz, ${slot})`,
    'possible-spam': sql`case when ${slot} > ${nowText}::timestamptz then ${slot} else ${nowText}::timestamptz + ${budget} end`,
  }[kind];
  const firstDue = kind === 'possible-spam' ? new Date(now.getTime() + settings.pageBudgetMs) : now;
  // Ordered by id: two steps for the same people lock their dispatch rows in the same order.
  for (const userId of [...new Set(input.userIds)].sort()) {
    await tx
      .insert(oncallDispatch)
      .values({ id: userId, status: 'pending', runAt: firstDue })
      .onConflictDoUpdate({
        target: oncallDispatch.id,
        set: {
          status: 'pending',
          runAt: sql`least(case when ${oncallDispatch.status} = 'pending' then ${oncallDispatch.runAt} else 'infinity'::timestamptz end, ${due})`,
        },
      });
  }
}

type Waiting = {
  notice: typeof oncallPageNotices.$inferSelect;
  lead: typeof leads.$inferSelect;
  pageStatus: string;
};

export interface DispatchDeps {
  db: Db;
  config: { publicUrl: string; signingSecret: string; oncall: { escalateAfterSeconds: number } };
}

/** What one dispatch did: how many SMS it wrote (to send now). */
export interface DispatchOutcome {
  sms: number;
}

export function createDispatcher(deps: DispatchDeps, settings: DispatchSettings) {
  const escalateMs = deps.config.oncall.escalateAfterSeconds * 1000;

  async function smsRow(
    tx: Tx,
    row: typeof oncallSms.$inferInsert,
    carried: readonly Waiting[],
    status: 'single' | 'digest',
    now: Date,
  ): Promise<void> {
    const [written] = await tx.insert(oncallSms).values(row).returning({ id: oncallSms.id });
    // An all-hands digest alone carries no notice.
    if (carried.length === 0) return;
    await tx
      .update(oncallPageNotices)
      .set({ status, smsId: written!.id, dispatchedAt: now })
      .where(
        inArray(
          oncallPageNotices.id,
          carried.map((item) => item.notice.id),
        ),
      );
    // The pages of one SMS escalate together, the interval after it went out (not each on the
    // timer of its own step); a page that has moved on since is left alone.
    for (const step of new Set(carried.map((item) => item.notice.step))) {
      const pageIds = carried.filter((item) => item.notice.step === step).map((item) => item.notice.pageId);
      await tx
        .update(oncallPages)
        .set({ runAt: new Date(now.getTime() + escalateMs), updatedAt: now })
        .where(
          and(
            inArray(oncallPages.id, pageIds),
            eq(oncallPages.status, 'pending'),
            eq(oncallPages.step, step + 1),
          ),
        );
    }
  }

  async function single(
    tx: Tx,
    item: Waiting,
    phone: string,
    now: Date,
  ): Promise<typeof oncallSms.$inferInsert> {
    const { lead, notice } = item;
    const target = { purpose: 'page', leadId: lead.id, userId: notice.userId } as const;
    const link = await shortLink(tx, deps.config.publicUrl, target, now);
    const withdrawn = await lastWithdrawal(tx, lead.id);
    return {
      pageId: notice.pageId,
      leadId: lead.id,
      userId: notice.userId,
      purpose: 'page',
      step: notice.step,
      phone,
      critical: lead.priority === 'kritisk',
      createdAt: now,
      body: pageSmsText({
        reference: lead.reference,
        priority: leadKindRegistry[lead.kind].triage ? lead.priority : null,
        source: pageSmsSourceOf(lead),
        damageType: lead.details.skadetype,
        name: lead.name,
        phone: lead.phone,
        address: lead.details.adresse,
        link,
        everybody: notice.everybody,
        withdrawn,
      }),
      runAt: now,
    };
  }

  /**
   * A digest: the queue's counts as everybody reads them (server/oncall/surge/queue-counts.ts), new
   * since the person's last page SMS (`since`). It carries the person's waiting notices, none
   * when it is an all-hands digest alone.
   */
  async function digest(
    tx: Tx,
    items: readonly Waiting[],
    person: { userId: string; phone: string; since: Date | null; allHands: boolean },
    now: Date,
  ) {
    const { userId, phone } = person;
    const link = await shortLink(tx, deps.config.publicUrl, { purpose: 'queue', userId }, now);
    const counts = await queueCounts(tx, now, person.since);
    const oldest = Math.min(
      counts.oldestAt?.getTime() ?? now.getTime(),
      ...items.map((item) => item.lead.createdAt.getTime()),
    );
    return {
      userId,
      purpose: 'digest' as const,
      step: items.length > 0 ? Math.max(...items.map((item) => item.notice.step)) : 0,
      phone,
      critical: counts.critical > 0 || items.some((item) => item.lead.priority === 'kritisk'),
      createdAt: now,
      body: digestSmsText({
        fresh: counts.fresh,
        waiting: counts.waiting,
        critical: counts.critical,
        possibleSpam: counts.possibleSpam,
        oldestMinutes: Math.max(1, Math.floor((now.getTime() - oldest) / 60_000)),
        everybody: items.some((item) => item.notice.everybody),
        allHands: person.allHands && (await allHandsOpen(tx)),
        link,
      }),
      runAt: now,
    };
  }

  /** Runs the claimed dispatch of one person at `now`; the number of SMS it wrote. */
  async function dispatch(userId: string, now: Date): Promise<DispatchOutcome> {
    return deps.db.transaction(async (tx) => {
      const seen = await tx
        .select({ notice: oncallPageNotices, lead: leads })
        .from(oncallPageNotices)
        .innerJoin(leads, eq(leads.id, oncallPageNotices.leadId))
        .where(and(eq(oncallPageNotices.userId, userId), eq(oncallPageNotices.status, 'waiting')))
        .orderBy(asc(oncallPageNotices.createdAt), asc(oncallPageNotices.id));
      // The pages first, then the dispatch row: the order a step takes them in (no deadlock), and
      // an acknowledgement waits for this SMS to be written, so it cancels it.
      const pageIds = [...new Set(seen.map((item) => item.notice.pageId))].sort();
      const pages =
        pageIds.length === 0
          ? []
          : await tx
              .select({ id: oncallPages.id, status: oncallPages.status })
              .from(oncallPages)
              .where(inArray(oncallPages.id, pageIds))
              .orderBy(asc(oncallPages.id))
              .for('update');
      const [row] = await tx.select().from(oncallDispatch).where(eq(oncallDispatch.id, userId)).for('update');
      if (!row || row.status !== 'pending') return { sms: 0 };
      // Surge: a digest is due to the person even without notices of their own (all-hands.ts).
      const allHands = row.allHandsDue;
      const [person] = await tx
        .select({ phone: users.phone, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.id, userId));
      const phone = person && !person.disabledAt ? person.phone : null;
      const pageStatus = new Map(pages.map((page) => [page.id, page.status]));
      const waiting: Waiting[] = seen.map((item) => ({
        ...item,
        pageStatus: pageStatus.get(item.notice.pageId) ?? 'acknowledged',
      }));
      // Taken, closed or filed as spam meanwhile (or the person can no longer be paged): nothing
      // to send about it.
      const gone = waiting.filter(
        (item) =>
          item.pageStatus === 'acknowledged' ||
          item.pageStatus === 'ended' ||
          !isPagedStatus(item.lead.status) ||
          !phone,
      );
      if (gone.length > 0) {
        await tx
          .update(oncallPageNotices)
          .set({ status: 'dropped', dispatchedAt: now })
          .where(
            inArray(
              oncallPageNotices.id,
              gone.map((item) => item.notice.id),
            ),
          );
      }
      const live = waiting.filter((item) => !gone.includes(item));
      /** Settles the row: due again at `runAt` while notices wait, at once for any that came in meanwhile. */
      const settle = async (
        kept: number,
        runAt: Date,
        values: Partial<typeof oncallDispatch.$inferInsert> = {},
      ) => {
        const [left] = await tx
          .select({ n: count() })
          .from(oncallPageNotices)
          .where(and(eq(oncallPageNotices.userId, userId), eq(oncallPageNotices.status, 'waiting')));
        const waitingNow = left?.n ?? 0;
        const stillDue = waitingNow > 0 || (values.allHandsDue ?? allHands);
        await tx
          .update(oncallDispatch)
          .set({
            lockedUntil: null,
            attempts: 0,
            lastError: null,
            status: stillDue ? 'pending' : 'idle',
            runAt: waitingNow > kept ? now : runAt,
            ...values,
          })
          .where(eq(oncallDispatch.id, userId));
      };
      if ((live.length === 0 && !allHands) || !phone) {
        await settle(0, now, { allHandsDue: false });
        return { sms: 0 };
      }

      // The hourly cap, over every SMS to the person (server/oncall/paging/sms-budget.ts); the row lock
      // above is the budget's lock.
      const capFreeAt = (await smsFreeAt(tx, userId, now, settings.hourlyCap)).getTime();
      const lastPage = row.lastPageAt?.getTime() ?? null;
      const nextSlot = Math.max(
        lastPage === null ? now.getTime() : lastPage + settings.pageBudgetMs,
        capFreeAt,
      );
      if (nextSlot <= now.getTime()) {
        const firm = live.filter((item) => !isPossibleSpam(item.lead));
        const [only] = live;
        if (
          !allHands &&
          live.length === 1 &&
          firm.length === 1 &&
          only!.notice.createdAt.getTime() >= nextSlot
        ) {
          await smsRow(tx, await single(tx, only!, phone, now), live, 'single', now);
        } else {
          const heldUntil =
            Math.min(...live.map((item) => item.notice.createdAt.getTime())) + settings.pageBudgetMs;
          if (!allHands && firm.length === 0 && heldUntil > now.getTime()) {
            // Suspect ones alone wait for company, at most a minute.
            await settle(live.length, new Date(heldUntil));
            return { sms: 0 };
          }
          const person = { userId, phone, since: row.lastPageAt, allHands };
          await smsRow(tx, await digest(tx, live, person, now), live, 'digest', now);
        }
        await settle(0, new Date(now.getTime() + settings.pageBudgetMs), {
          lastPageAt: now,
          allHandsDue: false,
        });
        return { sms: 1 };
      }

      // Within the budget: a critical one goes out at once, once per gap; the rest waits for the slot.
      const lastCritical = row.lastCriticalAt?.getTime() ?? null;
      const critical = live.find((item) => item.lead.priority === 'kritisk' && !isPossibleSpam(item.lead));
      if (
        critical &&
        capFreeAt <= now.getTime() &&
        (lastCritical === null || lastCritical + settings.criticalGapMs <= now.getTime())
      ) {
        await smsRow(tx, await single(tx, critical, phone, now), [critical], 'single', now);
        await settle(live.length - 1, new Date(nextSlot), { lastCriticalAt: now });
        return { sms: 1 };
      }
      await settle(live.length, new Date(nextSlot));
      return { sms: 0 };
    });
  }

  return { dispatch };
}
