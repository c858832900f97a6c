/**
 * `Idempotency-Key` on POST /api/v1/assignments: the first request with a key is served and its
 * answer kept 24 hours; the same key with the same body gets that answer again (status and body,
 * with `Idempotent-Replayed: true`), the same key with another body 409, and while the first is
 * still being served 409 with Retry-After (after two minutes without an answer it is taken to have
 * died, and the next request is served). Only answers that made or found a case are kept: a
 * refusal keeps nothing, so a corrected body may use the key again. Keys are per API key.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { PeriodicJob } from '../queue/periodic.ts';
import { insurerApiIdempotency } from '../db/schema.ts';
import { idempotencyHours } from '../../domain/insurer-api.ts';
import { AssignmentInProgress, IdempotencyConflict } from './errors.ts';

/** A first request that kept nothing this long is taken to have died half-way. */
const abandonedAfterMs = 2 * 60_000;

export interface KeptAnswer<T> {
  status: number;
  answer: T;
  replayed: boolean;
}

/** The body as the route parsed it (the schema's order): the same data sent again hashes alike. */
export function bodyHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

export async function withIdempotency<T extends Record<string, unknown>>(
  db: Db,
  request: { keyId: string; idempotencyKey: string | undefined; bodyHash: string; now: Date },
  serve: () => Promise<{ status: number; answer: T }>,
): Promise<KeptAnswer<T>> {
  const { keyId, idempotencyKey } = request;
  if (idempotencyKey === undefined) return { ...(await serve()), replayed: false };
  const thisKey = and(
    eq(insurerApiIdempotency.keyId, keyId),
    eq(insurerApiIdempotency.idempotencyKey, idempotencyKey),
  );
  const expired = new Date(request.now.getTime() - idempotencyHours * 3_600_000);
  // An answer older than 24 hours is forgotten: the key is new again.
  await db.delete(insurerApiIdempotency).where(and(thisKey, lt(insurerApiIdempotency.createdAt, expired)));
  const claimed = await db
    .insert(insurerApiIdempotency)
    .values({ keyId, idempotencyKey, bodyHash: request.bodyHash, createdAt: request.now })
    .onConflictDoNothing()
    .returning({ keyId: insurerApiIdempotency.keyId });
  if (claimed.length === 0) {
    const [kept] = await db.select().from(insurerApiIdempotency).where(thisKey);
    if (!kept) throw new AssignmentInProgress();
    if (kept.bodyHash !== request.bodyHash) throw new IdempotencyConflict();
    if (kept.status !== null && kept.answer !== null)
      return { status: kept.status, answer: kept.answer as T, replayed: true };
    // Still being served, unless its serving died half-way (nothing kept after two minutes).
    const retaken = await db
      .update(insurerApiIdempotency)
      .set({ createdAt: request.now })
      .where(
        and(
          thisKey,
          isNull(insurerApiIdempotency.status),
          lt(insurerApiIdempotency.createdAt, new Date(request.now.getTime() - abandonedAfterMs)),
        ),
      )
      .returning({ keyId: insurerApiIdempotency.keyId });
    if (retaken.length === 0) throw new AssignmentInProgress();
  }
  let served: { status: number; answer: T };
  try {
    served = await serve();
  } catch (error) {
    await db.delete(insurerApiIdempotency).where(thisKey);
    throw error;
  }
  await db.update(insurerApiIdempotency).set({ status: served.status, answer: served.answer }).where(thisKey);
  return { ...served, replayed: false };
}

/** Forgets the answers kept past their 24 hours (a key reused later is new again anyway), daily. */
export function idempotencyPurgeJob(deps: { db: Db }): PeriodicJob {
  return {
    id: 'insurer-api-idempotency-purge',
    name: "deleting the insurers' API's kept answers after 24 hours",
    intervalMs: 24 * 3_600_000,
    firstRunAfterMs: 20 * 60_000,
    async run(now) {
      await deps.db
        .delete(insurerApiIdempotency)
        .where(lt(insurerApiIdempotency.createdAt, new Date(now.getTime() - idempotencyHours * 3_600_000)));
    },
  };
}
