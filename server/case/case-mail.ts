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
import { z } from 'zod';
import {
  aboutLead,
  leadOfJob,
  mailComposersOf,
  mailKind,
  messageBase,
  type ComposeDeps,
  type LeadRow,
} from '../mail/compose.ts';
import { greeting, heading, layout, plainText, type RenderedMail } from '../mail/layout.ts';
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

/** A new link to the customer, its token made now (like the receipt's). */
export const caseLinkMail = mailKind('case-link', aboutLead, async (deps, job, rows) => {
  const lead = leadOfJob(job, rows);
  const token = await issueCaseToken(deps.db, { leadId: lead.id, mailJobId: job.id });
  if (!token) throw new Error(`the case links of lead ${lead.id} are closed; no new link sent`);
  const rendered = renderCaseLinkMail(leadForMail(lead), caseUrl(deps.publicUrl, token));
  return {
    ...messageBase(deps, job),
    ...mailParts(rendered),
    to: visitorAddress(lead),
    replyTo: customerReplyTo(deps, lead.id),
  };
});

/** A notification to the company inbox about the lead, answerable by e-mail. */
function staffMailOf(deps: ComposeDeps, job: { id: string }, lead: LeadRow) {
  return (rendered: RenderedMail): OutgoingMail => ({
    ...messageBase(deps, job),
    ...mailParts(rendered),
    to: deps.mail.to,
    ...staffReplyHeader(deps, lead.id),
  });
}

/**
 * One message the customer wrote on the case page, to the company inbox; with `to`, the copy to
 * the case's handler, queued beside the company inbox's.
 */
export const caseMessageMail = mailKind(
  'case-message',
  aboutLead.extend({
    messageId: z.string(),
    to: z.object({ name: z.string(), email: z.string() }).optional(),
  }),
  async (deps, job, rows) => {
    const lead = leadOfJob(job, rows);
    const [message] = await deps.db
      .select()
      .from(leadMessages)
      .where(and(eq(leadMessages.id, job.payload.messageId), eq(leadMessages.leadId, lead.id)));
    if (!message) throw new Error(`case message of mail job ${job.id} not found`);
    const notice = staffNoticeOf(deps, lead.id);
    const rendered = renderCaseMessageMail(leadForMail(lead), message.body, message.createdAt, notice);
    const mail = staffMailOf(deps, job, lead)(rendered);
    const { to } = job.payload;
    return to ? { ...mail, to: { name: to.name, address: to.email } } : mail;
  },
);

/** The photos of one upload on the case page, attached or linked as in the lead notification. */
export const casePhotosMail = mailKind(
  'case-photos',
  aboutLead.extend({ batchId: z.string() }),
  async (deps, job, rows) => {
    const lead = leadOfJob(job, rows);
    const batch = await deps.db
      .select({ image: leadImages, addedAt: casePhotos.createdAt })
      .from(casePhotos)
      .innerJoin(leadImages, eq(leadImages.id, casePhotos.imageId))
      .where(and(eq(casePhotos.batchId, job.payload.batchId), eq(casePhotos.leadId, lead.id)))
      .orderBy(asc(leadImages.position));
    if (batch.length === 0) throw new Error(`the photos of mail job ${job.id} are gone`);
    const images = batch.map((row) => row.image);
    const notice = staffNoticeOf(deps, lead.id);
    const render = (photos: LeadPhotos) =>
      staffMailOf(
        deps,
        job,
        lead,
      )(renderCasePhotosMail(leadForMail(lead), photos, images.length, batch[0]!.addedAt, notice));
    return mailWithPhotos(deps, { kind: job.kind, leadId: lead.id }, images, render);
  },
);

/**
 * The sender's receipt of a contact lead, damage report or emergency, with the link to the case
 * page: a token made now, kept only as its hash (server/case/links.ts). The receipt counts the
 * photos, it does not carry them; a private customer's carries the withdrawal form.
 */
const receiptMail = mailKind(
  'lead-receipt',
  aboutLead,
  async (deps, job, rows): Promise<OutgoingMail> => {
    const lead = leadOfJob(job, rows);
    const token = await issueCaseToken(deps.db, { leadId: lead.id, mailJobId: job.id });
    const forMail = { ...leadForMail(lead), duplicateOf: await originalReference(deps.db, lead.duplicateOf) };
    const rendered = renderLeadReceipt(forMail, rows.images.get(lead.id)?.length ?? 0, {
      publicUrl: deps.publicUrl,
      caseUrl: token ? caseUrl(deps.publicUrl, token) : null,
      ...(deps.priceInfo ? { priceInfo: deps.priceInfo } : {}),
    });
    return {
      ...messageBase(deps, job),
      ...mailParts(rendered),
      to: visitorAddress(lead),
      replyTo: customerReplyTo(deps, lead.id),
    };
  },
  { withPhotos: true },
);

export const caseMailComposers = mailComposersOf(receiptMail, caseLinkMail, casePhotosMail, caseMessageMail);
