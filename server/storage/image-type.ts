import { fileTypeFromBuffer } from 'file-type';
import type { IImage } from 'image-size/types/interface';
import { GIF } from 'image-size/types/gif';
import { HEIF } from 'image-size/types/heif';
import { PNG } from 'image-size/types/png';
import { WEBP } from 'image-size/types/webp';
import { limits } from '../../domain/constants.ts';
import { acceptedImageTypes } from '../../domain/images.ts';

/** How many leading bytes file-type needs to recognise the formats above. */
export const magicBytesNeeded = 4100;

/** The detected image MIME type, or null for anything we refuse (SVG, text, PDF, AVIF, …). */
export async function detectImageType(firstBytes: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(firstBytes);
  return detected && (acceptedImageTypes as readonly string[]).includes(detected.mime) ? detected.mime : null;
}

/**
 * Leading bytes read first for an image's dimensions. Nearly every header fits; a JPEG whose
 * metadata before the frame header is longer (embedded depth maps, large XMP) is read whole.
 */
export const imageHeaderBytes = 256 * 1024;

type Size = { width: number; height: number };

/**
 * The frame header of a JPEG: marker segments walked from the start of image as decoders walk them
 * (bytes before a marker skipped, fill bytes too), up to the first SOFn of any of the 13 frame
 * types. image-size's reader is not used for JPEG: it skips the segment right after the start of
 * image and knows only three frame types, so a frame header it does not see could claim any size.
 */
function jpegSize(bytes: Uint8Array): Size | null {
  let offset = 2;
  for (;;) {
    while (offset < bytes.length && bytes[offset] !== 0xff) offset += 1;
    while (offset < bytes.length && bytes[offset] === 0xff) offset += 1;
    if (offset + 2 >= bytes.length) return null;
    const marker = bytes[offset]!;
    offset += 1;
    // A stuffed zero is no marker; TEM and the restart markers carry no length.
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    // A scan, an end or a second start before any frame header: nothing a decoder could size.
    if (marker === 0xda || marker === 0xd9 || marker === 0xd8) return null;
    const length = (bytes[offset]! << 8) | bytes[offset + 1]!;
    if (length < 2) return null;
    // SOF0–SOF15 (not DHT, JPG, DAC), and DHP, which gives a hierarchical image's whole size.
    const isFrameHeader =
      (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) || marker === 0xde;
    if (isFrameHeader) {
      if (offset + 7 > bytes.length) return null;
      const height = (bytes[offset + 3]! << 8) | bytes[offset + 4]!;
      const width = (bytes[offset + 5]! << 8) | bytes[offset + 6]!;
      return { width, height };
    }
    offset += length;
  }
}

/** image-size's header reader for each other accepted type, chosen by the type the magic bytes gave. */
const headerReaders: Readonly<Record<string, IImage>> = {
  'image/png': PNG,
  'image/webp': WEBP,
  'image/gif': GIF,
  'image/heic': HEIF,
  'image/heif': HEIF,
  'image/heic-sequence': HEIF,
  'image/heif-sequence': HEIF,
};

function headerSizes(contentType: string, bytes: Uint8Array): Size[] | null {
  if (contentType === 'image/jpeg') {
    const size = jpegSize(bytes);
    return size ? [size] : null;
  }
  const reader = headerReaders[contentType];
  if (!reader) return null;
  try {
    if (!reader.validate(bytes)) return null;
    const size = reader.calculate(bytes);
    // A HEIF file holds several images (grid, tiles, thumbnails): the largest counts.
    return [size, ...(size.images ?? [])];
  } catch {
    return null;
  }
}

/**
 * Width × height of the image in these bytes (its largest image), from its header; null when the
 * header is not there or not readable. A height of 0 (a JPEG that gives it only after the scan) is
 * not readable either: its decoded size cannot be known in advance.
 */
export function imagePixels(contentType: string, bytes: Uint8Array): number | null {
  const sizes = headerSizes(contentType, bytes);
  if (!sizes) return null;
  let largest = 0;
  for (const { width, height } of sizes) {
    if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height) || width <= 0 || height <= 0)
      return null;
    largest = Math.max(largest, width * height);
  }
  return largest;
}

/**
 * Checks an image's dimensions before it is kept (the magic-byte check gave `contentType`): over
 * limits.maxImagePixels it is refused, since a small file can claim gigapixels that staff's mail
 * program then decodes; a header that cannot be read is refused as not an image. Reads the first
 * imageHeaderBytes, and the whole object (at most 10 MB) only when its header is not in them.
 */
export async function checkImageHeader(
  contentType: string,
  size: number,
  readStart: (bytes: number) => Promise<Uint8Array | null>,
): Promise<'not-image' | 'too-many-pixels' | null> {
  if (size <= 0) return 'not-image';
  const first = await readStart(Math.min(size, imageHeaderBytes));
  let pixels = first ? imagePixels(contentType, first) : null;
  if (pixels === null && size > imageHeaderBytes) {
    const whole = await readStart(size);
    pixels = whole ? imagePixels(contentType, whole) : null;
  }
  if (pixels === null) return 'not-image';
  return pixels > limits.maxImagePixels ? 'too-many-pixels' : null;
}
