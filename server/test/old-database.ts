/**
 * A database migrated only up to a given migration, for tests of what a later migration does to
 * rows written in the shape before it: insert them with plain SQL, then open the database with
 * the app's client, which applies the rest.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../db/client.ts';
import { pgliteExtensions } from '../db/pglite-durable.ts';
import type { TestDatabaseLocation } from './databases.ts';

/** The tag of the migration just before `tag` in the journal. */
export function migrationBefore(tag: string): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 1) throw new Error(`no migration before ${tag}`);
  return journal.entries[index - 1]!.tag;
}

/** A copy of the migrations folder whose journal ends at `tag`. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'skade-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, index + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** Runs SQL on a database migrated only up to `tag`, without the app. */
export async function withOldDatabase(
  location: TestDatabaseLocation,
  tag: string,
  run: (query: (text: string, values?: unknown[]) => Promise<void>) => Promise<void>,
): Promise<void> {
  const folder = migrationsUpTo(tag);
  try {
    if (location.databaseUrl) {
      const client = new pg.Client({ connectionString: location.databaseUrl });
      await client.connect();
      try {
        await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: folder });
        await run(async (text, values) => void (await client.query(text, values)));
      } finally {
        await client.end();
      }
    } else {
      mkdirSync(join(location.dataDir, 'db'), { recursive: true });
      const client = new PGlite(join(location.dataDir, 'db'), { extensions: pgliteExtensions });
      try {
        await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
        await run(async (text, values) => void (await client.query(text, values)));
      } finally {
        await client.close();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
