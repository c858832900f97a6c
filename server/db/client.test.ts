import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, isDatabaseReachable } from './client.ts';
import { auditLog, leadImages, leads, mailJobs, uploads, users } from './schema.ts';
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
      .insert(leads)
      .values({ reference: 'SK-TEST1', kind: 'kontakt', name: 'Anna', email: 'anna@example.dk' })
      .returning();
    expect(row?.status).toBe('new');
    expect(row?.details).toEqual({});
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.spamReasons).toBeNull();
  });

  it('stores details as JSON, photos in order, and rejects a duplicate reference', async () => {
    const [lead] = await database.db
      .insert(leads)
      .values({
        reference: 'SK-TEST2',
        kind: 'akut-skade',
        name: 'B',
        email: 'b@example.dk',
        details: { adresse: 'Algade 1, 4000 Roskilde', skadetype: 'vandskade' },
      })
      .returning();
    await database.db.insert(leadImages).values([
      { leadId: lead!.id, position: 1, objectKey: 'uploads/b', contentType: 'image/png', bytes: 2 },
      { leadId: lead!.id, position: 0, objectKey: 'uploads/a', contentType: 'image/jpeg', bytes: 1 },
    ]);
    const [row] = await database.db.select().from(leads).where(eq(leads.reference, 'SK-TEST2'));
    expect(row?.details).toEqual({ adresse: 'Algade 1, 4000 Roskilde', skadetype: 'vandskade' });
    const images = await database.db
      .select()
      .from(leadImages)
      .where(eq(leadImages.leadId, lead!.id))
      .orderBy(leadImages.position);
    expect(images.map((image) => image.objectKey)).toEqual(['uploads/a', 'uploads/b']);
    await expect(
      database.db
        .insert(leads)
        .values({ reference: 'SK-TEST2', kind: 'kontakt', name: 'C', email: 'c@example.dk' }),
    ).rejects.toThrow();
  });

  it("deletes a lead's photo rows with the lead", async () => {
    const [lead] = await database.db
      .insert(leads)
      .values({ reference: 'SK-TEST3', kind: 'anmeldelse', name: 'D', email: 'd@example.dk' })
      .returning();
    await database.db
      .insert(leadImages)
      .values({ leadId: lead!.id, position: 0, objectKey: 'uploads/d', contentType: 'image/png', bytes: 1 });
    await database.db.delete(leads).where(eq(leads.id, lead!.id));
    expect(await database.db.select().from(leadImages).where(eq(leadImages.leadId, lead!.id))).toEqual([]);
  });

  it('enforces unique staff e-mail addresses', async () => {
    await database.db.insert(users).values({ email: 'admin@example.dk', passwordHash: 'x' });
    await expect(
      database.db.insert(users).values({ email: 'admin@example.dk', passwordHash: 'y' }),
    ).rejects.toThrow();
  });

  it('keeps the audit log append-only', async () => {
    const [entry] = await database.db
      .insert(auditLog)
      .values({ actor: 'anna@example.dk', action: 'login' })
      .returning();
    await expect(
      database.db.update(auditLog).set({ action: 'nothing' }).where(eq(auditLog.id, entry!.id)),
    ).rejects.toThrow();
    await expect(database.db.delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
    expect((await database.db.select().from(auditLog).where(eq(auditLog.id, entry!.id)))[0]?.action).toBe(
      'login',
    );
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

  it('refuses an upload pointing at a lead that does not exist', async () => {
    await expect(
      database.db.insert(uploads).values({
        objectKey: 'k1',
        expiresAt: new Date(Date.now() + 1000),
        leadId: '00000000-0000-0000-0000-000000000000',
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
    await first.db.insert(users).values({ email: 'kept@example.dk', passwordHash: 'x' });
    await first.close();
    const second = await createDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
    try {
      const rows = await second.db.select().from(users);
      expect(rows.map((r) => r.email)).toEqual(['kept@example.dk']);
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
