/**
 * The e-mails of the customer's case page (server/case/): a new link to the customer when staff
 * send one, and to the company inbox one e-mail per batch of photos the customer added and one per
 * message they wrote. The link e-mail goes to an address a visitor typed, so like the receipt it
 * carries no free text from the form.
 */
import { company } from '../../domain/company.ts';
import { leadKindLabels } from '../../domain/lead.ts';
import { escapeHtml, formatDanishDateTime, multilineHtml } from './html.ts';
import {
  greeting,
  heading,
  layout,
  photoParts,
  plainText,
  type LeadForMail,
  type LeadPhotos,
  type RenderedMail,
} from './templates.ts';

export type CaseMailJob =
  /** A new link to the case page, to the customer (staff pressed "Send nyt link til kunden"). */
  | { kind: 'case-link'; payload: { leadId: string } }
  /** Photos the customer added on the case page, one e-mail per upload, to the company inbox. */
  | { kind: 'case-photos'; payload: { leadId: string; batchId: string } }
  /** A message the customer wrote on the case page, to the company inbox. */
  | { kind: 'case-message'; payload: { leadId: string; messageId: string } };

export const caseMailKinds: readonly string[] = ['case-link', 'case-photos', 'case-message'];

export function isCaseMailKind(kind: string): kind is CaseMailJob['kind'] {
  return caseMailKinds.includes(kind);
}

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
): RenderedMail {
  const title = `Nye billeder til ${lead.reference}`;
  const intro = `Kunden har tilføjet ${count === 1 ? '1 billede' : `${count} billeder`} på sagssiden ${formatDanishDateTime(addedAt)}.`;
  const images = photoParts(photos);
  const reply = `Svar på denne e-mail for at skrive direkte til ${lead.name}.`;
  return {
    subject: title,
    text: plainText([title, intro, caseIntro(lead), '', ...images.text, reply]),
    html: layout(
      title,
      escapeHtml(intro),
      [paragraph(caseIntro(lead)), ...images.html, paragraph(reply)].join('\n'),
    ),
    attachments: photos.kind === 'attached' ? photos.files : [],
  };
}

/** "Besked fra kunden til SK-…": a message written on the case page. */
export function renderCaseMessageMail(lead: LeadForMail, body: string, writtenAt: Date): RenderedMail {
  const title = `Besked fra kunden til ${lead.reference}`;
  const intro = `Kunden skrev på sagssiden ${formatDanishDateTime(writtenAt)}:`;
  const reply = `Svar på denne e-mail for at skrive direkte til ${lead.name}.`;
  return {
    subject: title,
    text: plainText([title, caseIntro(lead), '', intro, body, '', reply]),
    html: layout(
      title,
      escapeHtml(caseIntro(lead)),
      [
        heading('Beskeden'),
        `<p style="margin:0 0 8px;color:#475569">${escapeHtml(intro)}</p>`,
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #0f766e;background:#f8fafc">${multilineHtml(body)}</blockquote>`,
        paragraph(reply),
      ].join('\n'),
    ),
    attachments: [],
  };
}
