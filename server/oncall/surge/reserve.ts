/**
 * The reserve (docs/decisions/all-hands.md): people not on call tonight whom a surge may ask for
 * help (server/oncall/paging/all-hands.ts sends the one SMS). A koordinator keeps the list, with
 * `npm run staff -- on-call reserve …` or on the inbox's Beredskab page; each change is audited.
 */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oncallReserve, users } from '../../db/schema.ts';
import { ReserveRefused } from './errors.ts';
import { recordAudit } from '../../staff/audit.ts';

export interface ReservePerson {
  userId: string;
  email: string;
  name: string | null;
  phone: string | null;
  disabled: boolean;
  addedAt: Date;
  /** The last reserve call to the person; null if never. */
  calledAt: Date | null;
}

export interface ReserveActor {
  actor: string;
  userId?: string | null;
  ip?: string | null;
}

export async function listReserve(db: DbOrTx): Promise<ReservePerson[]> {
  const rows = await db
    .select({
      userId: oncallReserve.userId,
      email: users.email,
      name: users.name,
      phone: users.phone,
      disabledAt: users.disabledAt,
      addedAt: oncallReserve.addedAt,
      calledAt: oncallReserve.calledAt,
    })
    .from(oncallReserve)
    .innerJoin(users, eq(users.id, oncallReserve.userId))
    .orderBy(asc(users.email));
  return rows.map(({ disabledAt, ...row }) => ({ ...row, disabled: disabledAt !== null }));
}

async function accountOf(db: DbOrTx, email: string) {
  const normalised = email.trim().toLowerCase();
  const [row] = await db
    .select({ id: users.id, email: users.email, phone: users.phone, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.email, normalised));
  if (!row) throw new ReserveRefused(`Der findes ingen konto for ${normalised}.`);
  return row;
}

/** Puts the person on the reserve; a person already there stays as they were. */
export async function addToReserve(
  db: DbOrTx,
  input: { email: string; now: Date } & ReserveActor,
): Promise<void> {
  const account = await accountOf(db, input.email);
  if (account.disabledAt) throw new ReserveRefused(`${account.email} er spærret og kan ikke kaldes.`);
  if (!account.phone)
    throw new ReserveRefused(`${account.email} har intet telefonnummer: sæt det først (set-phone).`);
  const added = await db
    .insert(oncallReserve)
    .values({ userId: account.id, addedBy: input.actor.slice(0, 254), addedAt: input.now })
    .onConflictDoNothing()
    .returning({ userId: oncallReserve.userId });
  if (added.length === 0) return;
  await recordAudit(
    db,
    {
      userId: input.userId ?? null,
      actor: input.actor,
      action: 'reserve-added',
      details: { person: account.email },
      ip: input.ip ?? null,
    },
    input.now,
  );
}

/** Takes the person off the reserve; false when they were not on it. */
export async function removeFromReserve(
  db: DbOrTx,
  input: { email: string; now: Date } & ReserveActor,
): Promise<boolean> {
  const account = await accountOf(db, input.email);
  const removed = await db
    .delete(oncallReserve)
    .where(eq(oncallReserve.userId, account.id))
    .returning({ userId: oncallReserve.userId });
  if (removed.length === 0) return false;
  await recordAudit(
    db,
    {
      userId: input.userId ?? null,
      actor: input.actor,
      action: 'reserve-removed',
      details: { person: account.email },
      ip: input.ip ?? null,
    },
    input.now,
  );
  return true;
}
