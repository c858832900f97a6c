/**
 * Removes uploads that never became part of a submission.
 */
import { and, inArray, lt, ne } from 'drizzle-orm';
import { retention } from '../../domain/constants.ts';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { PeriodicJob, PeriodicLog } from '../queue/periodic.ts';

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

/** The purge as a periodic job: shortly after start, then every five minutes. */
export function uploadPurgeJob(deps: PurgeDeps): PeriodicJob {
  return {
    id: 'upload-purge',
    name: 'purging unattached uploads',
    intervalMs: 5 * 60_000,
    firstRunAfterMs: 5_000,
    run: (now) => purgeStaleUploads(deps, now),
  };
}
