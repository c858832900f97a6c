/**
 * The e-mails about a lead: the staff notification (photos attached while they fit, else signed
 * links), the requested PDF to a resource request's sender, and the daily spam digest; plus the
 * photo and address helpers the case page's e-mails share. Registered by kind with the mail
 * outbox (server/mail-composers.ts).
 */
import { imageExtension } from '../../domain/images.ts';
import { findResourceByTitle } from '../../domain/resources.ts';
import {
  leadOfJob,
  messageBase,
  type ComposeDeps,
  type LeadImageRow,
  type LeadRow,
  type MailComposers,
  type MailRows,
} from '../mail/compose.ts';
import type { ClaimedMailJob } from '../mail/outbox.ts';
import { formatMegabytes, greetingName, type RenderedMail } from '../mail/layout.ts';
import { buildMessage, type MailAttachment, type OutgoingMail } from '../mail/transport.ts';
import { customerReplyTo, repliesComeBack, staffReplyTo } from '../mail/reply-tags.ts';
import { inboxLeadUrl, staffNotice } from '../mail/staff-notice.ts';
import {
  renderLeadNotification,
  renderResourceDelivery,
  type LeadForMail,
  type LeadPhotos,
} from './lead-templates.ts';
import { loadResourcePdf } from './resource-pdfs.ts';
import { originalReference } from './duplicates.ts';
import { composeSpamDigestMail } from './spam-digest-mail.ts';

const megabyte = 1024 * 1024;

/**
 * How large the staff e-mail may get. Photos are attached while their total stays within
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

/** The lead's notification to the company inbox, or the requested PDF to its sender. */
async function composeLeadMail(
  deps: ComposeDeps,
  job: ClaimedMailJob,
  rows: MailRows,
): Promise<OutgoingMail> {
  const lead = leadOfJob(job, rows);
  const base = messageBase(deps, job);
  const { mail, size } =
    job.kind === 'lead-notification'
      ? await leadNotification(deps, lead, rows.images.get(lead.id) ?? [], (rendered) => ({
          ...base,
          ...mailParts(rendered),
          to: deps.mail.to,
          ...staffReplyHeader(deps, lead.id),
        }))
      : await resourceDelivery(deps, lead, (rendered) => ({
          ...base,
          ...mailParts(rendered),
          to: visitorAddress(lead),
          replyTo: customerReplyTo(deps, lead.id),
        }));
  if (size > mailSizeLimits.messageBytes) {
    throw new Error(`the ${job.kind} e-mail of lead ${lead.id} would be ${formatMegabytes(size)}; not sent`);
  }
  return mail;
}

export const leadMailComposers: MailComposers = {
  'lead-notification': { compose: composeLeadMail, withPhotos: true },
  'resource-delivery': { compose: composeLeadMail },
  'spam-digest': { compose: composeSpamDigestMail },
};

/** How a notification to staff about the lead ends: the thread's link, and whether to answer by e-mail. */
export function staffNoticeOf(deps: ComposeDeps, leadId: string) {
  return staffNotice(inboxLeadUrl(deps.publicUrl, leadId), repliesComeBack(deps));
}

/** The Reply-To of a notification to staff: the lead's staff tag, or none without a reply mailbox. */
export function staffReplyHeader(deps: ComposeDeps, leadId: string): { replyTo?: string } {
  const replyTo = staffReplyTo(deps, leadId);
  return replyTo ? { replyTo } : {};
}

/** The typed address, with the name only when it is plainly a name (greetingName). */
export function visitorAddress(lead: LeadRow): string | { name: string; address: string } {
  const name = greetingName(lead.name);
  return name ? { name, address: lead.email } : lead.email;
}

export function mailParts(rendered: RenderedMail) {
  return {
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: rendered.attachments,
  };
}

/** A message and its finished size in bytes, as it travels (headers, parts, encoded attachments). */
interface MeasuredMail {
  mail: OutgoingMail;
  size: number;
}

export async function measure(mail: OutgoingMail): Promise<MeasuredMail> {
  return { mail, size: (await buildMessage(mail)).length };
}

/**
 * The staff notification: photos attached when they fit, otherwise (or when the finished
 * message would be too large) as signed links.
 */
async function leadNotification(
  deps: ComposeDeps,
  lead: LeadRow,
  images: readonly LeadImageRow[],
  toMail: (rendered: RenderedMail) => OutgoingMail,
): Promise<MeasuredMail> {
  const forMail = { ...leadForMail(lead), duplicateOf: await originalReference(deps.db, lead.duplicateOf) };
  const notice = staffNoticeOf(deps, lead.id);
  if (images.length === 0) return measure(toMail(renderLeadNotification(forMail, { kind: 'none' }, notice)));
  const names = attachmentNames(images);
  // lead_images.bytes decides before any object is read.
  let totalBytes = images.reduce((sum, image) => sum + image.bytes, 0);
  if (totalBytes <= mailSizeLimits.attachedPhotosBytes) {
    const read = await attachedPhotos(deps, images, names);
    if ('photos' in read) {
      const attached = await measure(toMail(renderLeadNotification(forMail, read.photos, notice)));
      if (attached.size <= mailSizeLimits.messageBytes) return attached;
    }
    totalBytes = Math.max(totalBytes, read.bytes);
  }
  const links = await photoLinks(deps, images, names, totalBytes);
  return measure(toMail(renderLeadNotification(forMail, links, notice)));
}

export function leadForMail(lead: LeadRow): LeadForMail {
  return {
    kind: lead.kind,
    reference: lead.reference,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    details: lead.details,
    createdAt: lead.createdAt,
    spamReasons: lead.spamReasons,
    priority: lead.priority,
    announcedCallbackMinutes: lead.announcedCallbackMinutes,
    announcedInSurge: lead.announcedInSurge,
    announcedFirstInLine: lead.announcedFirstInLine,
  };
}

/**
 * The photos read from storage, attached; without `photos` when they turn out larger than their
 * rows said. `bytes`: what was read.
 */
export async function attachedPhotos(
  deps: ComposeDeps,
  images: readonly LeadImageRow[],
  names: readonly string[],
): Promise<{ photos: LeadPhotos; bytes: number } | { bytes: number }> {
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

export async function photoLinks(
  deps: ComposeDeps,
  images: readonly LeadImageRow[],
  names: readonly string[],
  totalBytes: number,
): Promise<LeadPhotos> {
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

async function resourceDelivery(
  deps: ComposeDeps,
  lead: LeadRow,
  toMail: (rendered: RenderedMail) => OutgoingMail,
): Promise<MeasuredMail> {
  const title = lead.details.resourceTitle ?? '';
  const resource = findResourceByTitle(title);
  if (!resource) throw new Error(`resource "${title}" is not in the catalogue`);
  const pdf = await loadResourcePdf(resource, deps.pdfDir);
  return measure(toMail(renderResourceDelivery(leadForMail(lead), resource, pdf)));
}
