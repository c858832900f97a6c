import { z } from 'zod';
import { limits } from './constants.ts';
import { hasControlCharacters } from './fields.ts';

/**
 * Photos sent with a lead: the rules the pickers, the upload endpoint, the lead schemas and the
 * e-mails share. The server judges an image by its magic bytes, never by its declared type.
 */
export const acceptedImageTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
] as const;

/** The formats as people read them. */
export const acceptedImageFormatsText = 'JPEG, PNG, WebP, GIF eller HEIC';

export const maxImageMegabytes = limits.maxImageBytes / 1024 / 1024;
export const maxImageMegapixels = limits.maxImagePixels / 1_000_000;

export const imageMessages = {
  tooMany: (max: number) => `Du kan højst vedhæfte ${max} billeder`,
  tooLarge: `Billedet er for stort. Hvert billede må højst fylde ${maxImageMegabytes} MB.`,
  notImage: `Filen er ikke et billede, vi kan modtage. Brug ${acceptedImageFormatsText}.`,
  tooManyPixels: `Billedet er for stort (over ${maxImageMegapixels} megapixel). Tag et nyt billede eller send det i mindre opløsning.`,
  unknownUpload: 'Et af billederne blev ikke genkendt. Upload det igen.',
} as const;

/** The file extension of each accepted type, for downloads and object keys. */
export const imageExtensions: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heif',
};

/** 'jpg' for 'image/jpeg'; 'bin' for anything else. */
export function imageExtension(contentType: string): string {
  return imageExtensions[contentType] ?? 'bin';
}

/**
 * POST /api/objects/upload: the picked file's type, name and size, all only hints (the server judges
 * the bytes). Anything else in them is ignored rather than refused; an empty body is fine.
 */
export const uploadRequestSchema = z
  .object({
    contentType: z.string().max(255).optional().catch(undefined),
    name: z.string().max(1024).optional().catch(undefined),
    /** The file's size in bytes: the upload budget counts it until the bytes arrive. */
    size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  })
  .catch({});
export const uploadAnswerSchema = z.object({ uploadURL: z.string() });

/**
 * The `images` of a lead: the upload URLs our server issued (POST /api/objects/upload), at most
 * `max`. The server checks that it issued each one and that an image arrived there.
 */
export function imageUploadsField(max: number) {
  return z
    .array(
      z
        .string({ error: imageMessages.unknownUpload })
        .min(1, { error: imageMessages.unknownUpload })
        .max(2048, { error: imageMessages.unknownUpload })
        .refine((url) => !hasControlCharacters(url), { error: imageMessages.unknownUpload }),
      { error: imageMessages.unknownUpload },
    )
    .max(max, { error: imageMessages.tooMany(max) })
    .default([]);
}
