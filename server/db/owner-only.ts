/**
 * DATA_DIR and every backup hold what no other local user may read: the embedded database (its
 * WAL included: password hashes, TOTP secrets, leads), the signing secret, photos and the copies
 * of mails and SMS. So the processes that write them (the server, `npm run backup`/`restore`,
 * `npm run staff`) run with umask 077, and what was written before is made owner-only when they
 * start: folders 0700, files 0600.
 *
 * PGlite sets 0666 on the files it creates, whatever the umask: the embedded database is made
 * owner-only when it has opened and again when it closes (./pglite-durable.ts, ./client.ts). A
 * file it adds while running (a new WAL segment) lies in folders no other user can enter.
 */
import { chmodSync, lstatSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/** Files 0600 and folders 0700 from now on, whatever a library asks for (PGlite asks for 0666). */
export const ownerOnlyUmask = 0o077;

export function setOwnerOnlyUmask(): void {
  process.umask(ownerOnlyUmask);
}

function statOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    // Another server copy sharing DATA_DIR may delete a file (a sent job's temp file) meanwhile.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** What makeOwnerOnly did: permissions it took away, and files it may not change (another owner's). */
export interface OwnerOnlyResult {
  changed: number;
  refused: number;
}

/**
 * Takes every group and other permission off `root` and all below it (folders 0700, files 0600;
 * symbolic links are neither followed nor changed). Nothing to do when `root` does not exist.
 */
export function makeOwnerOnly(root: string): OwnerOnlyResult {
  const result = { changed: 0, refused: 0 };
  const pending = [root];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const info = statOrNull(path);
    if (!info || info.isSymbolicLink()) continue;
    const folder = info.isDirectory();
    if ((info.mode & 0o077) !== 0) {
      try {
        chmodSync(path, folder ? 0o700 : 0o600);
        result.changed++;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EPERM') result.refused++;
        else if (code !== 'ENOENT') throw error;
      }
    }
    if (folder) for (const name of readdirSync(path)) pending.push(join(path, name));
  }
  return result;
}
