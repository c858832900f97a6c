/**
 * What one client may make of emergencies (docs/decisions/duplicate-emergencies.md, "One client"):
 * one critical emergency an hour. A client is an IPv4 address or an IPv6 /64
 * (server/plugins/client-key.ts), stored on the emergency as `leads.client_key`. A further
 * emergency with danger to people from the same client within the hour is paged as high
 * priority, not critical: it waits for the budget like any other and cannot move the promise for
 * everybody; staff read why in a note on it. The surge formula counts a client once
 * (server/oncall/surge/surge.ts). The key is needed for an hour (the cap) and a day (surge): the
 * retention job empties it after a day, like the submission counters.
 */
import { and, eq, gt, isNotNull, lt, ne, sql, count } from 'drizzle-orm';
import type { LeadPriority } from '../../domain/triage.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { leads } from '../db/schema.ts';
import { clientKey } from '../plugins/client-key.ts';

/** Critical emergencies one client may send an hour; further ones are paged as high. */
export const criticalPerClientHour = 1;
const hourMs = 60 * 60_000;
/** How long an emergency keeps its client key. */
export const clientKeyRetentionMs = 24 * hourMs;

/** Advisory-lock class of the count (the second key is the client key's hash). */
const CLIENT_CAP_LOCK_CLASS = 0x0c11e47;

/** The stored key of a request's client address; null without one. */
export function emergencyClientKey(clientIp: string | undefined): string | null {
  const key = clientIp ? clientKey(clientIp) : '';
  return key ? key.slice(0, 100) : null;
}

/** What staff read on an emergency whose danger to people was not paged as critical. */
export const criticalCapNote =
  'Personfare angivet, men kaldt op som høj prioritet: samme afsender (IP-adresse) har allerede sendt en akut skade med personfare inden for den seneste time. Ring og vurder.';

/**
 * The priority a new emergency is paged with: critical only while its client has sent no other
 * critical emergency this hour. Call it in the transaction that stores the emergency: the
 * advisory lock per client makes of two sent together the second count the first.
 */
export async function cappedPriority(
  tx: DbOrTx,
  input: { clientKey: string | null; priority: LeadPriority },
  now: Date,
): Promise<{ priority: LeadPriority; staffNote: string | null }> {
  if (input.priority !== 'kritisk' || !input.clientKey) return { priority: input.priority, staffNote: null };
  await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_CAP_LOCK_CLASS}, hashtext(${input.clientKey}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(leads)
    .where(
      and(
        eq(leads.clientKey, input.clientKey),
        gt(leads.createdAt, new Date(now.getTime() - hourMs)),
        eq(leads.pagesOnCall, true),
        eq(leads.priority, 'kritisk'),
        ne(leads.status, 'spam'),
      ),
    );
  return Number(row?.n ?? 0) >= criticalPerClientHour
    ? { priority: 'hoej', staffNote: criticalCapNote }
    : { priority: 'kritisk', staffNote: null };
}

/** Empties the client keys older than a day (the retention job); how many. */
export async function clearOldClientKeys(db: Db, now: Date): Promise<number> {
  const cleared = await db
    .update(leads)
    .set({ clientKey: null })
    .where(
      and(isNotNull(leads.clientKey), lt(leads.createdAt, new Date(now.getTime() - clientKeyRetentionMs))),
    )
    .returning({ id: leads.id });
  return cleared.length;
}
