/**
 * `npm run restore <folder>`: puts a backup of `npm run backup` back (docs/decisions/backups.md).
 * It refuses a target that already holds data unless `force` is set, refuses a backup of the other
 * engine, and after restoring counts the rows again: a restore that does not hold what the
 * manifest says fails loudly rather than start a server on half the data.
 */
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { lockEmbeddedDatabase } from '../db/pglite-lock.ts';
import {
  BackupRefusedError,
  countEmbedded,
  embeddedPaths,
  isWithin,
  withPostgres,
  type BackupConfig,
} from './backup.ts';
import {
  countRows,
  dataFolder,
  describeCounts,
  dumpFile,
  readManifest,
  type BackupCounts,
  type BackupManifest,
} from './manifest.ts';
import { makeOwnerOnly } from '../db/owner-only.ts';
import { runPgTool } from './pg-tools.ts';

export interface RestoreResult {
  manifest: BackupManifest;
  counts: BackupCounts;
  seconds: number;
}

const hasFiles = (folder: string) => existsSync(folder) && readdirSync(folder).length > 0;

/** Empties DATA_DIR for the backup's copy, keeping the lock and the backup being restored. */
function clearDataDir(dataDir: string, keep: string[]): void {
  if (!existsSync(dataDir)) return;
  for (const name of readdirSync(dataDir)) {
    const path = join(dataDir, name);
    if (keep.some((kept) => isWithin(kept, path))) continue;
    rmSync(path, { recursive: true, force: true });
  }
}

function refuseNonEmpty(what: string): never {
  throw new BackupRefusedError(
    `${what} indeholder allerede data; intet er ændret. Brug --force for at erstatte det med sikkerhedskopien.`,
  );
}

async function restorePostgres(
  config: BackupConfig & { databaseUrl: string },
  folder: string,
  force: boolean,
): Promise<BackupCounts> {
  const objects = join(config.dataDir, 'objects');
  const tables = await withPostgres(config.databaseUrl, (query) =>
    query(`select 1 from pg_tables where schemaname in ('public', 'drizzle') limit 1`),
  );
  if (!force && tables.length > 0) refuseNonEmpty('Databasen i DATABASE_URL');
  if (!force && hasFiles(objects)) refuseNonEmpty(objects);
  // One transaction: a failed restore leaves the database as it was.
  await runPgTool('pg_restore', [
    '--clean',
    '--if-exists',
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    `--dbname=${config.databaseUrl}`,
    join(folder, dumpFile),
  ]);
  const { dbDir, lockFile } = embeddedPaths(config.dataDir);
  clearDataDir(config.dataDir, [dbDir, lockFile, folder]);
  cpSync(join(folder, dataFolder), config.dataDir, { recursive: true });
  makeOwnerOnly(config.dataDir);
  return withPostgres(config.databaseUrl, countRows);
}

async function restoreEmbedded(config: BackupConfig, folder: string, force: boolean): Promise<BackupCounts> {
  const { dbDir, lockFile } = embeddedPaths(config.dataDir);
  // Even with --force: a running server would overwrite the restored files with its own.
  const release = await lockEmbeddedDatabase(dbDir, { what: 'npm run restore', waitMs: 0 });
  try {
    const objects = join(config.dataDir, 'objects');
    if (!force && hasFiles(dbDir)) refuseNonEmpty(dbDir);
    if (!force && hasFiles(objects)) refuseNonEmpty(objects);
    clearDataDir(config.dataDir, [lockFile, folder]);
    cpSync(join(folder, dataFolder), config.dataDir, { recursive: true });
    makeOwnerOnly(config.dataDir);
    return await countEmbedded(dbDir);
  } finally {
    release();
  }
}

export async function restoreBackup(
  config: BackupConfig,
  folder: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  const manifest = readManifest(folder);
  if (!manifest)
    throw new BackupRefusedError(
      `${folder} er ikke en færdig sikkerhedskopi (${join(folder, 'manifest.json')} mangler).`,
    );
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== engine)
    throw new BackupRefusedError(
      manifest.database === 'postgres'
        ? 'Sikkerhedskopien er af en PostgreSQL-database: sæt DATABASE_URL til den database, den skal lægges i.'
        : 'Sikkerhedskopien er af den indbyggede database (PGlite): fjern DATABASE_URL for at lægge den tilbage i DATA_DIR.',
    );
  const force = options.force ?? false;
  const counts = config.databaseUrl
    ? await restorePostgres({ ...config, databaseUrl: config.databaseUrl }, folder, force)
    : await restoreEmbedded(config, folder, force);
  const expected = describeCounts(manifest.counts);
  if (describeCounts(counts) !== expected)
    throw new Error(
      `Den genskabte database har ${describeCounts(counts)}; sikkerhedskopien har ${expected}.`,
    );
  return { manifest, counts, seconds: Number(((performance.now() - started) / 1000).toFixed(2)) };
}
