import { fileTypeFromBuffer } from 'file-type';

/** Image formats we accept, judged by magic bytes, never by the declared type (DESIGN decision 4). */
export const acceptedImageTypes = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
]);

/** How many leading bytes file-type needs to recognise the formats above. */
export const magicBytesNeeded = 4100;

/** The detected image MIME type, or null for anything we refuse (SVG, text, PDF, AVIF, …). */
export async function detectImageType(firstBytes: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(firstBytes);
  return detected && acceptedImageTypes.has(detected.mime) ? detected.mime : null;
}
