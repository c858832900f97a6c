/**
 * Staff accounts, managed with `npm run staff` (there is no sign-up page). Every change is noted
 * in the audit log, by default in the name of the command line that made it.
 */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { plainText } from '../../domain/fields.ts';
import { defaultStaffRole, isStaffRole, staffRoles, type StaffRole } from '../../domain/staff-api/roles.ts';
import { hashSecret, minPasswordLength, passwordMessages } from '../auth/passwords.ts';
import { endSessionsOf } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { commandLineActor, recordAudit } from './audit.ts';

export class StaffAccountError extends Error {
  override name = 'StaffAccountError';
}

const emailSchema = z.email();

function normaliseEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (!emailSchema.safeParse(normalised).success) {
    throw new StaffAccountError(`"${email}" er ikke en gyldig e-mailadresse.`);
  }
  return normalised;
}

const nameSchema = plainText({ invalid: 'Navnet indeholder tegn, der ikke kan bruges.' }).max(200, {
  error: 'Navnet er for langt (højst 200 tegn).',
});

/** A staff member's name as staff see it in the inbox and the audit log: trimmed, plain text, or null. */
function checkName(name: string | undefined): string | null {
  if (name === undefined) return null;
  const result = nameSchema.safeParse(name);
  if (!result.success) throw new StaffAccountError(result.error.issues[0]!.message);
  return result.data || null;
}

function checkRole(role: string | undefined): StaffRole {
  if (role === undefined) return defaultStaffRole;
  if (!isStaffRole(role))
    throw new StaffAccountError(`Ukendt rolle "${role}": brug ${staffRoles.join(' eller ')}.`);
  return role;
}

function checkPassword(password: string): void {
  if (password.length < minPasswordLength) throw new StaffAccountError(passwordMessages.tooShort);
}

interface ChangeOptions {
  now?: Date;
  /** Who made the change, for the audit log; the command line by default. */
  actor?: string;
}

export async function addStaff(
  db: Db,
  input: {
    email: string;
    name?: string | undefined;
    password: string;
    /** medarbejder unless given (domain/staff-api/roles.ts). */
    role?: StaffRole | undefined;
  } & ChangeOptions,
) {
  const email = normaliseEmail(input.email);
  const name = checkName(input.name);
  const role = checkRole(input.role);
  checkPassword(input.password);
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing.length > 0) throw new StaffAccountError(`Der findes allerede en konto for ${email}.`);
  const passwordHash = await hashSecret(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ email, name, passwordHash, role })
      .returning({ id: users.id, email: users.email, role: users.role });
    await recordAudit(
      tx,
      { actor: input.actor ?? commandLineActor(), action: 'staff-added', details: { person: email, role } },
      input.now ?? new Date(),
    );
    return row!;
  });
}

export async function listStaff(db: Db) {
  return db
    .select({
      email: users.email,
      name: users.name,
      role: users.role,
      phone: users.phone,
      totpConfirmedAt: users.totpConfirmedAt,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.email));
}

async function findStaff(db: Db, email: string) {
  const normalised = normaliseEmail(email);
  const [row] = await db.select().from(users).where(eq(users.email, normalised));
  if (!row) throw new StaffAccountError(`Der findes ingen konto for ${normalised}.`);
  return row;
}

/** Disables the account and ends its sessions at once. */
export async function disableStaff(db: Db, email: string, options: ChangeOptions = {}): Promise<number> {
  const user = await findStaff(db, email);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.update(users).set({ disabledAt: now }).where(eq(users.id, user.id));
    const ended = await endSessionsOf(tx, user.id);
    await recordAudit(
      tx,
      {
        actor: options.actor ?? commandLineActor(),
        action: 'staff-disabled',
        details: { person: user.email },
      },
      now,
    );
    return ended;
  });
}

/** Sets a new password; the account's sessions end. */
export async function resetStaffPassword(
  db: Db,
  email: string,
  password: string,
  options: ChangeOptions = {},
): Promise<number> {
  checkPassword(password);
  const user = await findStaff(db, email);
  const passwordHash = await hashSecret(password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    const ended = await endSessionsOf(tx, user.id);
    await recordAudit(
      tx,
      {
        actor: options.actor ?? commandLineActor(),
        action: 'staff-password-reset',
        details: { person: user.email },
      },
      options.now ?? new Date(),
    );
    return ended;
  });
}

/**
 * Gives the account a role; counts from its next request (the session reads the role each time).
 * Audited with the role before and after. Returns the role it had.
 */
export async function setStaffRole(
  db: Db,
  email: string,
  role: string,
  options: ChangeOptions = {},
): Promise<StaffRole> {
  const wanted = checkRole(role);
  const user = await findStaff(db, email);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ role: wanted }).where(eq(users.id, user.id));
    await recordAudit(
      tx,
      {
        actor: options.actor ?? commandLineActor(),
        action: 'staff-role-set',
        details: { person: user.email, from: user.role, to: wanted },
      },
      options.now ?? new Date(),
    );
    return user.role;
  });
}
