/**
 * Photos a customer attaches to an e-mail answer, through the upload pipeline's checks: at most
 * limits.maxImageBytes, an accepted image type by its bytes (never by its name or declared type),
 * a readable header within limits.maxImagePixels. A kept photo is stored as an upload of its own
 * before the answer's transaction attaches it, so one left behind by a crash is purged like any
 * upload never sent with a lead. Its id follows from the mail and the photo's place in it, so a
 * mail read again stores each photo once, in the same place.
 */
import { createHash } from 'node:crypto';
import { limits } from '../../../domain/constants.ts';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { checkImageHeader, detectImageType, magicBytesNeeded } from '../../storage/image-type.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { cleanOriginalName, objectKeyForUpload, uploadUrlTtlMs } from '../../uploads/uploads.ts';
import type { AnswerPhoto } from './answer-store.ts';

/** Photos kept from one answer, at most (a damage report's own limit). */
export const maxAnswerPhotos = limits.reportMaxImages;

/**
 * Pictures in a mail's HTML (multipart/related) under this size are signature logos and icons,
 * not photos of a damage.
 */
export const inlineIconMaxBytes = 30 * 1024;

export interface MailAttachmentLike {
  filename?: string | undefined;
  contentType: string;
  content: Buffer;
  related?: boolean | undefined;
}

export type PhotoCheck = { photo: AnswerPhoto } | { refused: 'not-image' | 'too-large' | 'too-many-pixels' };

/** Whether an attachment is meant as a picture at all (what the mail program says it is). */
export function looksLikePicture(attachment: MailAttachmentLike): boolean {
  if (attachment.related && attachment.content.length < inlineIconMaxBytes) return false;
  return (
    attachment.contentType.startsWith('image/') ||
    /\.(?:jpe?g|png|gif|webp|heic|heif)$/i.test(attachment.filename ?? '')
  );
}

/** The upload id of the n-th photo of one mail to one lead: the same every time the mail is read. */
export function answerPhotoUploadId(leadId: string, incomingId: string, index: number): string {
  const hex = createHash('sha256').update(`${leadId}\n${incomingId}\n${index}`).digest('hex');
  // Shaped as a version 8 (custom) UUID, RFC 9562.
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Checks one attachment and stores it as an unattached upload under `id` when it is a photo we
 * accept; stored before under that id (an earlier try of the same mail), its row is kept and the
 * object written again under the same key.
 */
export async function keepAnswerPhoto(
  deps: { db: Db; storage: Pick<ObjectStore, 'put'>; now: Date },
  attachment: MailAttachmentLike,
  id: string,
): Promise<PhotoCheck> {
  const body = attachment.content;
  if (body.length > limits.maxImageBytes) return { refused: 'too-large' };
  const contentType = await detectImageType(body.subarray(0, magicBytesNeeded));
  if (!contentType) return { refused: 'not-image' };
  const header = await checkImageHeader(contentType, body.length, async (bytes) => body.subarray(0, bytes));
  if (header === 'too-many-pixels') return { refused: 'too-many-pixels' };
  if (header) return { refused: 'not-image' };
  const objectKey = objectKeyForUpload(id);
  const originalName = cleanOriginalName(attachment.filename);
  // The row first: an object stored without its answer is found and purged by it.
  await deps.db
    .insert(uploads)
    .values({
      id,
      objectKey,
      status: 'uploaded',
      contentType,
      size: body.length,
      declaredSize: body.length,
      originalName,
      expiresAt: new Date(deps.now.getTime() + uploadUrlTtlMs),
      uploadedAt: deps.now,
      createdAt: deps.now,
    })
    .onConflictDoNothing();
  await deps.storage.put(objectKey, body, contentType);
  return { photo: { uploadId: id, objectKey, contentType, bytes: body.length, originalName } };
}
