/**
 * The embedded database's guard: a query through the database handle while the same work's
 * transaction is open fails at once (it would otherwise wait forever, and the whole server with
 * it); other work still waits its turn, and the transaction's own queries run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Database } from './client.ts';
import { QueryBesideTransactionError } from './pglite-tx-guard.ts';

let dataDir: string;
let database: Database;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tx-guard-'));
  database = await createDatabase({ dataDir });
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The guard's error, as thrown or as the cause drizzle wraps it in. */
const refused = (error: unknown) =>
  error instanceof QueryBesideTransactionError ||
  (error instanceof Error && error.cause instanceof QueryBesideTransactionError);

const one = async (run: Promise<unknown>) => ((await run) as { rows: unknown[] }).rows.length;

it('refuses a query through the handle inside its own open transaction, and the database goes on', async () => {
  const { db } = database;
  await expect(
    db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Read beside the transaction, as a helper given `db` instead of `tx` would.
      await Promise.all([tx.execute(sql`select 2`), db.execute(sql`select 3`)]);
    }),
  ).rejects.toSatisfy(refused);
  await expect(
    db.transaction(async () => {
      await db.transaction(async () => {});
    }),
  ).rejects.toSatisfy(refused);
  await expect(
    db.transaction(async () => {
      await database.sql.query({ name: 'guard_probe', text: 'select 1 as n' }, []);
    }),
  ).rejects.toSatisfy(refused);
  // Rolled back, not stuck: the next query answers.
  expect(await one(db.execute(sql`select 1`))).toBe(1);
});

it('lets other work wait for the transaction, and work it started run after it ended', async () => {
  const { db } = database;
  let later: Promise<unknown> = Promise.resolve();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const transaction = db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    // Started inside, run once the transaction is over: not refused.
    later = held.then(() => db.execute(sql`select 1`));
    await tx.execute(sql`select 2`);
  });
  // Another request's query meanwhile: it queues, then answers.
  const other = one(db.execute(sql`select 1`));
  await transaction;
  release();
  expect(await other).toBe(1);
  expect(await one(later)).toBe(1);
  // A nested transaction through `tx` (a savepoint) is the transaction's own.
  expect(
    await db.transaction(async (tx) => tx.transaction(async (inner) => one(inner.execute(sql`select 1`)))),
  ).toBe(1);
});
