/**
 * The rota in the database: chains (a new row per change), overrides, staff phone numbers.
 * Every change writes an audit row. Who is on call is computed by rota.ts.
 */
import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { normalisePhone } from '../../../domain/phone.ts';
import type { DbOrTx } from '../../db/client.ts';
import { oncallChains, oncallOverrides, users } from '../../db/schema.ts';
import { recordAudit } from '../../staff/audit.ts';
import { StaffAccountError } from '../../staff/accounts.ts';
import { takenByAnother } from '../../staff/staff-phone.ts';
import { onCallAt, type OnCall, type RotaChain, type RotaOverride } from './rota.ts';

export interface StaffPerson {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  disabled: boolean;
}

export function displayName(person: Pick<StaffPerson, 'name' | 'email'>): string {
  return person.name?.trim() || person.email;
}

export interface Handover {
  /** 0 = Monday … 6 = Sunday */
  weekday: number;
  hour: number;
}

export const defaultHandover: Handover = { weekday: 0, hour: 8 };

const personColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  disabledAt: users.disabledAt,
};

function toPerson(row: {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  disabledAt: Date | null;
}) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    disabled: row.disabledAt !== null,
  };
}

export async function peopleByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, StaffPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, toPerson(row)]));
}

async function personByEmail(db: DbOrTx, email: string): Promise<StaffPerson> {
  const normalised = email.trim().toLowerCase();
  const [row] = await db.select(personColumns).from(users).where(eq(users.email, normalised));
  if (!row) throw new StaffAccountError(`Der findes ingen konto for ${normalised}.`);
  return toPerson(row);
}

/** The chain in force at `at` and the overrides not yet over. */
export async function loadRota(
  db: DbOrTx,
  at: Date,
): Promise<{ chains: RotaChain[]; overrides: RotaOverride[] }> {
  const [chainRows, overrideRows] = await Promise.all([
    db
      .select()
      .from(oncallChains)
      .where(lte(oncallChains.effectiveFrom, at))
      .orderBy(desc(oncallChains.effectiveFrom))
      .limit(1),
    db.select().from(oncallOverrides).where(gt(oncallOverrides.endsAt, at)),
  ]);
  return {
    chains: chainRows.map((row) => ({
      effectiveFrom: row.effectiveFrom,
      memberIds: row.memberIds,
      handoverWeekday: row.handoverWeekday,
      handoverHour: row.handoverHour,
    })),
    overrides: overrideRows.map((row) => ({
      userId: row.userId,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      createdAt: row.createdAt,
    })),
  };
}

export interface OnCallView extends OnCall {
  people: Map<string, StaffPerson>;
  handover: Handover | null;
}

export async function onCallNow(db: DbOrTx, at: Date): Promise<OnCallView> {
  const rota = await loadRota(db, at);
  const onCall = onCallAt(rota.chains, rota.overrides, at);
  const people = await peopleByIds(db, onCall.order);
  const chain = rota.chains[0];
  return {
    ...onCall,
    people,
    handover: chain ? { weekday: chain.handoverWeekday, hour: chain.handoverHour } : null,
  };
}

/** The people to page at `at`, in order: those who can log in and have a phone number. */
export async function pageableChain(db: DbOrTx, at: Date): Promise<string[]> {
  const view = await onCallNow(db, at);
  return view.order.filter((id) => {
    const person = view.people.get(id);
    return person && !person.disabled && person.phone;
  });
}

export interface Actor {
  /** Who made the change, for the audit log (a staff e-mail, or 'cli:<os user>'). */
  actor: string;
  userId?: string | null;
}

/** Sets the chain in force from `now`; the handover stays as it was unless given. */
export async function setChain(
  db: DbOrTx,
  input: { emails: readonly string[]; handover?: Handover | undefined; now: Date } & Actor,
): Promise<StaffPerson[]> {
  if (input.emails.length === 0) throw new StaffAccountError('Angiv mindst én person i vagtkæden.');
  const people: StaffPerson[] = [];
  for (const email of input.emails) {
    const person = await personByEmail(db, email);
    if (people.some((p) => p.id === person.id)) {
      throw new StaffAccountError(`${person.email} står to gange i vagtkæden.`);
    }
    if (person.disabled) throw new StaffAccountError(`Kontoen ${person.email} er spærret.`);
    if (!person.phone) {
      throw new StaffAccountError(
        `${person.email} har intet telefonnummer: npm run staff -- set-phone ${person.email} +45…`,
      );
    }
    people.push(person);
  }
  const [previous] = await db
    .select()
    .from(oncallChains)
    .where(lte(oncallChains.effectiveFrom, input.now))
    .orderBy(desc(oncallChains.effectiveFrom))
    .limit(1);
  const handover =
    input.handover ??
    (previous ? { weekday: previous.handoverWeekday, hour: previous.handoverHour } : defaultHandover);
  await db.insert(oncallChains).values({
    effectiveFrom: input.now,
    memberIds: people.map((p) => p.id),
    handoverWeekday: handover.weekday,
    handoverHour: handover.hour,
    createdBy: input.actor,
  });
  await recordAudit(
    db,
    {
      userId: input.userId ?? null,
      actor: input.actor,
      action: 'oncall-chain-set',
      details: { members: people.map((p) => p.email), handover },
    },
    input.now,
  );
  return people;
}

export async function addOverride(
  db: DbOrTx,
  input: { email: string; startsAt: Date; endsAt: Date; now: Date } & Actor,
): Promise<StaffPerson> {
  if (input.endsAt.getTime() <= input.startsAt.getTime()) {
    throw new StaffAccountError('Slutningen skal ligge efter starten.');
  }
  const person = await personByEmail(db, input.email);
  if (!person.phone) throw new StaffAccountError(`${person.email} har intet telefonnummer.`);
  await db.insert(oncallOverrides).values({
    userId: person.id,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    createdBy: input.actor,
  });
  await recordAudit(
    db,
    {
      userId: input.userId ?? null,
      actor: input.actor,
      action: 'oncall-override-added',
      details: {
        person: person.email,
        startsAt: input.startsAt.toISOString(),
        endsAt: input.endsAt.toISOString(),
      },
    },
    input.now,
  );
  return person;
}

/** Removes the person's overrides that are not over yet; returns how many. */
export async function removeOverrides(
  db: DbOrTx,
  input: { email: string; now: Date } & Actor,
): Promise<number> {
  const person = await personByEmail(db, input.email);
  const removed = await db
    .delete(oncallOverrides)
    .where(and(eq(oncallOverrides.userId, person.id), gt(oncallOverrides.endsAt, input.now)))
    .returning({ id: oncallOverrides.id });
  await recordAudit(
    db,
    {
      userId: input.userId ?? null,
      actor: input.actor,
      action: 'oncall-override-removed',
      details: { person: person.email, removed: removed.length },
    },
    input.now,
  );
  return removed.length;
}

export async function setStaffPhone(
  db: DbOrTx,
  input: { email: string; phone: string; now: Date } & Actor,
): Promise<string> {
  const phone = normalisePhone(input.phone);
  if (!phone) throw new StaffAccountError(`"${input.phone}" er ikke et gyldigt telefonnummer.`);
  const person = await personByEmail(db, input.email);
  // The command line is the server's operator: a number abroad is theirs to set, a taken one is not.
  const taken = await takenByAnother(db, phone, person.id);
  if (taken) throw new StaffAccountError(taken.message);
  await db.update(users).set({ phone }).where(eq(users.id, person.id));
  await recordAudit(
    db,
    {
      userId: input.userId ?? null,
      actor: input.actor,
      action: 'staff-phone-set',
      details: { person: person.email, phone },
    },
    input.now,
  );
  return phone;
}
