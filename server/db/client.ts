/**
 * The database: PGlite in DATA_DIR/db by default, PostgreSQL (node-postgres) when DATABASE_URL is
 * set. Migrations from server/db/migrations are applied at start for both.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { appRoot } from '../app-root.ts';
import { makeOwnerOnly } from './owner-only.ts';
import { openDurablePglite } from './pglite-durable.ts';
import { lockEmbeddedDatabase, type LockOptions } from './pglite-lock.ts';
import { guardQueriesBesideTransactions } from './pglite-tx-guard.ts';
import { pgliteStatements } from './pglite-statements.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** The database as services see it: the same query builder for both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction(async (tx) => …)` hands to its callback. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A Db or a transaction: services that write inside a caller's transaction accept this. */
export type DbOrTx = Db | Tx;

/**
 * A hand-written SQL statement for a hot path ($1, $2, … parameters). It is parsed and planned
 * once per connection under `name` (unique per statement text), on PostgreSQL and on PGlite.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** Runs Statements; returns the rows (columns as named in the statement). */
export interface SqlClient {
  query<Row>(statement: Statement, values: readonly unknown[]): Promise<Row[]>;
}

export interface Database {
  db: Db;
  /**
   * The same database without drizzle, for the few statements on the submission path
   * (docs/decisions/submission-write-path.md): building a query with drizzle costs more CPU than
   * running it, and a prepared statement skips parsing and planning on every run.
   */
  sql: SqlClient;
  kind: 'pglite' | 'postgres';
  /** Closes the pool or PGlite (an open PGlite keeps the process alive). Safe to call twice. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; PGlite when unset. */
  databaseUrl?: string | undefined;
  /** PGlite keeps its files in `${dataDir}/db`. */
  dataDir: string;
  /**
   * PGlite only: who opens it, and how long to wait for another process to close it
   * (server/db/pglite-lock.ts). By default a server that waits up to 30 s.
   */
  lock?: LockOptions;
}

const serverLock: LockOptions = { what: 'server', waitMs: 30_000 };

export const migrationsFolder = join(appRoot, 'server', 'db', 'migrations');

// Any constant works; it keeps two server copies from migrating the same database at once.
const MIGRATION_LOCK_KEY = 7_305_118_442;

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? createPostgres(options.databaseUrl)
    : createPglite(join(options.dataDir, 'db'), options.lock ?? serverLock);
}

async function createPglite(dir: string, lock: LockOptions): Promise<Database> {
  // A second process on the same files would lose its changes: server/db/pglite-lock.ts.
  const release = await lockEmbeddedDatabase(dir, lock);
  // fsync on, and a first start that cannot leave half a database: server/db/pglite-durable.ts.
  // A query beside its own open transaction fails at once instead of stopping the server.
  const client = guardQueriesBesideTransactions(
    await openDurablePglite(dir).catch((error: unknown) => {
      release();
      throw error;
    }),
  );
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await client.close();
      // What PGlite added while open (0666 in owner-only folders) is left owner-only at rest.
      makeOwnerOnly(dir);
    } finally {
      release();
    }
  };
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as Db, sql: pgliteStatements(client), kind: 'pglite', close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/**
 * True when every migration this version ships is recorded. Then nothing touches the schema, so a
 * site connecting as a role without the right to change it (migrations by the owner role, `npm
 * run migrate`) starts; drizzle's migrator would first try CREATE SCHEMA, which such a role may not.
 */
async function allMigrationsApplied(client: pg.PoolClient): Promise<boolean> {
  const table = await client.query<{ name: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as name",
  );
  if (!table.rows[0]?.name) return false;
  const applied = await client.query<{ created_at: string }>(
    'select created_at from drizzle.__drizzle_migrations',
  );
  const recorded = new Set(applied.rows.map((row) => Number(row.created_at)));
  return readMigrationFiles({ migrationsFolder }).every((migration) => recorded.has(migration.folderMillis));
}

async function createPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await pool.end();
  };
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        if (!(await allMigrationsApplied(client))) {
          await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
        }
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
    const db = drizzleNodePg({ client: pool, schema });
    const sqlClient: SqlClient = {
      async query<Row>(statement: Statement, values: readonly unknown[]) {
        const result = await pool.query({ name: statement.name, text: statement.text, values: [...values] });
        return result.rows as Row[];
      },
    };
    return { db: db as unknown as Db, sql: sqlClient, kind: 'postgres', close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/**
 * Runs Statements inside a drizzle transaction (`db.transaction(async (tx) => …)`), for the rare
 * path that needs other queries in the same transaction. Parameters stay parameters.
 */
export function transactionSql(tx: DbOrTx): SqlClient {
  return {
    async query<Row>(statement: Statement, values: readonly unknown[]) {
      // Text and $n markers alternate: ['insert … values (', '1', ', ', '2', ')'].
      const parts = statement.text.split(/\$(\d+)/);
      const query = sql.empty();
      parts.forEach((part, index) =>
        query.append(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`),
      );
      const result = (await tx.execute(query)) as unknown as { rows: Row[] };
      return result.rows;
    },
  };
}

/** True when the database answers a trivial query (used by GET /healthz). */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
