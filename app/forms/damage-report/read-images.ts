import { limits } from '../../../domain/constants';

/** An image chosen for the report, read into a data URL (SPEC §3: images are data-URL images). */
export interface PickedImage {
  id: string;
  name: string;
  dataUrl: string;
}

export interface ImageSelection {
  accepted: PickedImage[];
  /** Danish lines saying which files were refused and why. */
  refused: string[];
}

const maxMegabytes = limits.maxImageBytes / 1024 / 1024;

export const imagePickerMessages = {
  readFailed: 'Fejl ved behandling af billeder. Prøv igen.',
  notImage: (name: string) => `${name} er ikke et billede og blev ikke tilføjet.`,
  tooLarge: (name: string) => `${name} er større end ${maxMegabytes} MB og blev ikke tilføjet.`,
  tooMany: (skipped: number) =>
    `Du kan højst vedhæfte ${limits.reportMaxImages} billeder. ${
      skipped === 1 ? '1 billede blev' : `${skipped} billeder blev`
    } ikke tilføjet.`,
} as const;

/** Reads a file into a data URL with FileReader. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('Unexpected FileReader result'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(file);
  });
}

let nextId = 0;

/**
 * Keeps only images (type image/*) of at most 10 MB, up to 10 in all (DESIGN decision 5), and
 * reads them. Rejects when any file cannot be read: the caller shows 'Fejl ved behandling af
 * billeder. Prøv igen.' and adds none of the batch.
 */
export async function selectImages(
  files: readonly File[],
  alreadyPicked: number,
  read: (file: File) => Promise<string> = readAsDataUrl,
): Promise<ImageSelection> {
  const refused: string[] = [];
  const candidates: File[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) refused.push(imagePickerMessages.notImage(file.name));
    else if (file.size > limits.maxImageBytes) refused.push(imagePickerMessages.tooLarge(file.name));
    else candidates.push(file);
  }
  const room = Math.max(0, limits.reportMaxImages - alreadyPicked);
  const kept = candidates.slice(0, room);
  if (candidates.length > kept.length)
    refused.push(imagePickerMessages.tooMany(candidates.length - kept.length));
  const dataUrls = await Promise.all(kept.map((file) => read(file)));
  const accepted = kept.map((file, index) => ({
    id: `image-${++nextId}`,
    name: file.name,
    dataUrl: dataUrls[index]!,
  }));
  return { accepted, refused };
}
