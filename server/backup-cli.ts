/**
 * `npm run backup` and `npm run restore` (docs/decisions/backups.md):
 *
 *   backup [--out <mappe>]          a backup in a new folder (default ./backups/skadeservice-<UTC time>)
 *   restore <mappe> [--force]       puts a backup back; --force replaces data already there
 *
 * Both use the server's configuration (DATA_DIR, DATABASE_URL, S3_*). With the embedded database
 * (PGlite) both refuse while a server has it open; stop it first. On PostgreSQL the backup runs
 * beside the servers; stop them before a restore. Messages are Danish, for the company's
 * operators; exit code 1 when refused or failed, 2 on a mistake on the command line.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupRefusedError, createBackup, defaultBackupFolder } from './backup/backup.ts';
import { describeCounts } from './backup/manifest.ts';
import { setOwnerOnlyUmask } from './db/owner-only.ts';
import { PgToolMissingError } from './backup/pg-tools.ts';
import { restoreBackup } from './backup/restore.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseInUseError } from './db/pglite-lock.ts';

const usage = `Brug:
  npm run backup [-- --out <mappe>]       tag en sikkerhedskopi (standard: ./backups/skadeservice-<tid>)
  npm run restore -- <mappe> [--force]    læg en sikkerhedskopi tilbage; --force erstatter data, der allerede er der

Den indbyggede database (PGlite) kan kun åbnes af ét program ad gangen: stop serveren først.`;

async function main(argv: string[]): Promise<number> {
  // A backup (and a restored DATA_DIR) is the owner's only: server/db/owner-only.ts.
  setOwnerOnlyUmask();
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (command === 'backup' && positionals.length === 0 && !values.force) {
    const config = loadConfig();
    const folder = resolve(values.out ?? defaultBackupFolder(new Date()));
    const manifest = await createBackup(config, folder);
    process.stdout.write(
      `Sikkerhedskopi i ${folder} (${manifest.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${manifest.seconds} s): ${describeCounts(manifest.counts)}.\n`,
    );
    if (manifest.photos === 's3')
      process.stdout.write(
        `Fotoene ligger i S3-bucket'en ${manifest.s3Bucket}; dens egen versionering/replikering er deres sikkerhedskopi.\n`,
      );
    return 0;
  }
  if (command === 'restore' && positionals.length === 1 && values.out === undefined) {
    const config = loadConfig();
    const folder = resolve(positionals[0] ?? '');
    const result = await restoreBackup(config, folder, { force: values.force });
    process.stdout.write(
      `Sikkerhedskopien fra ${result.manifest.createdAt} er lagt tilbage (${result.seconds} s): ${describeCounts(result.counts)}.\n`,
    );
    return 0;
  }
  process.stderr.write(`${usage}\n`);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof DatabaseInUseError) {
    process.stderr.write(
      `Serveren (proces ${error.holder.pid}) har den indbyggede database åben, så intet er gjort. Stop serveren, kør kommandoen igen og start serveren bagefter.\n`,
    );
    process.exitCode = 1;
  } else if (error instanceof ConfigError) {
    process.stderr.write(`${error.problems.join('\n')}\n`);
    process.exitCode = 1;
  } else if (error instanceof BackupRefusedError || error instanceof PgToolMissingError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
