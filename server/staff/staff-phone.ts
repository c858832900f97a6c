/**
 * What a number on a staff account must be, wherever it is set (the inbox's own number, the
 * command line): pages go to it, so it is one person's. A number another active account has is
 * refused (a page would wake the wrong person, and a colleague's pages could be read on it). A
 * number outside the countries on-call SMS are meant for (ONCALL_PHONE_COUNTRIES, default DK)
 * costs more per page and is the odd case: only a koordinator sets one, the command line counts
 * as one. Checked under a lock on the number inside the caller's transaction, so two accounts
 * taking the same number at the same moment cannot both win.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';

export const staffPhoneMessages = {
  taken: 'Nummeret bruges allerede af en anden aktiv konto. Vagt-SMS skal gå til én person.',
  foreign: (countries: readonly string[]) =>
    `Et nummer uden for ${countries.join(', ')} kan kun sættes af en koordinator.`,
} as const;

/** The ISO country of an E.164 number, or null when none can be told. */
export function phoneCountry(phone: string): string | null {
  return parsePhoneNumberFromString(phone)?.country ?? null;
}

export type StaffPhoneRefusal = { reason: 'taken' | 'foreign'; message: string };

/** The refusal of a number outside `countries` to someone who may not set one; null otherwise. */
export function outsideCountries(
  phone: string,
  input: { countries: readonly string[]; mayGoAbroad: boolean },
): StaffPhoneRefusal | null {
  const country = phoneCountry(phone);
  if (input.mayGoAbroad || (country && input.countries.includes(country))) return null;
  return { reason: 'foreign', message: staffPhoneMessages.foreign(input.countries) };
}

/**
 * The refusal of a number another active account has; null when `userId` may have it. Call it
 * in the transaction that stores the number: the lock on the number holds until it ends.
 */
export async function takenByAnother(
  tx: DbOrTx,
  phone: string,
  userId: string,
): Promise<StaffPhoneRefusal | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-phone:${phone}`}))`);
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, userId), isNull(users.disabledAt)))
    .limit(1);
  return other ? { reason: 'taken', message: staffPhoneMessages.taken } : null;
}
