/**
 * A throwaway PostgreSQL 15 cluster on 127.0.0.1 for the database tests.
 * Trust auth, and no fsync unless `durable`: it lives only as long as the test run. The load
 * test asks for a durable one, so that its figures are those of a real server.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const POSTGRES_BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>` — append `/<database>`. */
  baseUrl: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export async function startPostgresCluster({ durable = false } = {}): Promise<PostgresCluster> {
  const bin = (name: string) => join(POSTGRES_BIN_DIR, name);
  if (!existsSync(bin('initdb'))) throw new Error(`${bin('initdb')} not found`);

  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root, so the cluster belongs to the postgres user then.
  const exec = (file: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);

  const root = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const dataDir = join(root, 'data');
  const socketDir = join(root, 'socket');
  mkdirSync(socketDir);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    for (const dir of [root, socketDir]) chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }

  const port = await freePort();
  let started = false;
  try {
    await exec(bin('initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const serverOptions = [
      `-h 127.0.0.1 -p ${port} -k ${socketDir}`,
      ...(durable ? [] : ['-c fsync=off -c synchronous_commit=off -c full_page_writes=off']),
      '-c max_connections=300',
    ].join(' ');
    await exec(bin('pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      serverOptions,
      '-l',
      join(root, 'server.log'),
      '-w',
      '-t',
      '30',
      'start',
    ]);
    started = true;
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }

  return {
    baseUrl: `postgres://postgres@127.0.0.1:${port}`,
    async stop() {
      try {
        if (started) await exec(bin('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
