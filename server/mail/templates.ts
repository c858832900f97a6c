/**
 * The e-mails: a notification to the company inbox for every lead, and the requested PDF to the
 * sender of a resource request. Each has a text and an HTML part; all user text in HTML is
 * escaped. The notification shows the lead's fields as labelled rows (domain/lead.ts), so a new
 * form field reaches the e-mail by getting its row there.
 */
import { company } from '../../domain/company.ts';
import { promises } from '../../domain/constants.ts';
import {
  leadKindLabels,
  leadRows,
  leadTopic,
  leadValues,
  type LeadDetails,
  type LeadKind,
  type LeadRow,
} from '../../domain/lead.ts';
import { definiteResourceType, type Resource } from '../../domain/resources.ts';
import { possibleSpamLabel, spamReasonLabels, type SpamReason } from '../../domain/spam.ts';
import { escapeHtml, formatDanishDateTime, multilineHtml } from './html.ts';
import type { MailAttachment } from './transport.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

/** A stored lead as the e-mails need it. */
export interface LeadForMail {
  kind: LeadKind;
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  details: LeadDetails;
  createdAt: Date;
  /** Weak spam reasons of a lead handled anyway: the staff e-mail marks it "Mulig spam". */
  spamReasons?: readonly string[] | null;
}

/** Longest name an e-mail to a visitor-typed address repeats. */
export const maxGreetingNameLength = 60;

/**
 * The visitor's name as an e-mail to the address they typed may repeat it (in `To:` and the
 * greeting): only when it is plainly a name: letters of any script (æ, ø, å included), spaces,
 * hyphens and apostrophes, at most 60 characters and six words. No digits, dots, slashes, "@" or
 * links, so a "name" cannot carry a message or an address. Null otherwise.
 */
export function greetingName(name: string): string | null {
  const clean = name.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (clean === '' || clean.length > maxGreetingNameLength) return null;
  if (!/^[\p{L}\p{M}]+(?:[ '’-]+[\p{L}\p{M}]+)*$/u.test(clean)) return null;
  if (clean.split(' ').length > 6) return null;
  return clean;
}

/** "Hej Anne Hansen", or "Hej" alone when the name is not plainly a name. */
export function greeting(name: string): string {
  const safe = greetingName(name);
  return safe ? `Hej ${safe}` : 'Hej';
}

/** The photos of a lead as the notification carries them. */
export type LeadPhotos =
  | { kind: 'none' }
  /** Attached to the e-mail; `missing` names photos whose object is gone from storage. */
  | { kind: 'attached'; files: MailAttachment[]; missing: string[] }
  /** Too large to attach: signed links that work until `validUntil`. */
  | { kind: 'links'; links: { name: string; url: string }[]; totalBytes: number; validUntil: Date };

/** The lead's fields by the names its form uses. */
function valuesOf(lead: LeadForMail): Record<string, string> {
  return leadValues(
    lead.kind,
    { name: lead.name, email: lead.email, phone: lead.phone ?? undefined },
    lead.details,
  );
}

/**
 * 'Akut skade: Vandskade – SK-7F3K2Q', 'Kontaktformular: Genhusning – SK-…',
 * 'Ressource anmodet: Er du klar til skybrud? – RS-…'.
 */
function leadSubject(lead: LeadForMail): string {
  const values = valuesOf(lead);
  // Leads stored before their fields were kept one by one carry the topic as it was sent.
  const topic = leadTopic(lead.kind, values) || values.legacyService || '';
  const label = lead.kind === 'ressource' ? 'Ressource anmodet' : leadKindLabels[lead.kind];
  return topic ? `${label}: ${topic} – ${lead.reference}` : `${label} – ${lead.reference}`;
}

/** What staff should do, first thing in the message. */
function urgencyLine(lead: LeadForMail): string {
  if (lead.kind === 'akut-skade') {
    return `Akut: ring til kunden inden for ${promises.emergencyCallbackMinutes} minutter.`;
  }
  if (lead.kind === 'ressource') {
    const resource = definiteResourceType(lead.details.resourceType ?? '');
    return `${capitalise(resource)} er sendt automatisk til ${lead.email}. Svar inden for ${promises.replyHours} timer, hvis du følger op.`;
  }
  return `Svar kunden inden for ${promises.replyHours} timer.`;
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function rowsText(rows: readonly LeadRow[]): string {
  return rows.map((row) => `${row.label}: ${row.value.replace(/\r?\n/g, '\n  ')}`).join('\n');
}

function rowsHtml(rows: readonly LeadRow[]): string {
  return rows
    .map((row) => {
      const value = row.href
        ? `<a href="${escapeHtml(row.href)}" style="color:#0f766e">${escapeHtml(row.value)}</a>`
        : multilineHtml(row.value);
      return `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#475569;font-weight:600;white-space:nowrap">${escapeHtml(row.label)}</th><td style="padding:6px 0;vertical-align:top">${value}</td></tr>`;
    })
    .join('');
}

/**
 * The lead's fields as a data table: each row pairs a field's name (a row header, so a screen
 * reader announces it with the value) with what was sent. The e-mails use no layout tables.
 */
export function table(rows: readonly LeadRow[]): string {
  return `<table style="border-collapse:collapse;width:100%;margin:0 0 16px">${rowsHtml(rows)}</table>`;
}

/**
 * The company's details at the foot of every e-mail, the same in its text and its HTML part:
 * legal name, CVR, address, phone and e-mail.
 */
export function companyFooter(): string[] {
  return [
    company.legalName,
    `CVR ${company.cvr}`,
    `${company.address.street}, ${company.address.postalCode} ${company.address.city}`,
    `Telefon ${company.phoneDisplay}`,
    company.email,
  ];
}

/** The text part of an e-mail: its lines, then the company footer below a signature separator. */
export function plainText(lines: readonly string[]): string {
  return [...lines, '', '-- ', companyFooter().join(' · ')].join('\n');
}

export function layout(title: string, intro: string, content: string): string {
  return `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px;line-height:1.5">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px;color:#334155">${intro}</p>
${content}
<p style="margin:24px 0 0;font-size:13px;color:#64748b">${companyFooter().map(escapeHtml).join(' · ')}</p>
</div></body></html>`;
}

export const heading = (text: string) =>
  `<h2 style="font-size:16px;margin:16px 0 8px">${escapeHtml(text)}</h2>`;
export const list = (items: readonly string[]) =>
  `<ul style="margin:0 0 16px;padding-left:20px">${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

/** '3,4 MB' */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString('da-DK', { maximumFractionDigits: 1 })} MB`;
}

/** The photos as the staff e-mails carry them: attached and named, or linked. */
export function photoParts(photos: LeadPhotos): { text: string[]; html: string[] } {
  if (photos.kind === 'attached' && photos.files.length + photos.missing.length > 0) {
    const count = photos.files.length + photos.missing.length;
    const missing = photos.missing.map((name) => `${name} findes ikke længere i lageret`);
    return {
      text: [
        `Billeder (${count}), vedhæftet denne e-mail:`,
        ...photos.files.map((file) => `- ${file.filename}`),
        ...missing.map((line) => `- ${line}`),
        '',
      ],
      html: [
        `${heading(`Billeder (${count})`)}<p style="margin:0 0 8px">Vedhæftet denne e-mail:</p>${list([
          ...photos.files.map((file) => escapeHtml(file.filename)),
          ...missing.map(escapeHtml),
        ])}`,
      ],
    };
  }
  if (photos.kind === 'links' && photos.links.length > 0) {
    const until = formatDanishDateTime(photos.validUntil);
    const size = `${formatMegabytes(photos.totalBytes)} i alt`;
    return {
      text: [
        `Billeder (${photos.links.length}) – for store til at vedhæfte (${size}). Linkene virker til ${until}:`,
        ...photos.links.map((link, index) => `- Billede ${index + 1} (${link.name}): ${link.url}`),
        '',
      ],
      html: [
        `${heading(`Billeder (${photos.links.length})`)}<p style="margin:0 0 8px">For store til at vedhæfte (${escapeHtml(size)}). Linkene virker til ${escapeHtml(until)}.</p>${list(
          photos.links.map(
            (link, index) =>
              `<a href="${escapeHtml(link.url)}" style="color:#0f766e">Åbn billede ${index + 1}</a> (${escapeHtml(link.name)})`,
          ),
        )}`,
      ],
    };
  }
  return { text: [], html: [] };
}

/**
 * 'Mulig spam: Sendt få sekunder efter, at siden blev åbnet.' for a lead the spam checks found
 * weak signs on (it is handled anyway: a person may well have sent it); null for any other.
 */
function possibleSpam(lead: LeadForMail): string | null {
  const reasons = lead.spamReasons ?? [];
  if (reasons.length === 0) return null;
  const labels = reasons.map((reason) => spamReasonLabels[reason as SpamReason] ?? reason);
  return `${possibleSpamLabel}: ${labels.join('; ')}. Henvendelsen er behandlet som normalt; vurder den selv.`;
}

/** The staff notification of any lead: its fields as labelled rows, and its photos. */
export function renderLeadNotification(lead: LeadForMail, photos: LeadPhotos): RenderedMail {
  const label = leadKindLabels[lead.kind];
  const urgent = urgencyLine(lead);
  const rows: LeadRow[] = [
    { label: 'Reference', value: lead.reference },
    { label: 'Modtaget', value: formatDanishDateTime(lead.createdAt) },
    { label: 'Henvendelse', value: label },
    ...leadRows(lead.kind, valuesOf(lead)),
  ];
  const images = photoParts(photos);
  const reply = `Svar på denne e-mail for at skrive direkte til ${lead.name}.`;
  const title = `${label} – ${lead.reference}`;
  const suspicion = possibleSpam(lead);
  return {
    subject: suspicion ? `[${possibleSpamLabel}] ${leadSubject(lead)}` : leadSubject(lead),
    text: plainText([
      title,
      urgent,
      ...(suspicion ? ['', suspicion] : []),
      '',
      rowsText(rows),
      '',
      ...images.text,
      reply,
    ]),
    html: layout(
      title,
      escapeHtml(urgent),
      [
        ...(suspicion
          ? [
              `<p style="margin:0 0 16px;padding:8px 12px;background:#fef3c7;border-left:4px solid #d97706">${escapeHtml(suspicion)}</p>`,
            ]
          : []),
        table(rows),
        ...images.html,
        `<p style="margin:0">${escapeHtml(reply)}</p>`,
      ].join('\n'),
    ),
    attachments: photos.kind === 'attached' ? photos.files : [],
  };
}

/** The requested e-book or checklist, to the sender of the request. */
export function renderResourceDelivery(
  lead: LeadForMail,
  resource: Resource,
  pdf: MailAttachment,
): RenderedMail {
  const kind = resource.type.toLowerCase();
  // To an address anyone could have typed: no free text from the form (see greetingName).
  const hello = greeting(lead.name);
  const paragraphs = [
    `Tak for din interesse. Her er ${resource.definiteType} «${resource.title}» som PDF, vedhæftet denne e-mail.`,
    `Har du spørgsmål, eller vil du have hjælp til at komme i gang, så svar blot på denne e-mail eller ring til os på ${company.phoneDisplay}.`,
    `Sker skaden, er vi klar døgnet rundt på ${company.phoneDisplay}.`,
  ];
  const signature = ['Venlig hilsen', company.name, company.phoneDisplay, company.email];
  const html = layout(
    `${resource.type}: ${resource.title}`,
    `${escapeHtml(hello)},`,
    `${paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join('')}<p style="margin:16px 0 0">${signature.map(escapeHtml).join('<br>')}</p>`,
  );
  return {
    subject: `Din ${kind}: ${resource.title}`,
    text: plainText([`${hello},`, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), ...signature]),
    html,
    attachments: [pdf],
  };
}
