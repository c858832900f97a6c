import { fileTypeFromBuffer } from 'file-type';
import { acceptedImageTypes } from '../../domain/images.ts';

/** How many leading bytes file-type needs to recognise the formats above. */
export const magicBytesNeeded = 4100;

/** The detected image MIME type, or null for anything we refuse (SVG, text, PDF, AVIF, …). */
export async function detectImageType(firstBytes: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(firstBytes);
  return detected && (acceptedImageTypes as readonly string[]).includes(detected.mime) ? detected.mime : null;
}
