/**
 * Gaps in the rota (docs/decisions/callback-reminder.md): the times in the coming 7 days when
 * nobody with a working phone (an active account with a mobile number) is first on call. rota.ts
 * says who is first at any instant, and that changes only at a weekly handover or where a cover
 * begins or ends, so checking each such boundary finds every gap. The inbox's rota page shows them
 * (the rota API answers them), and a daily job e-mails every active koordinator once per gap.
 */
import { z } from 'zod';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oncallGapNotices, users } from '../../db/schema.ts';
import { escapeHtml, formatDanishDateTime } from '../../mail/html.ts';
import { layout, plainText } from '../../mail/layout.ts';
import { mailKind, messageBase } from '../../mail/compose.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { PeriodicJob } from '../../queue/periodic.ts';
import { handoverAfter, onCallAt, type RotaChain, type RotaOverride } from './rota.ts';
import { displayName, loadRota, peopleByIds, type StaffPerson } from './rota-store.ts';

export const gapHorizonMs = 7 * 24 * 60 * 60_000;

export interface RotaGap {
  from: Date;
  /** Exclusive; at most the horizon. */
  to: Date;
  /** Who is first then without a working phone; null: nobody at all. */
  onCall: string | null;
}

const working = (person: StaffPerson | undefined) => Boolean(person && !person.disabled && person.phone);

/** The gaps in [now, now + horizon), merged where they follow each other. */
export function rotaGaps(
  rota: { chains: readonly RotaChain[]; overrides: readonly RotaOverride[] },
  people: ReadonlyMap<string, StaffPerson>,
  now: Date,
  horizonMs = gapHorizonMs,
): RotaGap[] {
  const until = now.getTime() + horizonMs;
  const boundaries = new Set<number>([now.getTime()]);
  for (const chain of rota.chains) {
    for (let at = handoverAfter(chain, now); at.getTime() < until; at = handoverAfter(chain, at))
      boundaries.add(at.getTime());
  }
  for (const o of rota.overrides) {
    for (const at of [o.startsAt.getTime(), o.endsAt.getTime()])
      if (at > now.getTime() && at < until) boundaries.add(at);
  }
  const sorted = [...boundaries].sort((a, b) => a - b);
  const gaps: RotaGap[] = [];
  sorted.forEach((at, index) => {
    const end = sorted[index + 1] ?? until;
    const first = onCallAt(rota.chains, rota.overrides, new Date(at)).onCall;
    if (working(first ? people.get(first) : undefined)) return;
    const last = gaps[gaps.length - 1];
    if (last && last.to.getTime() === at && last.onCall === first) last.to = new Date(end);
    else gaps.push({ from: new Date(at), to: new Date(end), onCall: first });
  });
  return gaps;
}

/** The gaps of the rota in the database. */
export async function loadRotaGaps(db: Db, now: Date): Promise<RotaGap[]> {
  const rota = await loadRota(db, now);
  const ids = [...rota.chains.flatMap((chain) => chain.memberIds), ...rota.overrides.map((o) => o.userId)];
  return rotaGaps(rota, await peopleByIds(db, ids), now);
}

const rotaGap = z.object({
  leadId: z.null(),
  to: z.object({ name: z.string(), address: z.string() }),
  from: z.string(),
  until: z.string(),
  /** Who stands first without a working phone; null: nobody. */
  onCallName: z.string().nullable(),
});

/**
 * Queues the e-mail about each gap no earlier e-mail covered (a gap overlapping one already
 * announced is the same gap, seen a day later or reaching further now); the number of new gaps.
 */
export async function announceRotaGaps(deps: { db: Db }, now: Date) {
  const gaps = await loadRotaGaps(deps.db, now);
  if (gaps.length === 0) return 0;
  const people = await peopleByIds(
    deps.db,
    gaps.flatMap((gap) => (gap.onCall ? [gap.onCall] : [])),
  );
  return deps.db.transaction(async (tx) => {
    const koordinatorer = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'koordinator'), isNull(users.disabledAt)))
      .orderBy(asc(users.email));
    let fresh = 0;
    for (const gap of gaps) {
      const [known] = await tx
        .select({ id: oncallGapNotices.id })
        .from(oncallGapNotices)
        .where(and(lt(oncallGapNotices.startsAt, gap.to), gt(oncallGapNotices.endsAt, gap.from)))
        .limit(1);
      if (known) continue;
      fresh++;
      await tx.insert(oncallGapNotices).values({ startsAt: gap.from, endsAt: gap.to, createdAt: now });
      const person = gap.onCall ? people.get(gap.onCall) : undefined;
      await enqueueMail(
        tx,
        rotaGapMailComposer,
        koordinatorer.map((k) => ({
          leadId: null,
          to: { name: displayName(k), address: k.email },
          from: gap.from.toISOString(),
          until: gap.to.toISOString(),
          onCallName: person ? displayName(person) : null,
        })),
      );
    }
    return fresh;
  });
}

/** Daily, on one server copy at a time (server/queue/periodic.ts). */
export function rotaGapJob(deps: { db: Db }): PeriodicJob {
  return {
    id: 'oncall-rota-gaps',
    name: 'rota gaps: e-mailing the koordinatorer',
    intervalMs: 24 * 60 * 60_000,
    firstRunAfterMs: 2 * 60_000,
    run: (now) => announceRotaGaps(deps, now),
  };
}

export const rotaGapMailComposer = mailKind('oncall-rota-gap', rotaGap, (deps, job) => {
  const { to, from, until, onCallName } = job.payload;
  const range = `fra ${formatDanishDateTime(new Date(from))} til ${formatDanishDateTime(new Date(until))}`;
  const subject = `Hul i vagtplanen ${range}`;
  const who = onCallName
    ? `${onCallName} står først på vagt, men har intet virkende mobilnummer (spærret konto eller intet nummer)`
    : 'ingen står på vagt';
  const intro = `I vagtplanen er der ingen med et virkende mobilnummer først på vagt ${range}: ${who}. Ret vagtkæden eller tilføj en dækning i indbakken, ellers får den første på vagt ingen SMS om akutte skader.`;
  const link = `${deps.publicUrl}/indbakke/vagtplan`;
  return {
    ...messageBase(deps, job),
    to,
    subject,
    text: plainText([intro, '', link]),
    html: layout(subject, escapeHtml(intro), `<p><a href="${escapeHtml(link)}">Åbn vagtplanen</a></p>`),
  };
});
