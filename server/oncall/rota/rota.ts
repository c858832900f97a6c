/**
 * Who is on call: a pure function over the rota (docs/decisions/sms-paging.md).
 *
 * The chain in force at an instant is the latest one that began at or before it. Its order turns
 * by one at every weekly handover after it began (weekday and hour in Copenhagen's wall-clock
 * time, so the handover stays at 08:00 across daylight-saving changes): [A, B, C] becomes
 * [B, C, A]. A person covering a range (an override) is first while it lasts, ahead of the chain
 * and out of their usual place; of several covering at once, the one added last comes first.
 */
import { localParts, weekdayOf, zonedTime } from '../../../domain/zoned-time.ts';

export interface RotaChain {
  effectiveFrom: Date;
  /** User ids in paging order when the chain began. */
  memberIds: readonly string[];
  /** 0 = Monday … 6 = Sunday */
  handoverWeekday: number;
  /** 0–23 */
  handoverHour: number;
}

export interface RotaOverride {
  userId: string;
  startsAt: Date;
  /** Exclusive. */
  endsAt: Date;
  createdAt: Date;
}

export interface OnCall {
  /** Everybody to page, in order: the first is on call, the second next. Empty: no rota. */
  order: string[];
  onCall: string | null;
  next: string | null;
  /** The override making someone first now, if any. */
  override: RotaOverride | null;
  /** The next weekly handover after the instant; null without a chain. */
  nextHandover: Date | null;
}

/** The first handover instant strictly after `after`. */
export function handoverAfter(chain: Pick<RotaChain, 'handoverWeekday' | 'handoverHour'>, after: Date): Date {
  const local = localParts(after);
  const daysAhead = (chain.handoverWeekday - weekdayOf(local.year, local.month, local.day) + 7) % 7;
  for (let week = 0; ; week++) {
    const candidate = zonedTime(
      local.year,
      local.month,
      local.day + daysAhead + 7 * week,
      chain.handoverHour,
    );
    if (candidate.getTime() > after.getTime()) return candidate;
  }
}

/** How many handovers fell in (from, at]. */
export function handoversBetween(chain: RotaChain, at: Date): number {
  if (at.getTime() <= chain.effectiveFrom.getTime()) return 0;
  let count = 0;
  let handover = handoverAfter(chain, chain.effectiveFrom);
  const first = localParts(handover);
  while (handover.getTime() <= at.getTime()) {
    count++;
    handover = zonedTime(first.year, first.month, first.day + 7 * count, chain.handoverHour);
  }
  return count;
}

function rotate<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const shift = ((by % items.length) + items.length) % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

export function chainInForce(chains: readonly RotaChain[], at: Date): RotaChain | null {
  let best: RotaChain | null = null;
  for (const chain of chains) {
    if (chain.effectiveFrom.getTime() > at.getTime()) continue;
    if (!best || chain.effectiveFrom.getTime() > best.effectiveFrom.getTime()) best = chain;
  }
  return best;
}

export function onCallAt(chains: readonly RotaChain[], overrides: readonly RotaOverride[], at: Date): OnCall {
  const chain = chainInForce(chains, at);
  const base = chain ? rotate(chain.memberIds, handoversBetween(chain, at)) : [];
  const active = overrides
    .filter((o) => o.startsAt.getTime() <= at.getTime() && at.getTime() < o.endsAt.getTime())
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const order: string[] = [];
  for (const id of [...active.map((o) => o.userId), ...base]) {
    if (!order.includes(id)) order.push(id);
  }
  return {
    order,
    onCall: order[0] ?? null,
    next: order[1] ?? null,
    override: active[0] ?? null,
    nextHandover: chain ? handoverAfter(chain, at) : null,
  };
}
