/**
 * Migration 0019 on PGlite and PostgreSQL: the accounts that exist when roles arrive keep what
 * they could do (koordinator); accounts made afterwards are medarbejder; no third role fits.
 */
import { asc, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createTestDatabaseLocation, describeEachDatabase } from '../test/databases.ts';
import { migrationBefore, withOldDatabase } from '../test/old-database.ts';

describeEachDatabase('migration 0019 (staff roles)', (target) => {
  it('makes existing accounts koordinator and new ones medarbejder', async () => {
    const location = await createTestDatabaseLocation(target.kind, { empty: true });
    const insertOld = `insert into users (email, name, password_hash) values ('gammel@example.dk', 'Gammel', 'x')`;
    try {
      await withOldDatabase(location, migrationBefore('0019_staff_roles'), (query) => query(insertOld));
      const database = await createDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
      try {
        await database.db.insert(users).values({ email: 'ny@example.dk', passwordHash: 'x' });
        const rows = await database.db
          .select({ email: users.email, role: users.role })
          .from(users)
          .orderBy(asc(users.email));
        expect(rows).toEqual([
          { email: 'gammel@example.dk', role: 'koordinator' },
          { email: 'ny@example.dk', role: 'medarbejder' },
        ]);
        await expect(database.db.execute(sql`update users set role = 'chef'`)).rejects.toThrow();
      } finally {
        await database.close();
      }
    } finally {
      await location.cleanup();
    }
  }, 120_000);
});
