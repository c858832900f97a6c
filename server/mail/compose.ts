/**
 * Turns claimed mail jobs into the messages to send: reads the leads of a round and their photos
 * (one query per table per round), then per job the photo objects or the requested PDF.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { imageExtension } from '../../domain/images.ts';
import { findResourceByTitle } from '../../domain/resources.ts';
import type { Db } from '../db/client.ts';
import { caseMessages, casePhotos, leadImages, leads } from '../db/schema.ts';
import { caseUrl, issueCaseToken } from '../case/links.ts';
import {
  isCaseMailKind,
  renderCaseLinkMail,
  renderCaseMessageMail,
  renderCasePhotosMail,
} from './case-mail.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { composeFiguresMail } from './figures-mail.ts';
import { composeOncallMail, isOncallMailKind } from './oncall-mail.ts';
import type { ClaimedMailJob } from './outbox.ts';
import { renderLeadReceipt } from './receipt.ts';
import { composeSpamDigestMail } from './spam-digest-mail.ts';
import { composeLoginAlertMail } from '../services/staff-login-mail.ts';
import { loginAlertMailKind } from '../services/staff-login.ts';
import { loadResourcePdf } from './resource-pdfs.ts';
import {
  formatMegabytes,
  greetingName,
  renderLeadNotification,
  renderResourceDelivery,
  type LeadForMail,
  type LeadPhotos,
  type RenderedMail,
} from './templates.ts';
import { buildMessage, type MailAttachment, type OutgoingMail } from './transport.ts';

export interface ComposeDeps {
  db: Db;
  storage: Pick<ObjectStore, 'get' | 'signedReadUrl'>;
  mail: { from: string; to: string };
  publicUrl: string;
  pdfDir?: string | undefined;
  now?: () => Date;
}

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

type LeadRow = typeof leads.$inferSelect;
type LeadImageRow = typeof leadImages.$inferSelect;

/** The rows a round of jobs refers to, by lead id. */
export interface MailRows {
  leads: ReadonlyMap<string, LeadRow>;
  /** Each lead's photos in the order they were sent (only for leads with a notification or receipt job). */
  images: ReadonlyMap<string, readonly LeadImageRow[]>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function leadIdOf(job: ClaimedMailJob): string | undefined {
  const value = (job.payload as Record<string, unknown> | null)?.leadId;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Reads the leads and photos of a whole round of jobs: one query per table instead of one per
 * job (under load a round holds many jobs). A missing row fails only its own job.
 */
export async function loadMailRows(db: Db, jobs: readonly ClaimedMailJob[]): Promise<MailRows> {
  // A malformed id would fail the whole query; its job fails on its own in composeMail.
  const valid = (id: string | undefined): id is string => id !== undefined && uuidPattern.test(id);
  const leadIds = [...new Set(jobs.map(leadIdOf).filter(valid))];
  const notified = [
    ...new Set(
      jobs
        .filter((job) => job.kind === 'lead-notification' || job.kind === 'lead-receipt')
        .map(leadIdOf)
        .filter(valid),
    ),
  ];
  const [leadRows, imageRows] = await Promise.all([
    leadIds.length > 0 ? db.select().from(leads).where(inArray(leads.id, leadIds)) : [],
    notified.length > 0
      ? db
          .select()
          .from(leadImages)
          .where(inArray(leadImages.leadId, notified))
          .orderBy(asc(leadImages.leadId), asc(leadImages.position))
      : [],
  ]);
  const images = new Map<string, LeadImageRow[]>();
  for (const row of imageRows) {
    const list = images.get(row.leadId) ?? [];
    list.push(row);
    images.set(row.leadId, list);
  }
  return { leads: new Map(leadRows.map((row) => [row.id, row])), images };
}

/** The message of one job, from the rows loadMailRows read for its round. */
export async function composeMail(
  deps: ComposeDeps,
  job: ClaimedMailJob,
  rows: MailRows,
): Promise<OutgoingMail> {
  if (job.kind === 'oncall-figures') return composeFiguresMail(deps, job);
  if (job.kind === 'spam-digest') return composeSpamDigestMail(deps, job);
  if (job.kind === loginAlertMailKind) return composeLoginAlertMail(deps, job);
  if (isOncallMailKind(job.kind)) {
    const lead = rows.leads.get(leadIdOf(job) ?? '');
    if (!lead) throw new Error(`lead of mail job ${job.id} not found`);
    return composeOncallMail(deps, job, lead);
  }
  if (isCaseMailKind(job.kind)) return composeCaseMail(deps, job, rows);
  if (job.kind !== 'lead-notification' && job.kind !== 'resource-delivery' && job.kind !== 'lead-receipt') {
    throw new Error(`unknown mail job kind "${job.kind}"`);
  }
  const id = leadIdOf(job);
  if (id === undefined) throw new Error(`mail job ${job.id} (${job.kind}) has no leadId`);
  const lead = rows.leads.get(id);
  if (!lead) throw new Error(`lead ${id} not found`);
  // Stable per job: a message sent again after a crash is recognisable as the same one.
  const base = { messageId: `<${job.id}@${new URL(deps.publicUrl).hostname}>`, from: deps.mail.from };

  if (job.kind === 'lead-receipt') {
    // The link to the case page: a token made now, kept only as its hash (server/case/links.ts).
    const token = await issueCaseToken(deps.db, { leadId: id, mailJobId: job.id });
    // No attachments: the receipt counts the photos, it does not carry them.
    const rendered = renderLeadReceipt(leadForMail(lead), rows.images.get(id)?.length ?? 0, {
      publicUrl: deps.publicUrl,
      caseUrl: token ? caseUrl(deps.publicUrl, token) : null,
    });
    return { ...base, ...mailParts(rendered), to: visitorAddress(lead), replyTo: deps.mail.to };
  }
  const { mail, size } =
    job.kind === 'lead-notification'
      ? await leadNotification(deps, lead, rows.images.get(id) ?? [], (rendered) => ({
          ...base,
          ...mailParts(rendered),
          to: deps.mail.to,
          replyTo: { name: lead.name, address: lead.email },
        }))
      : await resourceDelivery(deps, lead, (rendered) => ({
          ...base,
          ...mailParts(rendered),
          to: visitorAddress(lead),
          replyTo: deps.mail.to,
        }));
  if (size > mailSizeLimits.messageBytes) {
    throw new Error(`the ${job.kind} e-mail of lead ${id} would be ${formatMegabytes(size)}; not sent`);
  }
  return mail;
}

/** The typed address, with the name only when it is plainly a name (greetingName). */
function visitorAddress(lead: LeadRow): string | { name: string; address: string } {
  const name = greetingName(lead.name);
  return name ? { name, address: lead.email } : lead.email;
}

function mailParts(rendered: RenderedMail) {
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

async function measure(mail: OutgoingMail): Promise<MeasuredMail> {
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
  const forMail = leadForMail(lead);
  if (images.length === 0) return measure(toMail(renderLeadNotification(forMail, { kind: 'none' })));
  const names = attachmentNames(images);
  // lead_images.bytes decides before any object is read.
  let totalBytes = images.reduce((sum, image) => sum + image.bytes, 0);
  if (totalBytes <= mailSizeLimits.attachedPhotosBytes) {
    const read = await attachedPhotos(deps, images, names);
    if ('photos' in read) {
      const attached = await measure(toMail(renderLeadNotification(forMail, read.photos)));
      if (attached.size <= mailSizeLimits.messageBytes) return attached;
    }
    totalBytes = Math.max(totalBytes, read.bytes);
  }
  const links = await photoLinks(deps, images, names, totalBytes);
  return measure(toMail(renderLeadNotification(forMail, links)));
}

function leadForMail(lead: LeadRow): LeadForMail {
  return {
    kind: lead.kind,
    reference: lead.reference,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    details: lead.details,
    createdAt: lead.createdAt,
    spamReasons: lead.spamReasons,
  };
}

/**
 * The photos read from storage, attached; without `photos` when they turn out larger than their
 * rows said. `bytes`: what was read.
 */
async function attachedPhotos(
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

async function photoLinks(
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
    .replace(/^[\s._-]+|[\s._-]+$/g, '')
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

/**
 * The case page's e-mails: a new link to the customer (its token made now, like the receipt's),
 * and to the company inbox the photos of one upload (attached or linked as in the lead
 * notification) or one message.
 */
async function composeCaseMail(
  deps: ComposeDeps,
  job: ClaimedMailJob,
  rows: MailRows,
): Promise<OutgoingMail> {
  const payload = (job.payload ?? {}) as { leadId?: string; batchId?: string; messageId?: string };
  const lead = rows.leads.get(payload.leadId ?? '');
  if (!lead) throw new Error(`lead of mail job ${job.id} not found`);
  const base = { messageId: `<${job.id}@${new URL(deps.publicUrl).hostname}>`, from: deps.mail.from };
  const forMail = leadForMail(lead);
  if (job.kind === 'case-link') {
    const token = await issueCaseToken(deps.db, { leadId: lead.id, mailJobId: job.id });
    if (!token) throw new Error(`the case links of lead ${lead.id} are closed; no new link sent`);
    const rendered = renderCaseLinkMail(forMail, caseUrl(deps.publicUrl, token));
    return { ...base, ...mailParts(rendered), to: visitorAddress(lead), replyTo: deps.mail.to };
  }
  const staffMail = (rendered: RenderedMail): OutgoingMail => ({
    ...base,
    ...mailParts(rendered),
    to: deps.mail.to,
    replyTo: { name: lead.name, address: lead.email },
  });
  if (job.kind === 'case-message') {
    const [message] = await deps.db
      .select()
      .from(caseMessages)
      .where(and(eq(caseMessages.id, payload.messageId ?? ''), eq(caseMessages.leadId, lead.id)));
    if (!message) throw new Error(`case message of mail job ${job.id} not found`);
    return staffMail(renderCaseMessageMail(forMail, message.body, message.createdAt));
  }
  const batch = await deps.db
    .select({ image: leadImages, addedAt: casePhotos.createdAt })
    .from(casePhotos)
    .innerJoin(leadImages, eq(leadImages.id, casePhotos.imageId))
    .where(and(eq(casePhotos.batchId, payload.batchId ?? ''), eq(casePhotos.leadId, lead.id)))
    .orderBy(asc(leadImages.position));
  if (batch.length === 0) throw new Error(`the photos of mail job ${job.id} are gone`);
  const images = batch.map((row) => row.image);
  const render = (photos: LeadPhotos) =>
    staffMail(renderCasePhotosMail(forMail, photos, images.length, batch[0]!.addedAt));
  const names = attachmentNames(images);
  let totalBytes = images.reduce((sum, image) => sum + image.bytes, 0);
  if (totalBytes <= mailSizeLimits.attachedPhotosBytes) {
    const read = await attachedPhotos(deps, images, names);
    if ('photos' in read) {
      const attached = await measure(render(read.photos));
      if (attached.size <= mailSizeLimits.messageBytes) return attached.mail;
    }
    totalBytes = Math.max(totalBytes, read.bytes);
  }
  return render(await photoLinks(deps, images, names, totalBytes));
}
