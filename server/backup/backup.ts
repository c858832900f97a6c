/**
 * `npm run backup`: one folder holding everything a restore needs (docs/decisions/backups.md).
 *
 * - PostgreSQL: `pg_dump --format=custom` of the whole database, taken in the snapshot the
 *   manifest's counts were read in, so they describe exactly what the dump holds. Runs beside the
 *   servers.
 * - PGlite: the database's files, copied while this process holds the embedded database's lock,
 *   so no server can have it open (a copy of files in use would be torn). A running server makes
 *   the backup refuse; the database is opened and closed first, so the copy is of a cleanly shut
 *   down database.
 * - Both: DATA_DIR's other files (photos on local disk, the generated signing secret that signed
 *   every link already sent, mail and SMS files) into `data/`. Photos in S3 stay in the bucket:
 *   its own versioning or replication backs them up.
 *
 * The folder and everything in it are the owner's only (0700, 0600: ../db/owner-only.ts): a backup
 * holds what DATA_DIR holds, and the copies made keep their sources' permissions otherwise.
 */
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openDurablePglite } from '../db/pglite-durable.ts';
import { lockEmbeddedDatabase } from '../db/pglite-lock.ts';
import {
  countRows,
  dataFolder,
  dumpFile,
  writeManifest,
  type BackupCounts,
  type BackupManifest,
  type Query,
} from './manifest.ts';
import { makeOwnerOnly } from '../db/owner-only.ts';
import { runPgTool } from './pg-tools.ts';

export type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>;

/** A backup or restore that was refused, with the reason for the operator (Danish). */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

/** The embedded database's folder and the lock file beside it (server/db/pglite-lock.ts). */
export function embeddedPaths(dataDir: string): { dbDir: string; lockFile: string } {
  const dbDir = join(dataDir, 'db');
  return { dbDir, lockFile: `${dbDir}.lock` };
}

/** True when `path` is `folder` or inside it. */
export function isWithin(path: string, folder: string): boolean {
  const rel = relative(resolve(folder), resolve(path));
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
}

/** The default place of a new backup: ./backups/skadeservice-<UTC time>. */
export function defaultBackupFolder(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return resolve('backups', `skadeservice-${stamp}`);
}

/** Copies DATA_DIR into `target`, leaving out the lock, the folder `skip` and the backup itself. */
function copyDataDir(dataDir: string, target: string, skip: string[]): void {
  mkdirSync(target, { recursive: true, mode: 0o700 });
  if (!existsSync(dataDir)) return;
  cpSync(dataDir, target, {
    recursive: true,
    filter: (source) => !skip.some((path) => isWithin(source, path)),
  });
}

/** The embedded database's counts, read and closed again (a clean shutdown). */
export async function countEmbedded(dbDir: string): Promise<BackupCounts> {
  const client = await openDurablePglite(dbDir);
  try {
    return await countRows(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

export async function withPostgres<T>(url: string, run: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}

async function dumpPostgres(url: string, file: string): Promise<BackupCounts> {
  return withPostgres(url, async (query) => {
    await query('begin isolation level repeatable read');
    try {
      const [snapshot] = await query('select pg_export_snapshot() as id');
      const counts = await countRows(query);
      await runPgTool('pg_dump', [
        '--format=custom',
        `--snapshot=${String(snapshot?.id)}`,
        `--file=${file}`,
        `--dbname=${url}`,
      ]);
      return counts;
    } finally {
      await query('commit');
    }
  });
}

async function copyEmbedded(config: BackupConfig, folder: string): Promise<BackupCounts> {
  const { dbDir, lockFile } = embeddedPaths(config.dataDir);
  if (!existsSync(join(dbDir, 'PG_VERSION')))
    throw new BackupRefusedError(`Der er ingen database i ${dbDir}: intet at tage en sikkerhedskopi af.`);
  const release = await lockEmbeddedDatabase(dbDir, { what: 'npm run backup', waitMs: 0 });
  try {
    const counts = await countEmbedded(dbDir);
    copyDataDir(config.dataDir, join(folder, dataFolder), [lockFile, folder]);
    return counts;
  } finally {
    release();
  }
}

/**
 * Takes a backup into `folder` (created; it must not hold anything yet) and returns its manifest.
 * Throws DatabaseInUseError when a server has the embedded database open.
 */
export async function createBackup(
  config: BackupConfig,
  folder: string,
  now: () => Date = () => new Date(),
): Promise<BackupManifest> {
  const started = performance.now();
  // A copy inside what it copies would copy itself, and goes with DATA_DIR's disk when it fails.
  if (isWithin(folder, config.dataDir))
    throw new BackupRefusedError(
      `${folder} ligger i DATA_DIR (${resolve(config.dataDir)}): vælg en mappe uden for den til sikkerhedskopien.`,
    );
  if (existsSync(folder) && readdirSync(folder).length > 0)
    throw new BackupRefusedError(`${folder} er ikke tom: vælg en ny mappe til sikkerhedskopien.`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const createdAt = now().toISOString();
  let counts: BackupCounts;
  if (config.databaseUrl) {
    counts = await dumpPostgres(config.databaseUrl, join(folder, dumpFile));
    const { dbDir, lockFile } = embeddedPaths(config.dataDir);
    copyDataDir(config.dataDir, join(folder, dataFolder), [dbDir, lockFile, folder]);
  } else {
    counts = await copyEmbedded(config, folder);
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt,
    database: config.databaseUrl ? 'postgres' : 'pglite',
    photos: config.s3 ? 's3' : 'local',
    ...(config.s3 ? { s3Bucket: config.s3.bucket } : {}),
    counts,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
  };
  writeManifest(folder, manifest);
  makeOwnerOnly(folder);
  return manifest;
}
