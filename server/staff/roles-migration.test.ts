/**
 * Migration 0019 on PGlite and PostgreSQL: the accounts that exist when roles arrive keep what
 * they could do (koordinator); accounts made afterwards are medarbejder; no third role fits.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { expect, it } from 'vitest';
import { createDatabase, migrationsFolder } from '../db/client.ts';
import { pgliteExtensions } from '../db/pglite-durable.ts';
import { users } from '../db/schema.ts';
import { createTestDatabaseLocation, describeEachDatabase } from '../test/databases.ts';

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'skade-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < tag);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describeEachDatabase('migration 0019 (staff roles)', (target) => {
  it('makes existing accounts koordinator and new ones medarbejder', async () => {
    const location = await createTestDatabaseLocation(target.kind, { empty: true });
    const folder = migrationsBefore('0019_staff_roles');
    const insertOld = `insert into users (email, name, password_hash) values ('gammel@example.dk', 'Gammel', 'x')`;
    try {
      if (location.databaseUrl) {
        const client = new pg.Client({ connectionString: location.databaseUrl });
        await client.connect();
        try {
          await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: folder });
          await client.query(insertOld);
        } finally {
          await client.end();
        }
      } else {
        mkdirSync(join(location.dataDir, 'db'), { recursive: true });
        const client = new PGlite(join(location.dataDir, 'db'), { extensions: pgliteExtensions });
        try {
          await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
          await client.query(insertOld);
        } finally {
          await client.close();
        }
      }
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
      rmSync(folder, { recursive: true, force: true });
      await location.cleanup();
    }
  }, 120_000);
});
