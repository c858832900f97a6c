/**
 * Surge mode ("travlt", docs/decisions/surge-mode.md): the callback time the site promises, from
 * the emergencies waiting and the people working the queue, or switched on by a koordinator.
 *
 * The state is kept in memory for a few seconds: every emergency POST and every page served in
 * surge asks for it, and a flood of them must not count rows each time. Concurrent callers share
 * one count in flight.
 */
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { callbackPromiseOf, type CallbackPromise } from '../../../domain/surge.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { leads, surgeSwitches } from '../../db/schema.ts';
import { recordAudit } from '../../staff/audit.ts';
import { pageableChain } from '../rota/rota-store.ts';
import { workingPeople } from './working.ts';

/** How long a computed state is used before it is counted again. */
export const surgeCacheMs = 5_000;

/** Emergencies older than this no longer count as waiting (forgotten ones must not hold the site in surge). */
const waitingWindowMs = 24 * 60 * 60 * 1000;

/** The latest switch of a koordinator. */
export interface SurgeSwitch {
  on: boolean;
  at: Date;
  actor: string;
  reason: string | null;
}

export interface SurgeState extends CallbackPromise {
  /** Open, unacknowledged emergencies (not spam) of the last 24 hours. */
  waiting: number;
  /**
   * People working the queue (server/oncall/surge/working.ts: took or opened the list in the last 15
   * minutes); at least 1 in the formula.
   */
  people: number;
  /** People in the current chain who can be paged. */
  onCall: number;
  /** The latest manual switch, on or off; null if surge was never switched by hand. */
  manual: SurgeSwitch | null;
}

/**
 * Open, unacknowledged, non-spam emergencies that came in within the last 24 hours, repeats not
 * counted: the waiting ones, as surge and the digests count them (server/oncall/surge/queue-counts.ts).
 */
export function waitingEmergencies(now: Date) {
  return and(
    eq(leads.pagesOnCall, true),
    inArray(leads.status, ['new', 'in-progress']),
    isNull(leads.acknowledgedAt),
    // A repeat of an emergency already waiting is the same call.
    isNull(leads.duplicateOf),
    gt(leads.createdAt, new Date(now.getTime() - waitingWindowMs)),
  );
}

/**
 * The waiting emergencies the promise counts: none with weak spam signals, and one client (an
 * IPv4 address, an IPv6 /64: server/leads/client-cap.ts) at most once, so one client's made-up
 * emergencies cannot move the promise for everybody.
 */
export async function countWaitingEmergencies(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct coalesce(${leads.clientKey}, ${leads.id}::text))` })
    .from(leads)
    .where(and(waitingEmergencies(now), sql`coalesce(cardinality(${leads.spamReasons}), 0) = 0`));
  return Number(row?.n ?? 0);
}

export async function latestSurgeSwitch(db: DbOrTx): Promise<SurgeSwitch | null> {
  const [row] = await db
    .select({
      on: surgeSwitches.on,
      at: surgeSwitches.at,
      actor: surgeSwitches.actor,
      reason: surgeSwitches.reason,
    })
    .from(surgeSwitches)
    .orderBy(desc(surgeSwitches.at), desc(surgeSwitches.id))
    .limit(1);
  return row ?? null;
}

/** The state now, counted from the database. */
export async function readSurgeState(db: DbOrTx, now: Date, handlingMinutes: number): Promise<SurgeState> {
  const [waiting, chain, manual] = await Promise.all([
    countWaitingEmergencies(db, now),
    pageableChain(db, now),
    latestSurgeSwitch(db),
  ]);
  // Those working the queue share it, not everybody on call: a person asleep takes no emergency.
  const people = (await workingPeople(db, now)).size;
  const promise = callbackPromiseOf({ waiting, handlingMinutes, people, manual: manual?.on ?? false });
  return { ...promise, waiting, people, onCall: chain.length, manual };
}

export interface SurgeService {
  /** The state, at most surgeCacheMs old. */
  current(): Promise<SurgeState>;
  /** The promise for a new emergency (the lead service's `callbackPromise`). */
  callbackPromise(): Promise<CallbackPromise>;
  /** Forget the kept state (after a switch on this server copy). */
  invalidate(): void;
}

export function createSurgeService(deps: {
  db: Db;
  handlingMinutes: number;
  clock?: () => Date;
  cacheMs?: number;
}): SurgeService {
  const clock = deps.clock ?? (() => new Date());
  const cacheMs = deps.cacheMs ?? surgeCacheMs;
  let kept: { at: number; state: Promise<SurgeState> } | null = null;
  const current = () => {
    const now = clock();
    if (kept && now.getTime() - kept.at < cacheMs) return kept.state;
    const state = readSurgeState(deps.db, now, deps.handlingMinutes);
    const entry = { at: now.getTime(), state };
    kept = entry;
    // A failed count is not kept: the next caller counts again.
    state.catch(() => {
      if (kept === entry) kept = null;
    });
    return state;
  };
  return {
    current,
    async callbackPromise() {
      const { mode, expectedCallbackMinutes } = await current();
      return { mode, expectedCallbackMinutes };
    },
    invalidate() {
      kept = null;
    },
  };
}

/** A koordinator switches surge on (with a reason) or off: kept in the history and the audit log. */
export async function switchSurge(
  db: Db,
  input: {
    on: boolean;
    reason: string | null;
    actor: { userId: string; email: string; ip?: string };
    now: Date;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(surgeSwitches).values({
      on: input.on,
      reason: input.reason,
      userId: input.actor.userId,
      actor: input.actor.email,
      at: input.now,
    });
    await recordAudit(
      tx,
      {
        userId: input.actor.userId,
        actor: input.actor.email,
        action: input.on ? 'surge-on' : 'surge-off',
        details: input.reason ? { reason: input.reason } : {},
        ...(input.actor.ip ? { ip: input.actor.ip } : {}),
      },
      input.now,
    );
  });
}
