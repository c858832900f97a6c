/**
 * Turns claimed mail jobs into the messages to send: reads the submissions or requests (one query
 * per round), their images (attached for reports, signed links for emergencies) or the PDF.
 */
import { inArray } from 'drizzle-orm';
import { findResourceByTitle } from '../../domain/resources.ts';
import type { Db } from '../db/client.ts';
import { contactSubmissions, resourceRequests } from '../db/schema.ts';
import type { ClaimedMailJob } from './outbox.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { loadResourcePdf } from './resource-pdfs.ts';
import {
  renderResourceDelivery,
  renderResourceNotification,
  renderSubmissionNotification,
  type RenderedMail,
  type SubmissionImages,
} from './templates.ts';
import type { MailAttachment, OutgoingMail } from './transport.ts';

export interface ComposeDeps {
  db: Db;
  storage: Pick<ObjectStore, 'get' | 'signedReadUrl'>;
  mail: { from: string; to: string };
  publicUrl: string;
  pdfDir?: string | undefined;
  now?: () => Date;
}

/** Staff image links in emergency e-mails stay valid this long. */
export const imageLinkTtlSeconds = 7 * 24 * 60 * 60;

/** Images are stored in the submission row as 'object:<key>' (never as data). */
export const objectReferencePrefix = 'object:';

export function objectKeyOfReference(reference: string): string | null {
  return reference.startsWith(objectReferencePrefix) ? reference.slice(objectReferencePrefix.length) : null;
}

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heif',
};

export function imageExtension(contentType: string): string {
  return extensions[contentType] ?? 'bin';
}

function payloadId(job: ClaimedMailJob, key: 'submissionId' | 'requestId'): string {
  const value = (job.payload as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'string') throw new Error(`mail job ${job.id} (${job.kind}) has no ${key}`);
  return value;
}

/** The rows a round of jobs refers to, by id. */
export interface MailRows {
  submissions: ReadonlyMap<string, typeof contactSubmissions.$inferSelect>;
  requests: ReadonlyMap<string, typeof resourceRequests.$inferSelect>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the submissions and requests of a whole round of jobs: one query per table instead of
 * one per job (under load a round holds many jobs). A missing row fails only its own job.
 */
export async function loadMailRows(db: Db, jobs: readonly ClaimedMailJob[]): Promise<MailRows> {
  const ids = (key: 'submissionId' | 'requestId') => [
    ...new Set(
      jobs
        .map((job) => (job.payload as Record<string, unknown> | null)?.[key])
        // A malformed id would fail the whole query; its job fails on its own in composeMail.
        .filter((id): id is string => typeof id === 'string' && uuidPattern.test(id)),
    ),
  ];
  const submissionIds = ids('submissionId');
  const requestIds = ids('requestId');
  const [submissions, requests] = await Promise.all([
    submissionIds.length > 0
      ? db.select().from(contactSubmissions).where(inArray(contactSubmissions.id, submissionIds))
      : [],
    requestIds.length > 0
      ? db.select().from(resourceRequests).where(inArray(resourceRequests.id, requestIds))
      : [],
  ]);
  return {
    submissions: new Map(submissions.map((row) => [row.id, row])),
    requests: new Map(requests.map((row) => [row.id, row])),
  };
}

/** The message of one job, from the rows loadMailRows read for its round. */
export async function composeMail(
  deps: ComposeDeps,
  job: ClaimedMailJob,
  rows: MailRows,
): Promise<OutgoingMail> {
  const messageId = `<${job.id}@${new URL(deps.publicUrl).hostname}>`;
  const base = { messageId, from: deps.mail.from };

  if (job.kind === 'submission-notification') {
    const id = payloadId(job, 'submissionId');
    const row = rows.submissions.get(id);
    if (!row) throw new Error(`submission ${id} not found`);
    const images = await submissionImages(deps, row.type, row.images ?? []);
    const rendered = renderSubmissionNotification(row, images);
    return {
      ...base,
      ...mailParts(rendered),
      to: deps.mail.to,
      replyTo: { name: row.name, address: row.email },
    };
  }

  if (job.kind === 'resource-delivery' || job.kind === 'resource-notification') {
    const id = payloadId(job, 'requestId');
    const row = rows.requests.get(id);
    if (!row) throw new Error(`resource request ${id} not found`);
    if (job.kind === 'resource-notification') {
      const rendered = renderResourceNotification(row);
      return {
        ...base,
        ...mailParts(rendered),
        to: deps.mail.to,
        replyTo: { name: row.fullName, address: row.email },
      };
    }
    const resource = findResourceByTitle(row.resourceTitle);
    if (!resource) throw new Error(`resource "${row.resourceTitle}" is not in the catalogue`);
    const pdf = await loadResourcePdf(resource, deps.pdfDir);
    const rendered = renderResourceDelivery(row, pdf);
    return {
      ...base,
      ...mailParts(rendered),
      to: { name: row.fullName, address: row.email },
      replyTo: deps.mail.to,
    };
  }

  throw new Error(`unknown mail job kind "${job.kind}"`);
}

function mailParts(rendered: RenderedMail) {
  return {
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: rendered.attachments,
  };
}

async function submissionImages(
  deps: ComposeDeps,
  type: string,
  references: readonly string[],
): Promise<SubmissionImages> {
  const keys = references.map(objectKeyOfReference).filter((key): key is string => key !== null);
  if (keys.length === 0) return { kind: 'none' };
  if (type === 'anmeldelse') {
    const files: MailAttachment[] = [];
    for (const [index, key] of keys.entries()) {
      const object = await deps.storage.get(key);
      if (!object) throw new Error(`image object ${key} is missing`);
      files.push({
        filename: `billede-${index + 1}.${imageExtension(object.contentType)}`,
        content: object.body,
        contentType: object.contentType,
      });
    }
    return { kind: 'attached', files };
  }
  const now = deps.now?.() ?? new Date();
  const links = await Promise.all(
    keys.map(async (key) => ({ url: await deps.storage.signedReadUrl(key, imageLinkTtlSeconds) })),
  );
  return { kind: 'links', links, validUntil: new Date(now.getTime() + imageLinkTtlSeconds * 1000) };
}
