/**
 * The photo upload pipeline of the emergency form and the damage report: issue a single-use
 * upload URL, receive the upload (local store) and, when a lead arrives, claim the uploads it
 * names. Photos are personal data: stored under generated names, never listable.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { limits, uploadBudget } from '../../domain/constants.ts';
import { stripControlCharacters } from '../../domain/fields.ts';
import { imageMessages } from '../../domain/images.ts';
import { transactionSql, type Db, type DbOrTx } from '../db/client.ts';
import { leadImages, rateLimitCounters, uploads } from '../db/schema.ts';
import { countInWindow } from '../db/sliding-window.ts';
import { checkImageHeader, detectImageType, magicBytesNeeded } from '../storage/image-type.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import {
  StorageUnavailableError,
  UploadBudgetError,
  UploadClaimError,
  uploadBudgetMessages,
} from './errors.ts';
import { clientKey as clientKeyOf } from '../plugins/client-key.ts';

export interface UploadDeps {
  db: Db;
  storage: AnyObjectStore;
  /** Injected in tests. */
  now?: () => Date;
  /** Bytes of uploads not attached to a lead, at most, site-wide (UPLOAD_PENDING_MAX_MB); absent: no cap. */
  pendingMaxBytes?: number | undefined;
}

/** How long an issued upload URL may be used. */
export const uploadUrlTtlMs = 15 * 60_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const objectKeyForUpload = (id: string) => `uploads/${id}`;

/** Image types the browser may declare for an S3 PUT (the bytes are checked on claim anyway). */
const declarableType = /^image\/[a-z0-9.+-]{1,50}$/i;

/** The file's name on the visitor's device, as staff will see it: printable, no path, ≤ 255 characters. */
export function cleanOriginalName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control and bidirectional-override characters are dropped, not stored (the name is a hint).
  const clean = stripControlCharacters(base).trim().slice(0, 255);
  return clean || null;
}

/** The per-client upload budget's counter key (rate_limit_counters, hourly windows, bytes). */
export function uploadBudgetKey(clientKey: string): string {
  return `upload-bytes:${clientKey}`;
}

/** What one client may hold of the site-wide budget (uploadBudget in domain/constants.ts). */
export function clientShareBytes(pendingMaxBytes: number): number {
  const share = Math.floor((pendingMaxBytes * uploadBudget.clientSharePercent) / 100);
  return Math.max(uploadBudget.clientShareMinBytes, share);
}

// Any constant works; it serialises the site-wide check of bytes waiting to be attached.
const PENDING_LOCK_KEY = 7_305_118_444;

/** What the budget counts for a URL until its bytes arrive: the declared size, or the most allowed. */
function declaredBytes(size: number | undefined): number {
  return size === undefined ? limits.maxImageBytes : Math.min(Math.max(size, 1), limits.maxImageBytes);
}

/**
 * Counts a new upload URL against the budgets, in the transaction that issues it (a refusal
 * rolls the count back): per client (plugins/client-key.ts), bytes per sliding hour; site-wide, bytes of
 * uploads not attached to a lead (declared until they arrive, then their real size; purge.ts
 * deletes them soon after their URL expires), of which one client may hold its share.
 *
 * A URL whose bytes have not arrived stops counting against the site-wide budget and the share
 * after uploadBudget.emptyReservationMs (2 minutes), rather than when purge.ts deletes it an hour
 * later: asking for URLs costs nothing, so empty reservations could otherwise hold the site full
 * for everyone. The row and its URL are left alone (the purge job keeps its 5-minute interval):
 * a slow phone that starts its PUT late still gets its photo in, counted by its real size from
 * then on. With S3 the server never sees the PUT, so there an unclaimed URL counts for 2 minutes
 * only; the per-client hourly budget still bounds what one client can put in the bucket.
 */
async function chargeBudget(
  tx: DbOrTx,
  deps: UploadDeps,
  clientKey: string | undefined,
  bytes: number,
  now: Date,
): Promise<void> {
  if (clientKey) {
    const counted = await countInWindow(
      transactionSql(tx),
      uploadBudgetKey(clientKey),
      now,
      uploadBudget.windowMs,
      {
        amount: bytes,
        limit: uploadBudget.perIpBytesPerHour,
      },
    );
    if (counted.count > uploadBudget.perIpBytesPerHour)
      throw new UploadBudgetError('upload-over-budget', counted.retryAfterSeconds);
  }
  if (deps.pendingMaxBytes !== undefined) {
    await tx.execute(sql`select pg_advisory_xact_lock(${PENDING_LOCK_KEY})`);
    const counted = sql`coalesce(${uploads.size}, ${uploads.declaredSize}, 0)`;
    const emptySince = new Date(now.getTime() - uploadBudget.emptyReservationMs);
    const [row] = await tx
      .select({
        site: sql<string>`coalesce(sum(${counted}), 0)`,
        client: sql<string>`coalesce(sum(${counted}) filter (where ${uploads.clientIp} = ${clientKey ?? null}), 0)`,
      })
      .from(uploads)
      .where(
        and(ne(uploads.status, 'attached'), or(isNotNull(uploads.size), gt(uploads.createdAt, emptySince))),
      );
    // Unsent uploads are purged within the hour after their URL expires; empty ones stop counting sooner.
    const retryAfterSeconds = Math.ceil(uploadUrlTtlMs / 1000);
    if (clientKey && Number(row?.client ?? 0) + bytes > clientShareBytes(deps.pendingMaxBytes))
      throw new UploadBudgetError('upload-over-budget', retryAfterSeconds);
    if (Number(row?.site ?? 0) + bytes > deps.pendingMaxBytes)
      throw new UploadBudgetError('upload-site-full', retryAfterSeconds);
  }
}

/**
 * POST /api/objects/upload: one row in state 'issued' and the URL the browser PUTs the image to,
 * within the upload budget (UploadBudgetError otherwise).
 */
export async function issueUpload(
  deps: UploadDeps,
  request: { contentType?: string | undefined; name?: string | undefined; size?: number | undefined } = {},
  clientIp?: string,
): Promise<{ uploadURL: string }> {
  const now = deps.now?.() ?? new Date();
  const id = randomUUID();
  const objectKey = objectKeyForUpload(id);
  const expiresAt = new Date(now.getTime() + uploadUrlTtlMs);
  const declaredSize = declaredBytes(request.size);
  const clientKey = clientIp ? clientKeyOf(clientIp) : undefined;
  await deps.db.transaction(async (tx) => {
    await chargeBudget(tx, deps, clientKey, declaredSize, now);
    await tx.insert(uploads).values({
      id,
      objectKey,
      status: 'issued',
      expiresAt,
      createdAt: now,
      originalName: cleanOriginalName(request.name),
      declaredSize,
      // The client as the budgets count it (an IPv6 address's /64), not the full address.
      clientIp: clientKey ?? null,
    });
  });
  if (deps.storage.kind === 'local') {
    return { uploadURL: deps.storage.signedUploadUrl(id, expiresAt) };
  }
  const contentType =
    request.contentType && declarableType.test(request.contentType)
      ? request.contentType
      : 'application/octet-stream';
  return {
    uploadURL: await deps.storage.presignedPutUrl(objectKey, contentType, uploadUrlTtlMs / 1000),
  };
}

/** Danish messages for refused uploads; the HTTP status goes with each. */
export const uploadRefusals = {
  forged: { status: 403, message: 'Upload-adressen er ugyldig. Hent en ny og prøv igen.' },
  expired: { status: 403, message: 'Upload-adressen er udløbet. Prøv igen.' },
  unknown: { status: 404, message: 'Upload-adressen findes ikke.' },
  replayed: { status: 409, message: 'Upload-adressen er allerede brugt. Prøv igen.' },
  tooLarge: { status: 413, message: imageMessages.tooLarge },
  tooManyPixels: { status: 413, message: imageMessages.tooManyPixels },
  notImage: { status: 415, message: imageMessages.notImage },
  aborted: { status: 400, message: 'Uploaden blev afbrudt. Prøv igen.' },
  siteFull: { status: 503, message: uploadBudgetMessages.siteFull },
  overBudget: { status: 429, message: uploadBudgetMessages.overBudget },
} as const;

export type UploadRefusal = (typeof uploadRefusals)[keyof typeof uploadRefusals];

export type ReceiveResult =
  { ok: true; size: number; contentType: string } | { ok: false; refusal: UploadRefusal };

/**
 * PUT <uploadURL> on the local store: verify the signed, expiring, single-use URL, then stream the
 * body to disk with the size cap and the magic-byte check. Refused uploads leave nothing on disk.
 */
export async function receiveLocalUpload(
  deps: UploadDeps,
  request: {
    uploadId: string;
    expires: string | undefined;
    signature: string | undefined;
    contentLength: number | undefined;
    body: Readable;
  },
): Promise<ReceiveResult> {
  const storage = deps.storage;
  if (storage.kind !== 'local') return { ok: false, refusal: uploadRefusals.unknown };
  const now = deps.now?.() ?? new Date();
  if (!uuidPattern.test(request.uploadId)) return { ok: false, refusal: uploadRefusals.forged };
  const check = storage.verifyUpload(request.uploadId, request.expires, request.signature, now.getTime());
  if (check === 'invalid') return { ok: false, refusal: uploadRefusals.forged };
  if (check === 'expired') return { ok: false, refusal: uploadRefusals.expired };

  const [row] = await deps.db.select().from(uploads).where(eq(uploads.id, request.uploadId));
  if (!row) return { ok: false, refusal: uploadRefusals.unknown };
  if (row.status !== 'issued') return { ok: false, refusal: uploadRefusals.replayed };
  if (row.expiresAt.getTime() < now.getTime()) return { ok: false, refusal: uploadRefusals.expired };
  if (request.contentLength !== undefined && request.contentLength > limits.maxImageBytes) {
    return { ok: false, refusal: uploadRefusals.tooLarge };
  }

  const result = await storage.writeStream(row.objectKey, request.body, {
    maxBytes: limits.maxImageBytes,
    inspect: detectImageType,
    check: (info, readStart) => checkImageHeader(info.contentType, info.size, readStart),
    // Single use: only the request that moves the row from 'issued' keeps its file.
    commit: async (info) => {
      const updated = await deps.db
        .update(uploads)
        .set({
          status: 'uploaded',
          size: info.size,
          contentType: info.contentType,
          uploadedAt: deps.now?.() ?? new Date(),
        })
        .where(and(eq(uploads.id, row.id), eq(uploads.status, 'issued')))
        .returning({ id: uploads.id });
      return updated.length === 1;
    },
  });
  if (result.ok) {
    await correctBudget(deps.db, row, result.info.size);
    return { ok: true, size: result.info.size, contentType: result.info.contentType };
  }
  const refusal = {
    'too-large': uploadRefusals.tooLarge,
    'not-image': uploadRefusals.notImage,
    'too-many-pixels': uploadRefusals.tooManyPixels,
    rejected: uploadRefusals.replayed,
    aborted: uploadRefusals.aborted,
  }[result.reason];
  return { ok: false, refusal };
}

/** The per-IP budget counted the declared size; now the real one is known. */
async function correctBudget(
  db: Db,
  row: { clientIp: string | null; declaredSize: number | null; createdAt: Date },
  size: number,
): Promise<void> {
  if (!row.clientIp || row.declaredSize === null || row.declaredSize === size) return;
  const windowStart = Math.floor(row.createdAt.getTime() / uploadBudget.windowMs) * uploadBudget.windowMs;
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(0, ${rateLimitCounters.count} + ${size - row.declaredSize})` })
    .where(
      and(
        eq(rateLimitCounters.key, uploadBudgetKey(row.clientIp)),
        eq(rateLimitCounters.windowStart, new Date(windowStart)),
      ),
    );
}

export interface ClaimedUpload {
  id: string;
  /** Give this to storage.signedReadUrl(objectKey, ttl) for the staff e-mail. */
  objectKey: string;
  contentType: string;
  size: number;
  originalName: string | null;
}

/** The upload id in a URL we issued: the last path segment (…/api/objects/upload/<id> or …/uploads/<id>). */
export function uploadIdFromUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const segments = parsed.pathname.split('/');
  const id = decodeURIComponent(segments.at(-1) ?? '');
  const parent = segments.at(-2);
  if (!uuidPattern.test(id) || (parent !== 'upload' && parent !== 'uploads')) return null;
  return id.toLowerCase();
}

/**
 * Attach the uploads a lead names (its `images`) to it.
 *
 * Call it inside the transaction that inserts the lead, after the insert:
 *   const claimed = await claimUploads({ db, storage }, { urls: lead.images, leadId, maxImages }, tx);
 * Every URL must be one we issued, uploaded (and for S3 checked now: size ≤ 10 MB and real image
 * bytes), not attached to any lead yet; at most `maxImages`.
 * On any violation it throws UploadClaimError (Danish message) before changing anything the
 * caller's transaction would keep; map it to HTTP 400 `{ message }`. Returns the claimed objects;
 * store their `objectKey`s, not the URLs, and sign read links with storage.signedReadUrl().
 */
export async function claimUploads(
  deps: Pick<UploadDeps, 'db' | 'storage' | 'now'>,
  request: { urls: readonly string[]; leadId: string; maxImages: number },
  tx?: DbOrTx,
): Promise<ClaimedUpload[]> {
  const max = request.maxImages;
  if (request.urls.length === 0) return [];
  if (request.urls.length > max) {
    throw new UploadClaimError(`Du kan højst sende ${max} billeder med en henvendelse.`);
  }
  const ids: string[] = [];
  for (const url of request.urls) {
    const id = uploadIdFromUrl(url);
    if (!id) throw new UploadClaimError(imageMessages.unknownUpload);
    if (!ids.includes(id)) ids.push(id);
  }
  const run = async (db: DbOrTx) => {
    const rows = await db.select().from(uploads).where(inArray(uploads.id, ids));
    const claimed: ClaimedUpload[] = [];
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      if (!row) throw new UploadClaimError(imageMessages.unknownUpload);
      if (row.status === 'attached') {
        throw new UploadClaimError(
          'Et af billederne er allerede sendt med en anden henvendelse. Upload det igen.',
        );
      }
      let info: { size: number; contentType: string };
      if (deps.storage.kind === 's3') {
        // S3 never tells us about the PUT, so the object is checked here, before it is accepted.
        info = await checkS3Object(deps.storage, row.objectKey);
      } else {
        if (row.status !== 'uploaded' || row.size === null || row.contentType === null) {
          throw new UploadClaimError('Et af billederne blev ikke færdigt uploadet. Upload det igen.');
        }
        info = { size: row.size, contentType: row.contentType };
      }
      claimed.push({ id, objectKey: row.objectKey, originalName: row.originalName, ...info });
    }
    const now = deps.now?.() ?? new Date();
    const updated = await db
      .update(uploads)
      .set({ status: 'attached', leadId: request.leadId })
      .where(and(inArray(uploads.id, ids), inArray(uploads.status, ['issued', 'uploaded'])))
      .returning({ id: uploads.id });
    if (updated.length !== ids.length) {
      // Lost a race with another lead using the same image.
      throw new UploadClaimError(
        'Et af billederne er allerede sendt med en anden henvendelse. Upload det igen.',
      );
    }
    // Local uploads recorded size and type when they arrived; S3 ones are known only now.
    for (const item of deps.storage.kind === 's3' ? claimed : []) {
      await db
        .update(uploads)
        .set({ size: item.size, contentType: item.contentType, uploadedAt: now })
        .where(and(eq(uploads.id, item.id), eq(uploads.status, 'attached')));
    }
    return claimed;
  };
  return tx ? run(tx) : deps.db.transaction((inner) => run(inner as unknown as DbOrTx));
}

async function checkS3Object(
  storage: AnyObjectStore,
  key: string,
): Promise<{ size: number; contentType: string }> {
  try {
    return await inspectS3Object(storage, key);
  } catch (error) {
    if (error instanceof UploadClaimError) throw error;
    throw new StorageUnavailableError({ cause: error });
  }
}

async function inspectS3Object(
  storage: AnyObjectStore,
  key: string,
): Promise<{ size: number; contentType: string }> {
  const head = await storage.head(key);
  if (!head) throw new UploadClaimError('Et af billederne blev ikke færdigt uploadet. Upload det igen.');
  if (head.size > limits.maxImageBytes) {
    throw new UploadClaimError(uploadRefusals.tooLarge.message);
  }
  const start = await storage.readStart(key, magicBytesNeeded);
  const contentType = start ? await detectImageType(start) : null;
  if (!contentType) throw new UploadClaimError(uploadRefusals.notImage.message);
  const refused = await checkImageHeader(contentType, head.size, (bytes) => storage.readStart(key, bytes));
  if (refused === 'too-many-pixels') throw new UploadClaimError(uploadRefusals.tooManyPixels.message);
  if (refused) throw new UploadClaimError(uploadRefusals.notImage.message);
  return { size: head.size, contentType };
}

/** Claimed uploads as the lead's images, numbered on from `firstPosition`; answers their ids. */
export function addClaimedImages(
  tx: DbOrTx,
  leadId: string,
  claimed: readonly ClaimedUpload[],
  firstPosition: number,
  now: Date,
): Promise<{ id: string }[]> {
  return tx
    .insert(leadImages)
    .values(
      claimed.map((upload, index) => ({
        leadId,
        position: firstPosition + index,
        objectKey: upload.objectKey,
        contentType: upload.contentType,
        bytes: upload.size,
        originalName: upload.originalName,
        createdAt: now,
      })),
    )
    .returning({ id: leadImages.id });
}
