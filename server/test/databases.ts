/**
 * Runs database tests on both engines: PGlite in a temp dir and the throwaway
 * PostgreSQL cluster of global-setup.ts (a fresh database per call). Test names carry
 * "[PGlite]" / "[PostgreSQL]" so the output shows both really ran.
 *
 *   describeEachDatabase('contact submissions', (target) => {
 *     let app: TestApp;
 *     beforeAll(async () => { app = await createTestApp({ database: target }); });
 *     afterAll(() => app.close());
 *     it('stores a submission', async () => { … });
 *   });
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestDatabaseTarget {
  kind: DatabaseKind;
  /** "[PGlite]" or "[PostgreSQL]". */
  label: string;
  /** False when PostgreSQL could not be started locally (the suite is skipped then). */
  available: boolean;
}

export const testDatabases: readonly TestDatabaseTarget[] = [
  { kind: 'pglite', label: '[PGlite]', available: true },
  { kind: 'postgres', label: '[PostgreSQL]', available: inject('postgresBaseUrl') !== null },
];

/** `describe` once per engine; the PostgreSQL run is skipped only when it could not start. */
export function describeEachDatabase(name: string, fn: (target: TestDatabaseTarget) => void): void {
  for (const target of testDatabases) {
    describe.skipIf(!target.available)(`${target.label} ${name}`, () => fn(target));
  }
}

export interface TestDatabaseLocation {
  /** A fresh, empty temp directory (PGlite lives in `${dataDir}/db`; objects and mail go here too). */
  dataDir: string;
  /** Set for PostgreSQL: a freshly created, empty database. */
  databaseUrl: string | undefined;
  /** Removes the temp directory (call after closing whatever used it). */
  cleanup(): Promise<void>;
}

/**
 * A fresh place for a database of the given kind. PostgreSQL: an empty database. PGlite: a copy
 * of the migrated template (much faster than a new PGlite), or nothing with `{ empty: true }`.
 */
export async function createTestDatabaseLocation(
  kind: DatabaseKind,
  options: { empty?: boolean } = {},
): Promise<TestDatabaseLocation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'skade-test-'));
  let databaseUrl: string | undefined;
  const template = inject('pgliteTemplateDir');
  if (kind === 'pglite' && template && !options.empty)
    cpSync(template, join(dataDir, 'db'), { recursive: true });
  if (kind === 'postgres') {
    const baseUrl = inject('postgresBaseUrl');
    if (!baseUrl) throw new Error('PostgreSQL is not available in this test run');
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${baseUrl}/postgres` });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    databaseUrl = `${baseUrl}/${name}`;
  }
  return {
    dataDir,
    databaseUrl,
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export interface TestDatabase extends Database {
  dataDir: string;
  /** Closes the database and removes its temp directory. */
  dispose(): Promise<void>;
}

/** A migrated, empty database of the given kind (for service tests without HTTP). */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const location = await createTestDatabaseLocation(kind);
  const database = await createDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
  return {
    ...database,
    dataDir: location.dataDir,
    dispose: async () => {
      await database.close();
      await location.cleanup();
    },
  };
}
