/**
 * The daily spam digest: one e-mail to the company inbox a day, after 07:00 Copenhagen time, with
 * how many leads were filed as spam since the previous digest, per reason, and a link to the
 * inbox's spam view, so staff can look for a person among them without an e-mail per item. Days
 * without spam send nothing.
 *
 * Safe with several server copies: the day is claimed in job_runs in the transaction that queues
 * the e-mail (the primary key lets one copy win), and the outbox sends it.
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { SpamReason } from '../../domain/spam.ts';
import type { Db } from '../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { spamDigestMail } from './spam-digest-mail.ts';
import { jobRuns, leads } from '../db/schema.ts';
import { localParts } from '../../domain/zoned-time.ts';
import type { PeriodicJob } from '../queue/periodic.ts';

const jobName = 'spam-digest';
const dayMs = 24 * 60 * 60_000;

/** The digest is due from this hour, Copenhagen time. */
export const spamDigestHour = 7;

/** The Copenhagen calendar day of `now` ('2026-11-24') and whether the digest is due then. */
export function digestDay(now: Date): { period: string; due: boolean } {
  const p = localParts(now);
  const period = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return { period, due: p.hour >= spamDigestHour };
}

/**
 * Queues today's digest unless it is not yet due or a server copy already claimed the day.
 * True when this call queued an e-mail (not when the day was claimed without spam to tell of).
 */
export async function queueSpamDigest(deps: { db: Db }, now: Date): Promise<boolean> {
  const { period, due } = digestDay(now);
  if (!due) return false;
  return deps.db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ ranAt: jobRuns.ranAt })
      .from(jobRuns)
      .where(eq(jobRuns.job, jobName))
      .orderBy(desc(jobRuns.ranAt))
      .limit(1);
    const claimed = await tx
      .insert(jobRuns)
      .values({ job: jobName, period, ranAt: now })
      .onConflictDoNothing()
      .returning({ period: jobRuns.period });
    if (claimed.length === 0) return false;
    // Since the previous digest; the first one (or after a long pause) looks one day back.
    const since =
      previous && now.getTime() - previous.ranAt.getTime() <= 2 * dayMs
        ? previous.ranAt
        : new Date(now.getTime() - dayMs);
    const window = and(eq(leads.status, 'spam'), gte(leads.createdAt, since), lt(leads.createdAt, now));
    const [counted] = await tx
      .select({ total: sql<number>`count(*)` })
      .from(leads)
      .where(window);
    const total = Number(counted?.total ?? 0);
    if (total === 0) return false;
    const result = await tx.execute(
      sql`select reason, count(*)::int as n from ${leads}, unnest(${leads.spamReasons}) as reason where ${window} group by reason`,
    );
    const rows = (result as unknown as { rows: { reason: string; n: number }[] }).rows;
    const reasons: Partial<Record<SpamReason, number>> = {};
    for (const row of rows) reasons[row.reason as SpamReason] = Number(row.n);
    await enqueueMail(tx, spamDigestMail, {
      leadId: null,
      digest: { since: since.toISOString(), until: now.toISOString(), total, reasons },
    });
    return true;
  });
}

/**
 * The digest as a periodic job: every 15 minutes (first two minutes after start) it checks whether
 * today's is due and unclaimed (queuing it wakes the mail worker).
 */
export function spamDigestJob(deps: { db: Db }): PeriodicJob {
  return {
    id: 'spam-digest',
    name: 'spam digest: queuing the daily e-mail',
    intervalMs: 15 * 60_000,
    firstRunAfterMs: 2 * 60_000,
    run: async (now) => {
      await queueSpamDigest({ db: deps.db }, now);
    },
  };
}
