/**
 * POST /api/contact use-case: store a contact, emergency or report submission and enqueue its
 * staff notification in ONE transaction (DESIGN decision 6). Report images are decoded, checked
 * by magic bytes and stored as objects first (DESIGN decision 5); if the transaction fails they
 * are deleted again. Emergency images are uploads we issued, claimed inside the transaction.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { limits } from '../../domain/constants.ts';
import type { ContactApiPayload } from '../../domain/contact-api.ts';
import { parseImageDataUrl } from '../../domain/data-url.ts';
import { transactionSql, type Db, type SqlClient } from '../db/client.ts';
import { contactSubmissions } from '../db/schema.ts';
import { insertReturningReferenceWithMail, leadWithMailStatement } from '../jobs/mail-jobs.ts';
import { imageExtension, objectReferencePrefix } from '../mail/compose.ts';
import { detectImageType } from '../storage/image-type.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import { withUniqueReference } from './reference.ts';
import { claimUploads } from './uploads.ts';

export interface SubmissionDeps {
  db: Db;
  /** The same database without the query builder (Database.sql), for the insert. */
  sql: SqlClient;
  storage: AnyObjectStore;
  mail: { notify(): void };
  now?: () => Date;
  /** Tests: force reference collisions. */
  generateReference?: (prefix: string) => string;
}

export const submissionReferencePrefix = 'SK';

/** Bad content found after validation (e.g. an image that is not an image): HTTP 400. */
export class SubmissionRejectedError extends Error {
  override name = 'SubmissionRejectedError';
  constructor(
    message: string,
    readonly errors: Record<string, string[]>,
  ) {
    super(message);
  }
}

interface DecodedImage {
  bytes: Buffer;
  contentType: string;
}

/** Decodes the report's data-URL images and checks each by its magic bytes. */
export async function decodeReportImages(dataUrls: readonly string[]): Promise<DecodedImage[]> {
  const errors: Record<string, string[]> = {};
  const images: DecodedImage[] = [];
  if (dataUrls.length > limits.reportMaxImages) {
    errors.images = [`Du kan højst vedhæfte ${limits.reportMaxImages} billeder.`];
  }
  for (const [index, dataUrl] of dataUrls.entries()) {
    const name = `Billede ${index + 1}`;
    const parsed = parseImageDataUrl(dataUrl);
    const bytes = parsed ? Buffer.from(parsed.base64, 'base64') : null;
    if (!bytes || bytes.length === 0) {
      errors[`images.${index}`] = [`${name} kunne ikke læses.`];
      continue;
    }
    if (bytes.length > limits.maxImageBytes) {
      errors[`images.${index}`] = [`${name} er større end ${limits.maxImageBytes / 1024 / 1024} MB.`];
      continue;
    }
    const contentType = await detectImageType(bytes);
    if (!contentType) {
      errors[`images.${index}`] = [
        `${name} er ikke et billede, vi kan modtage (JPEG, PNG, WebP, GIF eller HEIC).`,
      ];
      continue;
    }
    images.push({ bytes, contentType });
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new SubmissionRejectedError(first, errors);
  return images;
}

/** The submission and its staff notification in one statement (server/jobs/mail-jobs.ts). */
const insertSubmissionWithMail = leadWithMailStatement(
  'insert_contact_submission',
  `insert into contact_submissions (id, reference, type, name, email, phone, service, message, images, created_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, now()))
   on conflict (reference) do nothing
   returning id, reference`,
  [{ kind: 'submission-notification', idKey: 'submissionId' }],
);

export async function createContactSubmission(
  deps: SubmissionDeps,
  payload: ContactApiPayload,
): Promise<{ id: string; reference: string }> {
  const id = randomUUID();
  const storedKeys: string[] = [];

  if (payload.type === 'anmeldelse' && payload.images.length > 0) {
    const images = await decodeReportImages(payload.images);
    try {
      await Promise.all(
        images.map(async (image, index) => {
          const key = `reports/${id}/billede-${index + 1}.${imageExtension(image.contentType)}`;
          await deps.storage.put(key, image.bytes, image.contentType);
          storedKeys.push(key);
        }),
      );
    } catch (error) {
      await deleteObjects(deps.storage, storedKeys);
      throw error;
    }
  }
  // Keys in the order of the form's images (puts finish in any order).
  storedKeys.sort((a, b) => imageNumber(a) - imageNumber(b));

  try {
    const images = storedKeys.length > 0 ? storedKeys.map((key) => objectReferencePrefix + key) : null;
    const insert = (client: SqlClient) =>
      withUniqueReference(
        submissionReferencePrefix,
        (reference) =>
          insertReturningReferenceWithMail(client, insertSubmissionWithMail, [
            id,
            reference,
            payload.type,
            payload.name,
            payload.email,
            payload.phone ?? null,
            payload.service,
            payload.message ?? null,
            images,
            deps.now?.() ?? null,
          ]),
        deps.generateReference,
      );

    let reference: string;
    if (payload.type === 'akut-skade' && payload.images.length > 0) {
      reference = await deps.db.transaction(async (tx) => {
        const reference = await insert(transactionSql(tx));
        // Ownership check: only uploads we issued, uploaded, unattached, at most 3 (upload service).
        const claimed = await claimUploads(
          { db: deps.db, storage: deps.storage, ...(deps.now ? { now: deps.now } : {}) },
          { urls: payload.images, submissionId: id },
          tx,
        );
        await tx
          .update(contactSubmissions)
          .set({ images: claimed.map((upload) => objectReferencePrefix + upload.objectKey) })
          .where(eq(contactSubmissions.id, id));
        return reference;
      });
    } else {
      // One statement: the row and its mail job commit together (no explicit transaction needed).
      reference = await insert(deps.sql);
    }
    deps.mail.notify();
    return { id, reference };
  } catch (error) {
    await deleteObjects(deps.storage, storedKeys);
    throw error;
  }
}

function imageNumber(key: string): number {
  return Number(/billede-(\d+)\./.exec(key)?.[1] ?? 0);
}

async function deleteObjects(storage: AnyObjectStore, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}
