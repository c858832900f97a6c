import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, isDatabaseReachable } from './client.ts';
import { contactSubmissions, mailJobs, uploads, users } from './schema.ts';
import {
  createTestDatabase,
  createTestDatabaseLocation,
  describeEachDatabase,
  type TestDatabase,
} from '../test/databases.ts';

describeEachDatabase('database client', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
  });
  afterAll(() => database.dispose());

  it(`reports its kind as ${target.kind}`, () => {
    expect(database.kind).toBe(target.kind);
  });

  it('creates every table with the defaults of the schema', async () => {
    const [row] = await database.db
      .insert(contactSubmissions)
      .values({ reference: 'SK-TEST1', name: 'Anna', email: 'anna@example.dk', service: 'akut' })
      .returning();
    expect(row?.type).toBe('general');
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.images).toBeNull();
  });

  it('stores text arrays and rejects a duplicate reference', async () => {
    await database.db.insert(contactSubmissions).values({
      reference: 'SK-TEST2',
      name: 'B',
      email: 'b@example.dk',
      service: 'andet',
      images: ['a', 'b'],
    });
    const [row] = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.reference, 'SK-TEST2'));
    expect(row?.images).toEqual(['a', 'b']);
    await expect(
      database.db
        .insert(contactSubmissions)
        .values({ reference: 'SK-TEST2', name: 'C', email: 'c@example.dk', service: 'andet' }),
    ).rejects.toThrow();
  });

  it('enforces unique user names', async () => {
    await database.db.insert(users).values({ username: 'admin', password: 'x' });
    await expect(database.db.insert(users).values({ username: 'admin', password: 'y' })).rejects.toThrow();
  });

  it('rolls back a failed transaction completely', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(mailJobs).values({ kind: 'test', payload: { a: 1 } });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await database.db.select().from(mailJobs);
    expect(rows).toHaveLength(0);
  });

  it('keeps mail job defaults and json payloads', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(mailJobs).values({ kind: 'notify', payload: { to: ['x@example.dk'], n: 2 } });
    });
    const [job] = await database.db.select().from(mailJobs);
    expect(job).toMatchObject({ status: 'pending', attempts: 0, payload: { to: ['x@example.dk'], n: 2 } });
  });

  it('refuses an upload pointing at a submission that does not exist', async () => {
    await expect(
      database.db.insert(uploads).values({
        objectKey: 'k1',
        expiresAt: new Date(Date.now() + 1000),
        submissionId: '00000000-0000-0000-0000-000000000000',
      }),
    ).rejects.toThrow();
  });

  it('answers the health query', async () => {
    expect(await isDatabaseReachable(database.db)).toBe(true);
    const result = await database.db.execute(sql`select 1 as one`);
    expect(result).toBeTruthy();
  });
});

describeEachDatabase('database migrations', (target) => {
  it('are applied to an empty database, once, and a restart keeps the data', async () => {
    const location = await createTestDatabaseLocation(target.kind, { empty: true });
    const first = await createDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
    await first.db.insert(users).values({ username: 'kept', password: 'x' });
    await first.close();
    const second = await createDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
    try {
      const rows = await second.db.select().from(users);
      expect(rows.map((r) => r.username)).toEqual(['kept']);
    } finally {
      await second.close();
      await location.cleanup();
    }
  });
});

describe('[PGlite] database files', () => {
  it('live in DATA_DIR/db, created when missing', async () => {
    const location = await createTestDatabaseLocation('pglite', { empty: true });
    const dataDir = join(location.dataDir, 'nested', 'data');
    const database = await createDatabase({ dataDir });
    try {
      expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    } finally {
      await database.close();
      await database.close();
      await location.cleanup();
    }
  });

  it('reports an unreachable database after closing', async () => {
    const location = await createTestDatabaseLocation('pglite');
    const database = await createDatabase({ dataDir: location.dataDir });
    await database.close();
    expect(await isDatabaseReachable(database.db)).toBe(false);
    await location.cleanup();
  });
});
