/**
 * The on-call rota and live state as the inbox shows and edits them (server/oncall/staff-routes.ts):
 * who is paged now and the next four weeks, the chain and overrides by user id, staff's own phone
 * number, and the state the inbox polls. Refusals are answered as result unions.
 */
import { and, asc, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { normalisePhone } from '../../../domain/phone.ts';
import type { RotaAnswer } from '../../../domain/staff-api/oncall.ts';
import { may, type StaffRole } from '../../../domain/staff-api/roles.ts';
import type { Db } from '../../db/client.ts';
import { leads, oncallOverrides, users } from '../../db/schema.ts';
import type { StaffActor } from '../../staff/audit.ts';
import { recordAudit } from '../../staff/audit.ts';
import { outsideCountries, takenByAnother, type StaffPhoneRefusal } from '../../staff/staff-phone.ts';
import { confirmStepUp } from '../../staff/step-up.ts';
import { handoverAfter, onCallAt } from './rota.ts';
import { addOverride, displayName, loadRota, peopleByIds, setChain } from './rota-store.ts';
import { changedBy, queueRotaNotice } from './rota-notice.ts';
import { rotaGaps } from './rota-gaps.ts';

const scheduleDays = 28;

/**
 * The rota as `viewer` may see it: a medarbejder sees the names and their own number, not their
 * colleagues' numbers (domain/staff-api/roles.ts, `staffPhones`).
 */
export async function rotaView(
  db: Db,
  now: Date,
  viewer: { userId: string; role: StaffRole },
): Promise<RotaAnswer> {
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
  const gaps = rotaGaps(
    rota,
    new Map(staffRows.map((u) => [u.id, { ...u, disabled: u.disabledAt !== null }])),
    now,
  );
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
      phone: u.id === viewer.userId || may(viewer.role, 'staffPhones') ? u.phone : null,
      disabled: u.disabledAt !== null,
    })),
    gaps: gaps.map((gap) => ({ from: gap.from.toISOString(), to: gap.to.toISOString(), onCall: gap.onCall })),
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

const noticePerson = (person: { name: string | null; email: string }) => ({
  name: displayName(person),
  email: person.email,
});

/**
 * Sets the chain (in paging order) and its weekly handover from now, with a fresh code; everyone
 * in the chain before or after and the company inbox are e-mailed.
 */
export async function setChainByIds(
  deps: { db: Db; clock: () => Date },
  input: {
    memberIds: string[];
    handoverWeekday: number;
    handoverHour: number;
    code: string | undefined;
    actor: StaffActor;
  },
): Promise<RotaChange> {
  const people = await activeWithPhone(deps.db, input.memberIds);
  if ('refused' in people) return { kind: 'refused', message: people.refused! };
  await confirmStepUp(deps, input.actor, input.code, 'oncall-chain');
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const before = (await loadRota(tx, now)).chains[0]?.memberIds ?? [];
    const members = await setChain(tx, {
      emails: people.emails,
      handover: { weekday: input.handoverWeekday, hour: input.handoverHour },
      now,
      actor: input.actor.email,
      userId: input.actor.userId,
    });
    const previous = await peopleByIds(tx, before);
    await queueRotaNotice(tx, {
      change: {
        what: 'chain',
        members: members.map(displayName),
        handover: { weekday: input.handoverWeekday, hour: input.handoverHour },
      },
      by: changedBy(input.actor),
      affected: [...members, ...previous.values()].map(noticePerson),
      now,
    });
  });
  return { kind: 'ok' };
}

/** A cover from the inbox, with a fresh code; the person covering and the company are e-mailed. */
export async function addOverrideById(
  deps: { db: Db; clock: () => Date },
  input: { userId: string; startsAt: Date; endsAt: Date; code: string | undefined; actor: StaffActor },
): Promise<RotaChange> {
  if (input.endsAt.getTime() <= input.startsAt.getTime())
    return { kind: 'refused', message: 'Slutningen skal ligge efter starten.' };
  if (input.endsAt.getTime() <= deps.clock().getTime())
    return { kind: 'refused', message: 'Perioden er allerede forbi.' };
  const people = await activeWithPhone(deps.db, [input.userId]);
  if ('refused' in people) return { kind: 'refused', message: people.refused! };
  await confirmStepUp(deps, input.actor, input.code, 'oncall-override');
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const person = await addOverride(tx, {
      email: people.emails[0]!,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      now,
      actor: input.actor.email,
      userId: input.actor.userId,
    });
    await queueRotaNotice(tx, {
      change: {
        what: 'cover-added',
        person: displayName(person),
        startsAt: input.startsAt.toISOString(),
        endsAt: input.endsAt.toISOString(),
      },
      by: changedBy(input.actor),
      affected: [noticePerson(person)],
      now,
    });
  });
  return { kind: 'ok' };
}

/** Removes one override, with a fresh code; false when there is no such override. */
export async function removeOverrideById(
  deps: { db: Db; clock: () => Date },
  input: { id: string; code: string | undefined; actor: StaffActor },
): Promise<boolean> {
  const [exists] = await deps.db
    .select({ id: oncallOverrides.id })
    .from(oncallOverrides)
    .where(eq(oncallOverrides.id, input.id));
  if (!exists) return false;
  await confirmStepUp(deps, input.actor, input.code, 'oncall-override');
  return deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(oncallOverrides).where(eq(oncallOverrides.id, input.id)).returning();
    if (!removed) return false;
    const [person] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, removed.userId));
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
    if (person) {
      await queueRotaNotice(tx, {
        change: {
          what: 'cover-removed',
          person: displayName(person),
          startsAt: removed.startsAt.toISOString(),
          endsAt: removed.endsAt.toISOString(),
          count: 1,
        },
        by: changedBy(input.actor),
        affected: [noticePerson(person)],
        now: deps.clock(),
      });
    }
    return true;
  });
}

export type OwnPhoneChange = { phone: string } | { invalid: true } | { refused: StaffPhoneRefusal };

/**
 * Staff's own phone number (E.164), with a fresh code, audited, and e-mailed to the owner and the
 * company. Refused when it is not a valid number, another active account has it, or it is outside
 * `phoneCountries` and the person is no koordinator (server/staff/staff-phone.ts).
 */
export async function setOwnPhone(
  deps: { db: Db; clock: () => Date; phoneCountries: readonly string[] },
  input: { phone: string; code: string | undefined; actor: StaffActor; role: StaffRole },
): Promise<OwnPhoneChange> {
  const phone = normalisePhone(input.phone);
  if (!phone) return { invalid: true };
  // Asked of everyone alike before the code: no code makes a medarbejder's number abroad allowed.
  const abroad = outsideCountries(phone, {
    countries: deps.phoneCountries,
    mayGoAbroad: may(input.role, 'staffPhones'),
  });
  if (abroad) return { refused: abroad };
  await confirmStepUp(deps, input.actor, input.code, 'phone');
  return deps.db.transaction(async (tx) => {
    const taken = await takenByAnother(tx, phone, input.actor.userId);
    if (taken) return { refused: taken };
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
    const owner = noticePerson(input.actor);
    await queueRotaNotice(tx, {
      change: { what: 'phone', person: owner.name, phone },
      by: changedBy(input.actor),
      affected: [owner],
      now: deps.clock(),
    });
    return { phone };
  });
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
          eq(leads.pagesOnCall, true),
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
