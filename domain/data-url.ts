import { z } from 'zod';
import { limits } from './constants.ts';

/**
 * Data-URL images of the damage report (DESIGN decision 5): 'data:image/<subtype>;base64,<data>'.
 * The browser reads files into these; the server decodes them and checks the real type by magic
 * bytes, so the declared subtype here is only a first filter.
 */
const dataUrlPattern = /^data:(image\/[a-z0-9.+-]+);base64,/i;
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

export interface ParsedDataUrl {
  mediaType: string;
  base64: string;
}

export function parseImageDataUrl(value: string): ParsedDataUrl | null {
  const match = dataUrlPattern.exec(value);
  if (!match) return null;
  const base64 = value.slice(match[0].length);
  if (base64.length === 0 || base64.length % 4 !== 0 || !base64Pattern.test(base64)) return null;
  return { mediaType: match[1]!.toLowerCase(), base64 };
}

/** Decoded byte length of base64 text without decoding it. */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

export const imageDataUrlMessages = {
  invalid: 'Filen er ikke et billede',
  tooLarge: `Billedet er større end ${limits.maxImageBytes / 1024 / 1024} MB`,
  tooMany: `Du kan højst vedhæfte ${limits.reportMaxImages} billeder`,
} as const;

export const imageDataUrlSchema = z.string({ error: imageDataUrlMessages.invalid }).check(
  z.superRefine((value, ctx) => {
    const parsed = parseImageDataUrl(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: imageDataUrlMessages.invalid });
    } else if (base64DecodedLength(parsed.base64) > limits.maxImageBytes) {
      ctx.addIssue({ code: 'custom', message: imageDataUrlMessages.tooLarge });
    }
  }),
);

export const imageDataUrlListSchema = z
  .array(imageDataUrlSchema)
  .max(limits.reportMaxImages, { error: imageDataUrlMessages.tooMany });
