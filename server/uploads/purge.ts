/**
 * Removes uploads that never became part of a submission: at once for the photos of a form that
 * was refused, and by the periodic purge for the rest.
 */
import { and, inArray, lt, ne } from 'drizzle-orm';
import { retention } from '../../domain/constants.ts';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { PeriodicJob, PeriodicLog } from '../queue/periodic.ts';
import { uploadIdFromUrl } from './uploads.ts';

/** Unattached uploads go this long after their URL was issued (soon after it expired: see domain/constants.ts). */
export const unattachedUploadRetentionMs = retention.unattachedUploadMinutes * 60_000;
const batchSize = 100;

export interface PurgeDeps {
  db: Db;
  storage: ObjectStore;
  log?: PeriodicLog;
}

/**
 * Deletes objects and rows of uploads not attached whose URL was issued unattachedUploadRetentionMs ago. Rows are locked with
 * SKIP LOCKED so two runs at once (one that outlived its lease and the one that took over) never
 * fight over the same rows; an object is
 * deleted before its row, so a crash between the two leaves a row to retry, never a lost object.
 * Returns how many were purged.
 */
export async function purgeStaleUploads(deps: PurgeDeps, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - unattachedUploadRetentionMs);
  let total = 0;
  for (;;) {
    const purged = await deps.db.transaction(async (tx) => {
      const stale = await tx
        .select({ id: uploads.id, objectKey: uploads.objectKey })
        .from(uploads)
        .where(and(ne(uploads.status, 'attached'), lt(uploads.createdAt, cutoff)))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (stale.length === 0) return 0;
      for (const row of stale) await deps.storage.delete(row.objectKey);
      await tx.delete(uploads).where(
        inArray(
          uploads.id,
          stale.map((row) => row.id),
        ),
      );
      return stale.length;
    });
    total += purged;
    if (purged < batchSize) break;
  }
  if (total > 0) deps.log?.info({ purged: total }, 'purged unattached uploads');
  return total;
}

/**
 * Deletes the photos a refused form brought (the upload URLs it was given), once it is answered:
 * their objects, then their rows, under the same row locks as the purge. Uploads already attached
 * to a lead are left alone. An object the store cannot delete now keeps its row, so the periodic
 * purge retries it; the refusal is answered anyway. Returns how many were deleted.
 */
export async function discardUploads(
  deps: Pick<PurgeDeps, 'db' | 'storage'> & { log?: { warn(obj: object, msg: string): void } },
  urls: readonly string[],
): Promise<number> {
  const ids = [...new Set(urls.map(uploadIdFromUrl).filter((id): id is string => id !== null))];
  if (ids.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: uploads.id, objectKey: uploads.objectKey })
      .from(uploads)
      .where(and(inArray(uploads.id, ids), ne(uploads.status, 'attached')))
      .for('update');
    const deleted: string[] = [];
    for (const row of rows) {
      try {
        await deps.storage.delete(row.objectKey);
        deleted.push(row.id);
      } catch (error) {
        deps.log?.warn({ err: error }, 'could not delete the photo of a refused form; the purge retries');
      }
    }
    if (deleted.length > 0) await tx.delete(uploads).where(inArray(uploads.id, deleted));
    return deleted.length;
  });
}

/**
 * The purge as a periodic job: shortly after start, then every five minutes. The upload budget
 * does not wait for it: an empty upload URL stops counting after 2 minutes (chargeBudget in
 * uploads.ts), and a refused form's photos go when it is answered (discardUploads).
 */
export function uploadPurgeJob(deps: PurgeDeps): PeriodicJob {
  return {
    id: 'upload-purge',
    name: 'purging unattached uploads',
    intervalMs: 5 * 60_000,
    firstRunAfterMs: 5_000,
    run: (now) => purgeStaleUploads(deps, now),
  };
}
