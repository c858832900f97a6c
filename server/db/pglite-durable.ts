/**
 * PGlite on the local disk with PostgreSQL's own durability (docs/decisions/pglite-durability.md).
 *
 * Out of the box PGlite runs PostgreSQL with fsync off (`-F`), and the Emscripten file system it
 * uses in Node (NODEFS) has no fsync at all: every write goes straight to the operating system,
 * so a killed process loses nothing, but a power cut or kernel crash can lose acknowledged leads
 * and leave the database inconsistent. Here:
 *
 * - NODEFS gets an fsync that calls fsync(2), and PostgreSQL runs with fsync on and
 *   wal_sync_method=fsync (fdatasync is a no-op in Emscripten): a commit is on the disk before its
 *   answer, and checkpoints flush the data files as PostgreSQL does.
 * - A new database is created beside its place, flushed, and renamed into place: a process killed
 *   during its first start (PGlite copies the freshly made database file by file) would otherwise
 *   leave a data directory that never opens again.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { makeOwnerOnly } from './owner-only.ts';

/** The extensions the schema uses (the inbox's search index); every opener must load them. */
export const pgliteExtensions = { btree_gin, pg_trgm };

/** PGlite's start parameters with fsync on: the same list without `-F`, and WAL flushed by fsync. */
export const durableStartParams: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/**
 * The embedded database's pages sit in the operating system's cache, where reading one out of
 * order costs about as much as reading the next: with PostgreSQL's default cost of 4 for a random
 * page, the planner would rather read the whole table than follow an index to a few thousand rows
 * (the inbox's search within one kind: 63 ms instead of 28 at 100,000 leads).
 */
const plannerStartParams = ['-c', 'random_page_cost=1.1'];

/** The parts of Emscripten's file system this module touches. */
interface NodeFsStream {
  nfd?: number;
}
interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: NodeFsStream) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/** NODEFS with an fsync that reaches the disk; counts its calls (tests). */
export class DurableNodeFS extends NodeFS {
  fsyncs = 0;

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod) => {
        const nodefs = mod.NODEFS as unknown as EmscriptenNodeFs;
        nodefs.stream_ops.fsync = (stream) => {
          const fd = stream.nfd;
          if (typeof fd !== 'number') return 0;
          this.fsyncs++;
          // Errors become the errno PostgreSQL expects (and it stops rather than lose data).
          nodefs.tryFSOperation(() => fsyncSync(fd));
          return 0;
        };
      },
    ];
    return result;
  }
}

function pgliteOptions(dir: string): PGliteOptions {
  return {
    fs: new DurableNodeFS(dir),
    startParams: [...durableStartParams, ...plannerStartParams],
    extensions: pgliteExtensions,
  };
}

/** Opens (and on first use creates) the PGlite database in `dir`, durable as described above. */
export async function openDurablePglite(dir: string): Promise<PGlite> {
  if (!existsSync(join(dir, 'PG_VERSION'))) await createAtomically(dir);
  const client = new PGlite(pgliteOptions(dir));
  try {
    await client.waitReady;
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  // PGlite makes its files 0666: ./owner-only.ts.
  makeOwnerOnly(dir);
  return client;
}

async function createAtomically(dir: string): Promise<void> {
  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  const prefix = `.${basename(dir)}-new-`;
  // Left by a first start that was killed: never opened, nothing in it to keep.
  for (const name of readdirSync(parent)) {
    if (name.startsWith(prefix)) rmSync(join(parent, name), { recursive: true, force: true });
  }
  if (existsSync(dir)) {
    if (readdirSync(dir).length > 0) {
      throw new Error(`${dir} holds files but no database (no PG_VERSION); move it away to start anew`);
    }
    rmSync(dir, { recursive: true });
  }
  const fresh = join(parent, `${prefix}${process.pid}`);
  const client = new PGlite(pgliteOptions(fresh));
  try {
    await client.waitReady;
  } finally {
    await client.close();
  }
  makeOwnerOnly(fresh);
  fsyncTree(fresh);
  renameSync(fresh, dir);
  fsyncPath(parent);
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Every file and folder under `path`, as initdb does when it finishes. */
function fsyncTree(path: string): void {
  if (lstatSync(path).isDirectory()) {
    for (const name of readdirSync(path)) fsyncTree(join(path, name));
  }
  fsyncPath(path);
}
