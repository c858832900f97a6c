import { sql, type SQL } from 'drizzle-orm';
import { normaliseEmail } from '../../domain/person.ts';

/**
 * A stored address as normaliseEmail (domain/person.ts) writes it, in SQL: trimmed, lower-case, a
 * `+tag` after a non-empty local part dropped. Compared whole, never as a part of a longer one.
 */
function normalisedEmailSql(value: SQL): SQL {
  return sql`regexp_replace(lower(trim(${value})), ${'^([^@+][^@+]*)[+][^@]*(@[^@]*)$'}, ${'\\1\\2'})`;
}

/** The stored address `value` is the person's `email` once both are normalised. */
export function sameEmailSql(value: SQL, email: string): SQL {
  return sql`${normalisedEmailSql(value)} = ${normaliseEmail(email)}`;
}
