/**
 * The e-mails of the customer's case page (server/case/): a new link to the customer when staff
 * send one, and to the company inbox one e-mail per batch of photos the customer added and one per
 * message they wrote. The link e-mail goes to an address a visitor typed, so like the receipt it
 * carries no free text from the form.
 */
import { company } from '../../domain/company.ts';
import { leadKindLabels } from '../../domain/lead.ts';
import { escapeHtml, formatDanishDateTime, multilineHtml } from '../mail/html.ts';
import {
  photoParts,
  type LeadForMail,
  type LeadPhotos,
  type StaffNoticeParts,
} from '../leads/lead-templates.ts';
import { customerReplyTo } from '../mail/reply-tags.ts';
import { and, asc, eq } from 'drizzle-orm';
import { casePhotos, leadImages, leadMessages } from '../db/schema.ts';
import {
  leadOfJob,
  messageBase,
  type ComposeDeps,
  type MailComposers,
  type MailRows,
} from '../mail/compose.ts';
import { greeting, heading, layout, plainText, type RenderedMail } from '../mail/layout.ts';
import type { ClaimedMailJob } from '../mail/outbox.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import { mailWithPhotos } from '../mail/photo-mail.ts';
import {
  leadForMail,
  mailParts,
  staffNoticeOf,
  staffReplyHeader,
  visitorAddress,
} from '../leads/lead-mails.ts';
import { renderLeadReceipt } from '../leads/receipt.ts';
import { originalReference } from '../leads/duplicates.ts';
import { caseUrl, issueCaseToken } from './links.ts';

const paragraph = (value: string) => `<p style="margin:0 0 12px">${escapeHtml(value)}</p>`;
const button = (href: string, text: string) =>
  `<p style="margin:0 0 12px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(text)}</a></p>`;

/** The new link to the customer's case page. */
export function renderCaseLinkMail(lead: LeadForMail, caseUrl: string): RenderedMail {
  const hello = greeting(lead.name);
  const lines = [
    `Her er et nyt link til din sag ${lead.reference}. Et tidligere link virker ikke længere.`,
    'På sagssiden kan du se, hvor langt vi er, sende flere billeder og skrive til os. Linket er personligt: del det kun med dem, der skal kunne se sagen.',
    `Har du spørgsmål, så ring til os på ${company.phoneDisplay}.`,
  ];
  const signature = ['Venlig hilsen', company.name];
  return {
    subject: `Nyt link til din sag – ${lead.reference}`,
    text: plainText([
      `${hello},`,
      '',
      lines[0]!,
      '',
      `Følg din sag: ${caseUrl}`,
      '',
      lines[1]!,
      lines[2]!,
      '',
      ...signature,
    ]),
    html: layout(
      'Nyt link til din sag',
      `${escapeHtml(hello)},`,
      [
        paragraph(lines[0]!),
        button(caseUrl, 'Følg din sag'),
        paragraph(lines[1]!),
        paragraph(lines[2]!),
        `<p style="margin:16px 0 0">${signature.map(escapeHtml).join('<br>')}</p>`,
      ].join('\n'),
    ),
    attachments: [],
  };
}

function caseIntro(lead: LeadForMail): string {
  return `${leadKindLabels[lead.kind]} ${lead.reference} fra ${lead.name}, modtaget ${formatDanishDateTime(lead.createdAt)}.`;
}

/** "Nye billeder til SK-…": the photos of one upload from the case page. */
export function renderCasePhotosMail(
  lead: LeadForMail,
  photos: LeadPhotos,
  count: number,
  addedAt: Date,
  notice: StaffNoticeParts,
): RenderedMail {
  const title = `Nye billeder til ${lead.reference}`;
  const intro = `Kunden har tilføjet ${count === 1 ? '1 billede' : `${count} billeder`} på sagssiden ${formatDanishDateTime(addedAt)}.`;
  const images = photoParts(photos);
  return {
    subject: title,
    text: plainText([title, intro, caseIntro(lead), '', ...images.text, ...notice.text]),
    html: layout(
      title,
      escapeHtml(intro),
      [paragraph(caseIntro(lead)), ...images.html, notice.html].join('\n'),
    ),
    attachments: photos.kind === 'attached' ? photos.files : [],
  };
}

/** "Besked fra kunden til SK-…": a message written on the case page. */
export function renderCaseMessageMail(
  lead: LeadForMail,
  body: string,
  writtenAt: Date,
  notice: StaffNoticeParts,
): RenderedMail {
  const title = `Besked fra kunden til ${lead.reference}`;
  const intro = `Kunden skrev på sagssiden ${formatDanishDateTime(writtenAt)}:`;
  return {
    subject: title,
    text: plainText([title, caseIntro(lead), '', intro, body, '', ...notice.text]),
    html: layout(
      title,
      escapeHtml(caseIntro(lead)),
      [
        heading('Beskeden'),
        `<p style="margin:0 0 8px;color:#475569">${escapeHtml(intro)}</p>`,
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #0f766e;background:#f8fafc">${multilineHtml(body)}</blockquote>`,
        notice.html,
      ].join('\n'),
    ),
    attachments: [],
  };
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
  const payload = (job.payload ?? {}) as {
    leadId?: string;
    batchId?: string;
    messageId?: string;
    to?: { name: string; email: string };
  };
  const lead = rows.leads.get(payload.leadId ?? '');
  if (!lead) throw new Error(`lead of mail job ${job.id} not found`);
  const base = messageBase(deps, job);
  const forMail = leadForMail(lead);
  if (job.kind === 'case-link') {
    const token = await issueCaseToken(deps.db, { leadId: lead.id, mailJobId: job.id });
    if (!token) throw new Error(`the case links of lead ${lead.id} are closed; no new link sent`);
    const rendered = renderCaseLinkMail(forMail, caseUrl(deps.publicUrl, token));
    return {
      ...base,
      ...mailParts(rendered),
      to: visitorAddress(lead),
      replyTo: customerReplyTo(deps, lead.id),
    };
  }
  const staffMail = (rendered: RenderedMail): OutgoingMail => ({
    ...base,
    ...mailParts(rendered),
    to: deps.mail.to,
    ...staffReplyHeader(deps, lead.id),
  });
  const notice = staffNoticeOf(deps, lead.id);
  if (job.kind === 'case-message') {
    const [message] = await deps.db
      .select()
      .from(leadMessages)
      .where(and(eq(leadMessages.id, payload.messageId ?? ''), eq(leadMessages.leadId, lead.id)));
    if (!message) throw new Error(`case message of mail job ${job.id} not found`);
    const mail = staffMail(renderCaseMessageMail(forMail, message.body, message.createdAt, notice));
    // The handler's copy, queued beside the company inbox's when the case had one.
    return payload.to ? { ...mail, to: { name: payload.to.name, address: payload.to.email } } : mail;
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
    staffMail(renderCasePhotosMail(forMail, photos, images.length, batch[0]!.addedAt, notice));
  return mailWithPhotos(deps, { kind: job.kind, leadId: lead.id }, images, render);
}

/**
 * The sender's receipt of a contact lead, damage report or emergency, with the link to the case
 * page: a token made now, kept only as its hash (server/case/links.ts). No attachments: the
 * receipt counts the photos, it does not carry them.
 */
async function composeReceipt(deps: ComposeDeps, job: ClaimedMailJob, rows: MailRows): Promise<OutgoingMail> {
  const lead = leadOfJob(job, rows);
  const token = await issueCaseToken(deps.db, { leadId: lead.id, mailJobId: job.id });
  const forMail = { ...leadForMail(lead), duplicateOf: await originalReference(deps.db, lead.duplicateOf) };
  const rendered = renderLeadReceipt(forMail, rows.images.get(lead.id)?.length ?? 0, {
    publicUrl: deps.publicUrl,
    caseUrl: token ? caseUrl(deps.publicUrl, token) : null,
  });
  return {
    ...messageBase(deps, job),
    ...mailParts(rendered),
    to: visitorAddress(lead),
    replyTo: customerReplyTo(deps, lead.id),
  };
}

export const caseMailComposers: MailComposers = {
  'lead-receipt': { compose: composeReceipt, withPhotos: true },
  'case-link': { compose: composeCaseMail },
  'case-photos': { compose: composeCaseMail },
  'case-message': { compose: composeCaseMail },
};
