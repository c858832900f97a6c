/**
 * One process at a time on the embedded database (docs/decisions/staff-command.md).
 *
 * PGlite is PostgreSQL in the opening process's memory: a second process opening the same
 * `DATA_DIR/db` gets its own copy of the shared buffers, its changes are never seen by the first,
 * and the first overwrites them at its next checkpoint. So whoever opens it (the server,
 * `npm run staff`) first takes `DATA_DIR/db.lock`, a file created exclusively that names the
 * holder's process id and, on Linux, the process's start time. It is removed at close. A lock left
 * by a killed process is taken over: its process is gone, or the id now belongs to a process that
 * started later.
 */
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export interface LockHolder {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat), null off Linux. */
  started: number | null;
  /** What the holder is ("server", "npm run staff"), for the refusal message. */
  what: string;
}

/** The embedded database is open in another live process. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database is in use by process ${holder.pid} (${holder.what}); ` +
        `stop it first, or use PostgreSQL (DATABASE_URL). Lock file: ${lockFile}`,
    );
    this.name = 'DatabaseInUseError';
  }
}

function processStart(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after it do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const started = Number(fields[19]);
    return Number.isFinite(started) ? started : null;
  } catch {
    return null;
  }
}

/** True while the process that wrote the lock still runs. */
function isAlive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.started === null) return true;
  const started = processStart(holder.pid);
  // Another process has the id since (after a reboot, or ids wrapped around).
  return started === null || started === holder.started;
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number') return null;
    return {
      pid: parsed.pid,
      started: typeof parsed.started === 'number' ? parsed.started : null,
      what: typeof parsed.what === 'string' ? parsed.what : 'ukendt',
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Being written this instant, or left half written by a process killed in between.
    return { pid: 0, started: null, what: 'ukendt' };
  }
}

/** A holder that is gone: a dead process, or a file nobody finished writing within 2 s. */
function isStale(file: string, holder: LockHolder): boolean {
  if (holder.pid !== 0) return !isAlive(holder);
  try {
    return Date.now() - statSync(file).mtimeMs > 2_000;
  } catch {
    return true;
  }
}

function tryCreate(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

export interface LockOptions {
  what: string;
  /** How long to wait for a live holder to let go; 0 refuses at once. */
  waitMs: number;
}

/**
 * Takes the lock beside the database folder `dbDir` (`${dbDir}.lock`); returns its release.
 * Throws DatabaseInUseError when a live process holds it for longer than `waitMs`.
 */
export async function lockEmbeddedDatabase(dbDir: string, options: LockOptions): Promise<() => void> {
  const file = `${dbDir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  const me: LockHolder = { pid: process.pid, started: processStart(process.pid), what: options.what };
  const deadline = Date.now() + options.waitMs;
  for (;;) {
    if (tryCreate(file, me)) break;
    const holder = readHolder(file);
    if (holder && isStale(file, holder)) {
      // Left by a killed process: remove it and race for it like anyone else.
      try {
        unlinkSync(file);
      } catch {
        // Someone else removed it first.
      }
      continue;
    }
    if (holder && holder.pid !== 0 && Date.now() >= deadline) throw new DatabaseInUseError(file, holder);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Only our own lock: never one a later process took over.
    if (readHolder(file)?.pid !== process.pid) return;
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
}
