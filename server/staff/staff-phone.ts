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

/**
 * Null when `phone` (E.164) may go on the account `userId`; the refusal otherwise. Call it in the
 * transaction that stores the number.
 */
export async function staffPhoneRefusal(
  tx: DbOrTx,
  input: { phone: string; userId: string; countries: readonly string[]; mayGoAbroad: boolean },
): Promise<StaffPhoneRefusal | null> {
  const country = phoneCountry(input.phone);
  if (!input.mayGoAbroad && (!country || !input.countries.includes(country))) {
    return { reason: 'foreign', message: staffPhoneMessages.foreign(input.countries) };
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-phone:${input.phone}`}))`);
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, input.phone), ne(users.id, input.userId), isNull(users.disabledAt)))
    .limit(1);
  return other ? { reason: 'taken', message: staffPhoneMessages.taken } : null;
}
