/**
 * The e-mails (DESIGN decision 6): a notification to the company inbox for every submission and
 * resource request, and the requested PDF to the requester. Each has a text and an HTML part;
 * all user text in HTML is escaped.
 */
import { company } from '../../app/content/company.ts';
import { promises } from '../../domain/constants.ts';
import { contactSubmissionTypeLabels, type ContactSubmissionType } from '../../domain/contact.ts';
import {
  damageTypeLabels,
  parseInsurerDamageService,
  serviceOptionLabels,
  type ServiceOption,
} from '../../domain/enums.ts';
import { formatDanishPhone } from '../../domain/phone.ts';
import { escapeHtml, formatDanishDateTime, multilineHtml } from './html.ts';
import type { MailAttachment } from './transport.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

export interface SubmissionForMail {
  reference: string;
  type: string;
  name: string;
  email: string;
  phone: string | null;
  service: string;
  message: string | null;
  createdAt: Date;
}

/** Images of a submission as the e-mail shows them. */
export type SubmissionImages =
  | { kind: 'attached'; files: MailAttachment[] }
  | { kind: 'links'; links: { url: string }[]; validUntil: Date }
  | { kind: 'none' };

interface Row {
  label: string;
  /** Plain text (escaped for HTML). */
  value: string;
  /** Optional link target (mailto:, tel:, https:). */
  href?: string;
}

function typeLabel(type: string): string {
  return contactSubmissionTypeLabels[type as ContactSubmissionType] ?? type;
}

/** 'Akut skade: Vandskade – SK-7F3K2Q'; for the contact form the chosen service. */
export function submissionSubject(
  submission: Pick<SubmissionForMail, 'type' | 'service' | 'reference'>,
): string {
  const parsed = parseInsurerDamageService(submission.service);
  const topic = parsed
    ? damageTypeLabels[parsed.damageType]
    : (serviceOptionLabels[submission.service as ServiceOption] ?? submission.service);
  return `${typeLabel(submission.type)}: ${topic} – ${submission.reference}`;
}

/**
 * The assembled messages of the emergency and report forms are 'Label: value' lines; they read
 * best as a table. Lines without a label continue the previous value (a multi-line description).
 */
export function messageRows(message: string): Row[] | null {
  const rows: Row[] = [];
  for (const line of message.split(/\r?\n/)) {
    const match = /^([A-ZÆØÅa-zæøå][A-ZÆØÅa-zæøå .-]{0,30}): ?(.*)$/.exec(line);
    if (match) rows.push({ label: match[1]!, value: match[2]! });
    else if (rows.length > 0) rows.at(-1)!.value += `\n${line}`;
    else return null;
  }
  return rows.length > 1 ? rows : null;
}

function phoneRow(label: string, phone: string | null): Row {
  return phone
    ? { label, value: formatDanishPhone(phone), href: `tel:${phone.replace(/\s/g, '')}` }
    : { label, value: 'Ikke angivet' };
}

function rowsText(rows: Row[]): string {
  return rows.map((row) => `${row.label}: ${row.value.replace(/\n/g, '\n  ')}`).join('\n');
}

function rowsHtml(rows: Row[]): string {
  return rows
    .map((row) => {
      const value = row.href
        ? `<a href="${escapeHtml(row.href)}" style="color:#0f766e">${escapeHtml(row.value)}</a>`
        : multilineHtml(row.value);
      return `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#475569;font-weight:600;white-space:nowrap">${escapeHtml(row.label)}</th><td style="padding:6px 0;vertical-align:top">${value}</td></tr>`;
    })
    .join('');
}

function layout(title: string, intro: string, content: string): string {
  return `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px;line-height:1.5">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px;color:#334155">${intro}</p>
${content}
<p style="margin:24px 0 0;font-size:13px;color:#64748b">${escapeHtml(company.legalName)} · CVR ${escapeHtml(company.cvr)} · ${escapeHtml(company.phoneDisplay)} · ${escapeHtml(company.email)}</p>
</div></body></html>`;
}

function table(rows: Row[]): string {
  return `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px">${rowsHtml(rows)}</table>`;
}

/** The staff notification for a contact, emergency or report submission. */
export function renderSubmissionNotification(
  submission: SubmissionForMail,
  images: SubmissionImages,
): RenderedMail {
  const label = typeLabel(submission.type);
  const subject = submissionSubject(submission);
  const parsed = parseInsurerDamageService(submission.service);

  const contactRows: Row[] = [
    { label: 'Reference', value: submission.reference },
    { label: 'Modtaget', value: formatDanishDateTime(submission.createdAt) },
    { label: 'Henvendelse', value: label },
    { label: 'Navn', value: submission.name },
    { label: 'E-mail', value: submission.email, href: `mailto:${submission.email}` },
    phoneRow('Telefon', submission.phone),
  ];
  if (parsed) {
    contactRows.push({ label: 'Forsikringsselskab', value: parsed.insurer });
    contactRows.push({ label: 'Skadetype', value: damageTypeLabels[parsed.damageType] });
  } else {
    contactRows.push({
      label: 'Ønsket ydelse',
      value: serviceOptionLabels[submission.service as ServiceOption] ?? submission.service,
    });
  }

  const message = submission.message?.trim() ?? '';
  const detailRows = message ? messageRows(message) : null;

  const urgent =
    submission.type === 'akut-skade'
      ? `Akut: ring til kunden inden for ${promises.emergencyCallbackMinutes} minutter.`
      : `Svar kunden inden for ${promises.replyHours} timer.`;

  const textParts = [`${label} – reference ${submission.reference}`, urgent, '', rowsText(contactRows), ''];
  const htmlParts = [table(contactRows)];

  if (detailRows) {
    textParts.push('Oplysninger fra formularen:', rowsText(detailRows), '');
    htmlParts.push(
      `<h2 style="font-size:16px;margin:16px 0 8px">Oplysninger fra formularen</h2>${table(detailRows)}`,
    );
  } else {
    textParts.push('Besked:', message || 'Ingen besked', '');
    htmlParts.push(
      `<h2 style="font-size:16px;margin:16px 0 8px">Besked</h2><p style="margin:0 0 16px;white-space:normal">${message ? multilineHtml(message) : 'Ingen besked'}</p>`,
    );
  }

  const attachments: MailAttachment[] = [];
  if (images.kind === 'attached' && images.files.length > 0) {
    attachments.push(...images.files);
    textParts.push(
      `Billeder (${images.files.length}), vedhæftet:`,
      ...images.files.map((file) => `- ${file.filename} – Klar til email`),
      '',
    );
    htmlParts.push(
      `<h2 style="font-size:16px;margin:16px 0 8px">Billeder (${images.files.length})</h2><p style="margin:0 0 8px">Vedhæftet denne e-mail:</p><ul style="margin:0 0 16px;padding-left:20px">${images.files
        .map((file) => `<li>${escapeHtml(file.filename)} – Klar til email</li>`)
        .join('')}</ul>`,
    );
  } else if (images.kind === 'links' && images.links.length > 0) {
    const until = formatDanishDateTime(images.validUntil);
    textParts.push(
      `Billeder (${images.links.length}) – linkene virker til ${until}:`,
      ...images.links.map((link, index) => `- Billede ${index + 1}: ${link.url}`),
      '',
    );
    htmlParts.push(
      `<h2 style="font-size:16px;margin:16px 0 8px">Billeder (${images.links.length})</h2><p style="margin:0 0 8px">Linkene virker til ${escapeHtml(until)}.</p><ul style="margin:0 0 16px;padding-left:20px">${images.links
        .map(
          (link, index) =>
            `<li><a href="${escapeHtml(link.url)}" style="color:#0f766e">Åbn billede ${index + 1}</a></li>`,
        )
        .join('')}</ul>`,
    );
  }

  textParts.push(`Svar på denne e-mail for at skrive direkte til ${submission.name}.`);
  htmlParts.push(
    `<p style="margin:0">Svar på denne e-mail for at skrive direkte til ${escapeHtml(submission.name)}.</p>`,
  );

  const intro = `${escapeHtml(urgent)}`;
  return {
    subject,
    text: textParts.join('\n'),
    html: layout(`${label} – ${submission.reference}`, intro, htmlParts.join('\n')),
    attachments,
  };
}

export interface ResourceRequestForMail {
  reference: string;
  fullName: string;
  email: string;
  phone: string;
  companyName: string | null;
  resourceTitle: string;
  resourceType: string;
  createdAt: Date;
}

/** The staff notification for a resource request. */
export function renderResourceNotification(request: ResourceRequestForMail): RenderedMail {
  const rows: Row[] = [
    { label: 'Reference', value: request.reference },
    { label: 'Modtaget', value: formatDanishDateTime(request.createdAt) },
    { label: 'Ressource', value: `${request.resourceTitle} (${request.resourceType})` },
    { label: 'Navn', value: request.fullName },
    { label: 'E-mail', value: request.email, href: `mailto:${request.email}` },
    phoneRow('Telefon', request.phone),
    { label: 'Virksomhed', value: request.companyName ?? 'Ikke angivet' },
  ];
  const title = `Ressource anmodet – ${request.reference}`;
  const intro = `${request.resourceType} er sendt automatisk til ${request.email}. Overvej at følge op.`;
  return {
    subject: `Ressource anmodet: ${request.resourceTitle} – ${request.reference}`,
    text: [title, intro, '', rowsText(rows)].join('\n'),
    html: layout(title, escapeHtml(intro), table(rows)),
    attachments: [],
  };
}

/** The requested e-book or checklist, to the requester. */
export function renderResourceDelivery(request: ResourceRequestForMail, pdf: MailAttachment): RenderedMail {
  const kind = request.resourceType.toLowerCase();
  const greeting = `Hej ${request.fullName}`;
  const paragraphs = [
    `Tak for din interesse. Her er ${kind}en «${request.resourceTitle}» som PDF, vedhæftet denne e-mail.`,
    `Har du spørgsmål, eller vil du have hjælp til at komme i gang, så svar blot på denne e-mail eller ring til os på ${company.phoneDisplay}.`,
    `Sker skaden, er vi klar døgnet rundt på ${company.phoneDisplay}.`,
  ];
  const signature = ['Venlig hilsen', company.name, company.phoneDisplay, company.email];
  const html = layout(
    `${request.resourceType}: ${request.resourceTitle}`,
    `${escapeHtml(greeting)},`,
    `${paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join('')}<p style="margin:16px 0 0">${signature.map(escapeHtml).join('<br>')}</p>`,
  );
  return {
    subject: `Din ${kind}: ${request.resourceTitle}`,
    text: [`${greeting},`, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), ...signature].join(
      '\n',
    ),
    html,
    attachments: [pdf],
  };
}
