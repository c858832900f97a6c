/**
 * The on-call rota and live state as the inbox shows and edits them (server/oncall/staff-routes.ts):
 * who is paged now and the next four weeks, the chain and overrides by user id, staff's own phone
 * number, and the state the inbox polls. Refusals are answered as result unions.
 */
import { and, asc, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { normalisePhone } from '../../domain/phone.ts';
import type { RotaAnswer } from '../../domain/staff-api/oncall.ts';
import type { Db } from '../db/client.ts';
import { leads, oncallOverrides, users } from '../db/schema.ts';
import type { StaffActor } from '../staff/audit.ts';
import { recordAudit } from '../staff/audit.ts';
import { handoverAfter, onCallAt } from './rota.ts';
import { addOverride, displayName, loadRota, setChain } from './rota-store.ts';

const scheduleDays = 28;

export async function rotaView(db: Db, now: Date): Promise<RotaAnswer> {
  const [rota, staffRows, overrideRows] = await Promise.all([
    loadRota(db, now),
    db.select().from(users).orderBy(asc(users.name), asc(users.email)),
    db
      .select()
      .from(oncallOverrides)
      .where(gt(oncallOverrides.endsAt, now))
      .orderBy(asc(oncallOverrides.startsAt)),
  ]);
  const current = onCallAt(rota.chains, rota.overrides, now);
  const chain = rota.chains[0];
  const until = now.getTime() + scheduleDays * 24 * 60 * 60_000;
  const boundaries = new Set<number>([now.getTime()]);
  if (chain) {
    for (let at = handoverAfter(chain, now); at.getTime() < until; at = handoverAfter(chain, at))
      boundaries.add(at.getTime());
  }
  for (const o of rota.overrides) {
    for (const at of [o.startsAt.getTime(), o.endsAt.getTime()])
      if (at > now.getTime() && at < until) boundaries.add(at);
  }
  const schedule = [...boundaries]
    .sort((a, b) => a - b)
    .map((at) => {
      const view = onCallAt(rota.chains, rota.overrides, new Date(at));
      return {
        from: new Date(at).toISOString(),
        onCall: view.onCall,
        next: view.next,
        override: view.override !== null,
      };
    });
  return {
    order: current.order,
    nextHandover: current.nextHandover?.toISOString() ?? null,
    chain: chain
      ? {
          memberIds: [...chain.memberIds],
          handoverWeekday: chain.handoverWeekday,
          handoverHour: chain.handoverHour,
        }
      : null,
    schedule,
    overrides: overrideRows.map((o) => ({
      id: o.id,
      userId: o.userId,
      startsAt: o.startsAt.toISOString(),
      endsAt: o.endsAt.toISOString(),
    })),
    staff: staffRows.map((u) => ({
      id: u.id,
      name: displayName(u),
      email: u.email,
      phone: u.phone,
      disabled: u.disabledAt !== null,
    })),
  };
}

export type RotaChange = { kind: 'ok' } | { kind: 'refused'; message: string };

async function activeWithPhone(db: Db, ids: readonly string[]) {
  const rows = await db.select().from(users);
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const person = byId.get(id);
    if (!person || person.disabledAt)
      return { refused: 'En af de valgte medarbejdere findes ikke eller er spærret.' };
    if (!person.phone)
      return {
        refused: `${displayName(person)} har intet telefonnummer og kan ikke få SMS. Tilføj nummeret først.`,
      };
  }
  return { emails: ids.map((id) => byId.get(id)!.email) };
}

/** Sets the chain (in paging order) and its weekly handover from now. */
export async function setChainByIds(
  deps: { db: Db; clock: () => Date },
  input: { memberIds: string[]; handoverWeekday: number; handoverHour: number; actor: StaffActor },
): Promise<RotaChange> {
  const people = await activeWithPhone(deps.db, input.memberIds);
  if ('refused' in people) return { kind: 'refused', message: people.refused! };
  await deps.db.transaction((tx) =>
    setChain(tx, {
      emails: people.emails,
      handover: { weekday: input.handoverWeekday, hour: input.handoverHour },
      now: deps.clock(),
      actor: input.actor.email,
      userId: input.actor.userId,
    }),
  );
  return { kind: 'ok' };
}

export async function addOverrideById(
  deps: { db: Db; clock: () => Date },
  input: { userId: string; startsAt: Date; endsAt: Date; actor: StaffActor },
): Promise<RotaChange> {
  if (input.endsAt.getTime() <= input.startsAt.getTime())
    return { kind: 'refused', message: 'Slutningen skal ligge efter starten.' };
  if (input.endsAt.getTime() <= deps.clock().getTime())
    return { kind: 'refused', message: 'Perioden er allerede forbi.' };
  const people = await activeWithPhone(deps.db, [input.userId]);
  if ('refused' in people) return { kind: 'refused', message: people.refused! };
  await deps.db.transaction((tx) =>
    addOverride(tx, {
      email: people.emails[0]!,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      now: deps.clock(),
      actor: input.actor.email,
      userId: input.actor.userId,
    }),
  );
  return { kind: 'ok' };
}

/** Removes one override; false when there is no such override. */
export async function removeOverrideById(
  deps: { db: Db; clock: () => Date },
  input: { id: string; actor: StaffActor },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(oncallOverrides).where(eq(oncallOverrides.id, input.id)).returning();
    if (!removed) return false;
    const [person] = await tx.select({ email: users.email }).from(users).where(eq(users.id, removed.userId));
    await recordAudit(
      tx,
      {
        userId: input.actor.userId,
        actor: input.actor.email,
        action: 'oncall-override-removed',
        details: {
          person: person?.email ?? removed.userId,
          startsAt: removed.startsAt.toISOString(),
          endsAt: removed.endsAt.toISOString(),
          removed: 1,
        },
        ip: input.actor.ip,
      },
      deps.clock(),
    );
    return true;
  });
}

/** Staff's own phone number (E.164), audited; null when it is not a valid number. */
export async function setOwnPhone(
  deps: { db: Db; clock: () => Date },
  input: { phone: string; actor: StaffActor },
): Promise<string | null> {
  const phone = normalisePhone(input.phone);
  if (!phone) return null;
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ phone }).where(eq(users.id, input.actor.userId));
    await recordAudit(
      tx,
      {
        userId: input.actor.userId,
        actor: input.actor.email,
        action: 'staff-phone-set',
        details: { person: input.actor.email, phone },
        ip: input.actor.ip,
      },
      deps.clock(),
    );
  });
  return phone;
}

/** What the inbox polls: the newest lead, and the emergencies nobody has acknowledged yet. */
export async function liveState(db: Db) {
  const [[newest], open] = await Promise.all([
    db
      .select({ id: leads.id, createdAt: leads.createdAt })
      .from(leads)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(1),
    db
      .select({ id: leads.id, reference: leads.reference, createdAt: leads.createdAt })
      .from(leads)
      .where(
        and(
          eq(leads.status, 'new'),
          eq(leads.kind, 'akut-skade'),
          isNull(leads.acknowledgedAt),
          isNull(leads.calledBackAt),
          ne(leads.status, 'spam'),
        ),
      )
      .orderBy(desc(leads.createdAt))
      .limit(100),
  ]);
  return {
    newestLeadId: newest?.id ?? null,
    newestLeadAt: newest?.createdAt.toISOString() ?? null,
    unacknowledged: open.map((row) => ({
      id: row.id,
      reference: row.reference,
      receivedAt: row.createdAt.toISOString(),
    })),
  };
}
