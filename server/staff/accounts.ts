/** Staff accounts, managed with `npm run staff` (there is no sign-up page). */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { plainText } from '../../domain/fields.ts';
import { hashSecret, minPasswordLength, passwordMessages } from '../auth/passwords.ts';
import { endSessionsOf } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

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

function checkPassword(password: string): void {
  if (password.length < minPasswordLength) throw new StaffAccountError(passwordMessages.tooShort);
}

export async function addStaff(
  db: Db,
  input: { email: string; name?: string | undefined; password: string },
) {
  const email = normaliseEmail(input.email);
  const name = checkName(input.name);
  checkPassword(input.password);
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing.length > 0) throw new StaffAccountError(`Der findes allerede en konto for ${email}.`);
  const [row] = await db
    .insert(users)
    .values({ email, name, passwordHash: await hashSecret(input.password) })
    .returning({ id: users.id, email: users.email });
  return row!;
}

export async function listStaff(db: Db) {
  return db
    .select({
      email: users.email,
      name: users.name,
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
export async function disableStaff(db: Db, email: string, now: Date = new Date()): Promise<number> {
  const user = await findStaff(db, email);
  await db.update(users).set({ disabledAt: now }).where(eq(users.id, user.id));
  return endSessionsOf(db, user.id);
}

/** Sets a new password; the account's sessions end. */
export async function resetStaffPassword(db: Db, email: string, password: string): Promise<number> {
  checkPassword(password);
  const user = await findStaff(db, email);
  await db
    .update(users)
    .set({ passwordHash: await hashSecret(password) })
    .where(eq(users.id, user.id));
  return endSessionsOf(db, user.id);
}
