/**
 * A plain HTML form with photos (`enctype="multipart/form-data"`, `<input type="file" multiple>`),
 * read as a stream: each photo goes through the same pipeline as an upload from the enhanced
 * form (an upload row within the upload budget, the 10 MB cap and the magic-byte check while it
 * streams), so a request never holds more than one photo's bytes (S3) or a few chunks (local disk).
 *
 *   await registerMultipartForms(scope);          // once, in the plugin scope of the route
 *   const form = await readMultipartForm(request, { db, storage, pendingMaxBytes }, { maxPhotos: 3 });
 *   form.fields.name; form.photoUrls (give them to the lead as `images`); form.photoError (Danish)
 *
 * `pendingMaxBytes` is UPLOAD_PENDING_MAX_MB as bytes: the photos count against the same site-wide
 * budget as the upload API's. When the form is refused, its caller deletes the photos it brought
 * at once (discardUploads in server/uploads/purge.ts); when reading fails, this does.
 */
import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limits } from '../../domain/constants.ts';
import { imageMessages } from '../../domain/images.ts';
import { checkImageHeader, detectImageType, magicBytesNeeded } from '../storage/image-type.ts';
import { UploadBudgetError } from './errors.ts';
import { discardUploads } from './purge.ts';
import {
  issueUpload,
  objectKeyForUpload,
  receiveLocalUpload,
  uploadIdFromUrl,
  uploadRefusals,
  type UploadDeps,
  type UploadRefusal,
} from './uploads.ts';

/** What the photos of a form need: the upload pipeline, with the site-wide budget always stated. */
export type MultipartDeps = UploadDeps & { pendingMaxBytes: number | undefined };

/** Text fields of a form: how many, and how long each may be (the longest schema field is 5,000). */
export const plainFormFieldLimits = { fields: 40, fieldBytes: 16 * 1024 } as const;

/** Registers the multipart parser in this plugin scope (not a child one), with limits a form needs. */
export async function registerMultipartForms(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    // A photo over the cap is cut one byte past it and refused by the store's own check.
    throwFileSizeLimit: false,
    limits: {
      fields: plainFormFieldLimits.fields,
      fieldSize: plainFormFieldLimits.fieldBytes,
      fieldNameSize: 100,
      // One more than the largest form allows, so "too many" is told apart from a cut stream.
      files: limits.reportMaxImages + 1,
      fileSize: limits.maxImageBytes + 1,
      headerPairs: 100,
      parts: plainFormFieldLimits.fields + limits.reportMaxImages + 1,
    },
  });
}

export interface MultipartForm {
  /** Text fields by name (the first value of a repeated name). */
  fields: Record<string, string>;
  /** The photos received and checked: upload URLs the lead claims as its `images`. */
  photoUrls: string[];
  /**
   * Why some photo was not taken, in Danish; the others were still taken. The first reason, except
   * that a full upload budget (429, 503) goes before any other: it is what the visitor must wait for.
   */
  photoError?: string;
  /** The HTTP status the upload API answers that reason with (413, 415, 429, 503, …). */
  photoErrorStatus?: number;
  /** The reason is that more photos came than `maxPhotos` (its own message, status 400). */
  photoErrorIsTooMany?: boolean;
  /** With a full upload budget: seconds until there may be room (Retry-After). */
  photoRetryAfterSeconds?: number;
  /** How many photos the visitor chose (taken or not). */
  photosChosen: number;
}

/** A file part the browser sends for a file input left empty. */
const isEmptyFileInput = (part: MultipartFile) => part.filename === '' || part.filename === undefined;

async function drain(part: MultipartFile): Promise<void> {
  part.file.resume();
  await new Promise<void>((resolve) => {
    if (part.file.readableEnded) return resolve();
    part.file.once('end', resolve);
    part.file.once('close', resolve);
    part.file.once('error', () => resolve());
  });
}

type PhotoRefusal = { status: number; message: string; retryAfterSeconds?: number };

/** One photo into the store, through an upload row like any other; a Danish refusal otherwise. */
async function receivePhoto(
  deps: UploadDeps,
  part: MultipartFile,
  clientIp: string,
): Promise<{ url: string } | { refusal: PhotoRefusal }> {
  let uploadUrl: string;
  try {
    ({ uploadURL: uploadUrl } = await issueUpload(
      deps,
      { name: part.filename, contentType: part.mimetype },
      clientIp,
    ));
  } catch (error) {
    if (error instanceof UploadBudgetError) {
      await drain(part);
      const { status, message, retryAfterSeconds } = error;
      return { refusal: { status, message, retryAfterSeconds } };
    }
    throw error;
  }
  const refuse = async (refusal: UploadRefusal) => {
    await drain(part);
    // Nothing is stored under the refused photo's row: it goes now, not after the purge.
    await discardUploads(deps, [uploadUrl]);
    return { refusal };
  };
  const id = uploadIdFromUrl(uploadUrl)!;
  const storage = deps.storage;
  if (storage.kind === 'local') {
    const signed = new URL(uploadUrl);
    const result = await receiveLocalUpload(deps, {
      uploadId: id,
      expires: signed.searchParams.get('expires') ?? undefined,
      signature: signed.searchParams.get('signature') ?? undefined,
      contentLength: undefined,
      body: part.file,
    });
    return result.ok ? { url: uploadUrl } : refuse(result.refusal);
  }
  // S3: one photo's bytes (at most 10 MB) in memory, checked before they are stored.
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  if (part.file.truncated || body.length > limits.maxImageBytes) return refuse(uploadRefusals.tooLarge);
  const contentType = await detectImageType(body.subarray(0, magicBytesNeeded));
  if (!contentType) return refuse(uploadRefusals.notImage);
  const header = await checkImageHeader(contentType, body.length, async (bytes) => body.subarray(0, bytes));
  if (header === 'too-many-pixels') return refuse(uploadRefusals.tooManyPixels);
  if (header) return refuse(uploadRefusals.notImage);
  await storage.put(objectKeyForUpload(id), body, contentType);
  return { url: uploadUrl };
}

const isBudgetRefusal = (status: number | undefined) => status === 429 || status === 503;

/**
 * Reads a multipart form: text fields as they come, photos (any file part) streamed one at a time
 * into the store. More than `maxPhotos` photos: the first `maxPhotos` are kept and `photoError`
 * says so. Rejects only when the store or the database fails (the route answers 503); the photos
 * stored until then are deleted first.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  deps: MultipartDeps,
  options: { maxPhotos: number },
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, photoUrls: [], photosChosen: 0 };
  const refuse = (refusal: PhotoRefusal) => {
    const replaces =
      form.photoError === undefined ||
      (isBudgetRefusal(refusal.status) && !isBudgetRefusal(form.photoErrorStatus));
    if (!replaces) return;
    form.photoError = refusal.message;
    form.photoErrorStatus = refusal.status;
    form.photoErrorIsTooMany = refusal === tooMany;
    if (refusal.retryAfterSeconds !== undefined) form.photoRetryAfterSeconds = refusal.retryAfterSeconds;
  };
  const tooMany = { status: 400, message: imageMessages.tooMany(options.maxPhotos) };
  const parts = request.parts()[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Awaited<ReturnType<typeof parts.next>>['value']>;
      try {
        next = await parts.next();
      } catch (error) {
        // The parser's own limits or a broken body (no boundary, cut short, not multipart at all):
        // what arrived until then is the form, and the schema says what is missing. The store's and
        // the database's failures happen below, not here, and still reach the caller.
        if ((error as { code?: unknown } | null)?.code === 'FST_FILES_LIMIT') refuse(tooMany);
        return form;
      }
      if (next.done) return form;
      const part = next.value;
      if (part.type === 'field') {
        // A cut name or value is dropped; the schema then says what is missing.
        if (part.fieldnameTruncated || part.valueTruncated) continue;
        if (!(part.fieldname in form.fields) && typeof part.value === 'string')
          form.fields[part.fieldname] = part.value;
        continue;
      }
      if (isEmptyFileInput(part)) {
        await drain(part);
        continue;
      }
      form.photosChosen += 1;
      if (form.photosChosen > options.maxPhotos) {
        await drain(part);
        refuse(tooMany);
        continue;
      }
      const received = await receivePhoto(deps, part, request.ip);
      if ('url' in received) form.photoUrls.push(received.url);
      else refuse(received.refusal);
    }
  } catch (error) {
    await discardUploads(deps, form.photoUrls).catch(() => undefined);
    throw error;
  }
}
