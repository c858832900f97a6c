/**
 * What a new danger to people (priority 'kritisk') is told: it goes before the other emergencies,
 * so its wait counts only the dangers to people already waiting, shared by the same people as the
 * surge formula (domain/surge.ts, criticalCallbackOf). Counted in the new lead's transaction, not
 * from the kept surge state: two dangers to people a second apart must not both be told they are
 * first. Everything is read through that transaction: on the embedded database (one connection) a
 * read through the app's own handle would wait for the transaction, which waits for the read.
 */
import { and, count, eq } from 'drizzle-orm';
import { criticalCallbackOf, type CriticalCallback } from '../../../domain/surge.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';
import { waitingEmergencies } from './surge.ts';
import { workingPeople } from './working.ts';

/** Dangers to people waiting now, as the surge count counts waiting emergencies. */
export async function countWaitingCritical(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(waitingEmergencies(now), eq(leads.priority, 'kritisk')));
  return Number(row?.n ?? 0);
}

export async function criticalCallbackNow(
  deps: { handlingMinutes: number; now: Date },
  tx: DbOrTx,
): Promise<CriticalCallback> {
  // One after the other: a transaction's connection takes one query at a time.
  const ahead = await countWaitingCritical(tx, deps.now);
  const people = await workingPeople(tx, deps.now);
  return criticalCallbackOf({ ahead, handlingMinutes: deps.handlingMinutes, people: people.size });
}
