import { limits } from '../../../../domain/constants';
import { maxImageMegabytes } from '../../../../domain/images';

export const imagePickerMessages = {
  /** The limits, said by the picker and by the plain file input before it. */
  limits: (maxImages: number) => `Højst ${maxImages} billeder på op til ${maxImageMegabytes} MB hver.`,
  notImage: (name: string) => `${name} er ikke et billede og blev ikke tilføjet.`,
  tooLarge: (name: string) => `${name} er større end ${maxImageMegabytes} MB og blev ikke tilføjet.`,
  tooMany: (skipped: number, maxImages: number) =>
    `Du kan højst vedhæfte ${maxImages} billeder. ${
      skipped === 1 ? '1 billede blev' : `${skipped} billeder blev`
    } ikke tilføjet.`,
} as const;

export interface ImageSelection {
  accepted: File[];
  /** Danish lines saying which files were refused and why. */
  refused: string[];
}

/**
 * Keeps only images (type image/*) of at most 10 MB, up to `maxImages` (the form's limit) in all
 * with those already picked. The server checks each upload's bytes again; this spares the visitor
 * uploads it would refuse.
 */
export function selectImages(
  files: readonly File[],
  alreadyPicked: number,
  maxImages: number,
): ImageSelection {
  const refused: string[] = [];
  const candidates: File[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) refused.push(imagePickerMessages.notImage(file.name));
    else if (file.size > limits.maxImageBytes) refused.push(imagePickerMessages.tooLarge(file.name));
    else candidates.push(file);
  }
  const room = Math.max(0, maxImages - alreadyPicked);
  const accepted = candidates.slice(0, room);
  if (candidates.length > accepted.length)
    refused.push(imagePickerMessages.tooMany(candidates.length - accepted.length, maxImages));
  return { accepted, refused };
}
