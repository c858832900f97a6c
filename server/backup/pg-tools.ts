/**
 * pg_dump and pg_restore: from PATH, else the newest Debian/Ubuntu install
 * (/usr/lib/postgresql/<version>/bin), which does not put them on PATH. A dump needs a pg_dump at
 * least as new as the server, so the newest installed one is taken.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const debianRoot = '/usr/lib/postgresql';

export class PgToolMissingError extends Error {
  constructor(readonly tool: string) {
    super(
      `${tool} findes hverken på PATH eller i ${debianRoot}/<version>/bin: installer PostgreSQL's klientprogrammer (Debian: postgresql-client-15 eller nyere).`,
    );
    this.name = 'PgToolMissingError';
  }
}

export function findPgTool(tool: 'pg_dump' | 'pg_restore'): string {
  if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0) return tool;
  const versions = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const path = join(debianRoot, version, 'bin', tool);
    if (existsSync(path)) return path;
  }
  throw new PgToolMissingError(tool);
}

/** Runs a PostgreSQL tool; rejects with its error output when it fails. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  const command = findPgTool(tool);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} stoppede med kode ${code}:\n${errors.trim()}`));
    });
  });
}
