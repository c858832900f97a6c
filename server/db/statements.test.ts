import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { transactionSql, type Statement } from './client.ts';
import { mailJobs } from './schema.ts';

const insertJob: Statement = {
  name: 'test_insert_job',
  text: `insert into mail_jobs (kind, payload, run_at) values ($1, $2, coalesce($3, now()))
         returning id, kind, payload, run_at as "runAt", attempts`,
};
const countJobs: Statement = {
  name: 'test_count_jobs',
  text: 'select count(*)::int as n from mail_jobs where kind = $1',
};

describeEachDatabase('hand-written statements (Database.sql)', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
  });
  afterAll(() => database.dispose());

  it('binds parameters of any type and returns typed rows, statement after statement', async () => {
    const at = new Date('2030-01-02T03:04:05.678Z');
    const [first] = await database.sql.query<{
      kind: string;
      payload: unknown;
      runAt: Date;
      attempts: number;
    }>(insertJob, ['a', { x: "it's" }, at]);
    expect(first).toMatchObject({ kind: 'a', payload: { x: "it's" }, runAt: at, attempts: 0 });
    for (let i = 0; i < 5; i++) await database.sql.query(insertJob, ['b', { i }, null]);
    expect(await database.sql.query(countJobs, ['b'])).toEqual([{ n: 5 }]);
  });

  it('keeps each statement prepared under its name', async () => {
    await database.sql.query(countJobs, ['a']);
    const names = await database.db.execute(sql`select name from pg_prepared_statements`);
    const rows = (names as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
    // PostgreSQL keeps them per pooled connection; PGlite in its one session.
    if (target.kind === 'pglite')
      expect(rows).toEqual(expect.arrayContaining(['test_insert_job', 'test_count_jobs']));
  });

  it('rejects with the database error and stays usable afterwards', async () => {
    await expect(database.sql.query(insertJob, [null, {}, null])).rejects.toThrow(/null value/);
    expect(await database.sql.query(countJobs, ['a'])).toEqual([{ n: 1 }]);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(mailJobs).values({ kind: 'rolled-back', payload: {} });
      await held;
      tx.rollback();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const insert = database.sql.query(insertJob, ['outside', {}, null]);
    release();
    await expect(transaction).rejects.toThrow();
    await insert;
    expect(await database.sql.query(countJobs, ['outside'])).toEqual([{ n: 1 }]);
    expect(await database.sql.query(countJobs, ['rolled-back'])).toEqual([{ n: 0 }]);
  });

  it('runs inside a drizzle transaction with transactionSql', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        const [row] = await transactionSql(tx).query<{ id: string }>(insertJob, ['in-tx', { n: 1 }, null]);
        expect(await tx.select().from(mailJobs).where(eq(mailJobs.id, row!.id))).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await database.sql.query(countJobs, ['in-tx'])).toEqual([{ n: 0 }]);
  });
});
