/**
 * A mail that shows a lead's photos, written once for every kind that does (the staff
 * notification of a lead, the photos a customer added on the case page): the photos are attached
 * while they fit, otherwise (or when the finished message would be too large) sent as signed
 * links, and the finished message is measured, so none leaves larger than mail servers take.
 */
import { imageExtension } from '../../domain/images.ts';
import type { ComposeDeps, LeadImageRow } from './compose.ts';
import { formatMegabytes } from './layout.ts';
import { buildMessage, type MailAttachment, type OutgoingMail } from './transport.ts';

const megabyte = 1024 * 1024;

/**
 * How large such an e-mail may get. Photos are attached while their total stays within
 * `attachedPhotosBytes`; past that, or when the finished message would pass `messageBytes`
 * (attachments grow by a third in transfer encoding), the e-mail carries signed links instead.
 * Many mail servers refuse messages over 20 MB.
 */
export const mailSizeLimits = {
  attachedPhotosBytes: 15 * megabyte,
  messageBytes: 20 * megabyte,
} as const;

/** Photo links in staff e-mails work this long. */
export const mailPhotoLinkTtlSeconds = 7 * 24 * 60 * 60;

/** The photos as an e-mail shows them. */
export type MailPhotos =
  | { kind: 'none' }
  /** Attached to the e-mail; `missing` names photos whose object is gone from storage. */
  | { kind: 'attached'; files: MailAttachment[]; missing: string[] }
  /** Too large to attach: signed links that work until `validUntil`. */
  | { kind: 'links'; links: { name: string; url: string }[]; totalBytes: number; validUntil: Date };

/** A message and its finished size in bytes, as it travels (headers, parts, encoded attachments). */
export interface MeasuredMail {
  mail: OutgoingMail;
  size: number;
}

export async function measure(mail: OutgoingMail): Promise<MeasuredMail> {
  return { mail, size: (await buildMessage(mail)).length };
}

/** The message, unless it is larger than mail servers take: then the job fails, saying why. */
export function withinSizeLimit(
  measured: MeasuredMail,
  what: { kind: string; leadId: string },
): OutgoingMail {
  if (measured.size > mailSizeLimits.messageBytes) {
    throw new Error(
      `the ${what.kind} e-mail of lead ${what.leadId} would be ${formatMegabytes(measured.size)}; not sent`,
    );
  }
  return measured.mail;
}

/**
 * The e-mail `render` makes with the photos: attached when they fit, otherwise (or when the
 * finished message would be too large) as signed links; refused when even that is too large.
 */
export async function mailWithPhotos(
  deps: ComposeDeps,
  what: { kind: string; leadId: string },
  images: readonly LeadImageRow[],
  render: (photos: MailPhotos) => OutgoingMail,
): Promise<OutgoingMail> {
  if (images.length === 0) return withinSizeLimit(await measure(render({ kind: 'none' })), what);
  const names = attachmentNames(images);
  // lead_images.bytes decides before any object is read.
  let totalBytes = images.reduce((sum, image) => sum + image.bytes, 0);
  if (totalBytes <= mailSizeLimits.attachedPhotosBytes) {
    const read = await attachedPhotos(deps, images, names);
    if ('photos' in read) {
      const attached = await measure(render(read.photos));
      if (attached.size <= mailSizeLimits.messageBytes) return attached.mail;
    }
    totalBytes = Math.max(totalBytes, read.bytes);
  }
  const links = await photoLinks(deps, images, names, totalBytes);
  return withinSizeLimit(await measure(render(links)), what);
}

/**
 * The photos read from storage, attached; without `photos` when they turn out larger than their
 * rows said. `bytes`: what was read.
 */
async function attachedPhotos(
  deps: ComposeDeps,
  images: readonly LeadImageRow[],
  names: readonly string[],
): Promise<{ photos: MailPhotos; bytes: number } | { bytes: number }> {
  const files: MailAttachment[] = [];
  const missing: string[] = [];
  let bytes = 0;
  for (const [index, image] of images.entries()) {
    const object = await deps.storage.get(image.objectKey);
    if (!object) {
      // Retrying would not bring it back; the e-mail still goes, saying what is missing.
      missing.push(names[index]!);
      continue;
    }
    bytes += object.body.length;
    if (bytes > mailSizeLimits.attachedPhotosBytes) return { bytes };
    files.push({ filename: names[index]!, content: object.body, contentType: image.contentType });
  }
  return { photos: { kind: 'attached', files, missing }, bytes };
}

async function photoLinks(
  deps: ComposeDeps,
  images: readonly LeadImageRow[],
  names: readonly string[],
  totalBytes: number,
): Promise<MailPhotos> {
  const now = deps.now?.() ?? new Date();
  const links = await Promise.all(
    images.map(async (image, index) => ({
      name: names[index]!,
      url: await deps.storage.signedReadUrl(image.objectKey, mailPhotoLinkTtlSeconds),
    })),
  );
  return {
    kind: 'links',
    links,
    totalBytes,
    validUntil: new Date(now.getTime() + mailPhotoLinkTtlSeconds * 1000),
  };
}

/**
 * A safe file name from the name the photo had on the sender's device: no folders, no control or
 * special characters, the extension of its real type. Without one: 'billede-<n>.<extension>'.
 */
export function attachmentName(originalName: string | null, position: number, contentType: string): string {
  const extension = imageExtension(contentType);
  const base = (originalName ?? '')
    .normalize('NFC')
    .replace(/^[\s\S]*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s._-]+|(?<![\s._-])[\s._-]+$/g, '')
    .slice(0, 80)
    .trimEnd();
  return `${base || `billede-${position}`}.${extension}`;
}

/** The file names of a lead's photos, in order, each used once. */
export function attachmentNames(
  images: readonly Pick<LeadImageRow, 'originalName' | 'contentType'>[],
): string[] {
  const taken = new Set<string>();
  return images.map((image, index) => {
    const name = attachmentName(image.originalName, index + 1, image.contentType);
    let unique = name;
    for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = name.replace(/(\.[^.]+)$/, `-${n}$1`);
    taken.add(unique.toLowerCase());
    return unique;
  });
}
