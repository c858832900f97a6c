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
import { leadKindRegistry, leadPagesOnCall, type LeadKindEntry } from '../../domain/lead-kinds.ts';
import { definiteResourceType, type Resource } from '../../domain/resources.ts';
import { possibleSpamLabel, spamReasonLabels, type SpamReason } from '../../domain/spam.ts';
import { duplicateOfLabel, duplicateWindowMinutes } from '../../domain/duplicate-leads.ts';
import { leadPriorityLabels, type LeadPriority } from '../../domain/triage.ts';
import { deadlineText, firstResponseDue, type DeadlineFacts } from '../../domain/first-response.ts';
import { normalCallbackMinutes, type AnnouncedCallback } from '../../domain/surge.ts';
import { escapeHtml, formatDanishDateTime } from '../mail/html.ts';
import type { MailPhotos } from '../mail/photo-mail.ts';
import type { MailAttachment } from '../mail/transport.ts';
import type { staffNotice } from '../mail/staff-notice.ts';
import {
  formatMegabytes,
  greeting,
  heading,
  layout,
  list,
  plainText,
  rowsText,
  table,
  type RenderedMail,
} from '../mail/layout.ts';

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
  /** Who is called first, from an emergency's quick questions (absent: normal). */
  priority?: LeadPriority;
  /** The reference of the open emergency this one repeats (server/leads/duplicates.ts). */
  duplicateOf?: string | null;
  /** What an emergency was told about its callback when it came in (surge mode); absent: 15 minutes. */
  announcedCallbackMinutes?: number | null;
  announcedInSurge?: boolean;
  /** Told it is first in line (a danger to people with none ahead of it). */
  announcedFirstInLine?: boolean;
  /** Its first-response deadline as stored (absent: computed from its arrival). */
  firstResponseDueAt?: Date | null;
  /** It pages the on-call staff, as stored (leads.pages_on_call); absent: as its kind and fields say. */
  pagesOnCall?: boolean;
}

/** Whether the lead pages the on-call staff: as stored, else as its kind and fields say. */
export function mailLeadPagesOnCall(lead: LeadForMail): boolean {
  return lead.pagesOnCall ?? leadPagesOnCall(lead.kind, lead.details);
}

/** What a lead that pages was told about its callback when it came in; absent: 15 minutes. */
export function announcedOf(lead: LeadForMail): AnnouncedCallback {
  return {
    minutes: lead.announcedCallbackMinutes ?? normalCallbackMinutes,
    inSurge: lead.announcedInSurge ?? false,
    critical: lead.announcedFirstInLine ?? false,
  };
}

/** What the lead's deadline depends on, for one not stored with it (the insurer's rule: its default). */
export function deadlineFactsOf(lead: LeadForMail): DeadlineFacts {
  return {
    kind: lead.kind,
    pagesOnCall: mailLeadPagesOnCall(lead),
    announcedCallbackMinutes: lead.announcedCallbackMinutes ?? null,
  };
}

/** The word an urgent lead's staff e-mail subject starts with, so it stands out in the inbox. */
const prioritySubjects: Record<LeadPriority, string | null> = {
  kritisk: 'KRITISK',
  hoej: 'HØJ PRIORITET',
  normal: null,
};

/** The photos of a lead as its e-mails carry them (server/mail/photo-mail.ts). */
export type LeadPhotos = MailPhotos;

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
 * 'Ressource anmodet: Er du klar til skybrud? – RS-…', 'Rekvisition: Tryg, skadenr. 123: Vandskade – RK-…'.
 */
function leadSubject(lead: LeadForMail): string {
  const values = valuesOf(lead);
  // Leads stored before their fields were kept one by one carry the topic as it was sent.
  const topic = leadTopic(lead.kind, values) || values.legacyService || '';
  const { notificationLabel, subjectFields } = leadKindRegistry[lead.kind] as LeadKindEntry;
  const named = subjectFields.flatMap(({ key, prefix = '' }) =>
    values[key] ? [`${prefix}${values[key]}`] : [],
  );
  const label = named.length > 0 ? `${notificationLabel}: ${named.join(', ')}` : notificationLabel;
  return topic ? `${label}: ${topic} – ${lead.reference}` : `${label} – ${lead.reference}`;
}

/**
 * What staff should do, first thing in the message: by the deadline computed for the lead (the
 * callback time a lead that pages was told; 24 weekday hours, so a Friday evening's is Monday's
 * end; an assignment's insurer's business hours).
 */
function urgencyLine(lead: LeadForMail): string {
  const due = lead.firstResponseDueAt ?? firstResponseDue(deadlineFactsOf(lead), lead.createdAt);
  if (mailLeadPagesOnCall(lead)) {
    const minutes = lead.announcedCallbackMinutes ?? promises.emergencyCallbackMinutes;
    return `Akut: ring til kunden inden for ${minutes} minutter, senest ${deadlineText(due!)}.`;
  }
  if (leadKindRegistry[lead.kind].senderMail === 'requested-pdf') {
    const resource = definiteResourceType(lead.details.resourceType ?? '');
    return `${capitalise(resource)} er sendt automatisk til ${lead.email}. Svar inden for ${promises.replyHours} timer, hvis du følger op.`;
  }
  if (leadKindRegistry[lead.kind].firstResponse === 'insurer-business-hours')
    return `Ring til kunden senest ${deadlineText(due!)} (forsikringsselskabets frist i arbejdstimer).`;
  return `Svar kunden senest ${deadlineText(due!)} (${promises.replyHours} timer på hverdage).`;
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
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

/** What the staff e-mail of a duplicate says about it; null for any other lead. */
function duplicateLine(lead: LeadForMail): string | null {
  if (!lead.duplicateOf) return null;
  return `${duplicateOfLabel(lead.duplicateOf)}: samme telefonnummer eller e-mail som en åben akut henvendelse under ${duplicateWindowMinutes} minutter før. Vagttelefonen er ikke kaldt op igen; henvendelsen følger ${lead.duplicateOf}.`;
}

/** The closing lines of a notification to staff (server/mail/staff-notice.ts). */
export type StaffNoticeParts = ReturnType<typeof staffNotice>;

/**
 * The staff notification of any lead: its fields as labelled rows, its photos, and how to answer
 * the customer in the thread.
 */
export function renderLeadNotification(
  lead: LeadForMail,
  photos: LeadPhotos,
  notice: StaffNoticeParts,
): RenderedMail {
  const label = leadKindLabels[lead.kind];
  const urgent = urgencyLine(lead);
  const rows: LeadRow[] = [
    { label: 'Reference', value: lead.reference },
    { label: 'Modtaget', value: formatDanishDateTime(lead.createdAt) },
    { label: 'Henvendelse', value: label },
    ...(mailLeadPagesOnCall(lead)
      ? [{ label: 'Prioritet', value: leadPriorityLabels[lead.priority ?? 'normal'] }]
      : []),
    ...leadRows(lead.kind, valuesOf(lead)),
  ];
  const images = photoParts(photos);
  const title = `${label} – ${lead.reference}`;
  const suspicion = possibleSpam(lead);
  const duplicate = duplicateLine(lead);
  const plainSubject = suspicion ? `[${possibleSpamLabel}] ${leadSubject(lead)}` : leadSubject(lead);
  const subject = lead.duplicateOf ? `${duplicateOfLabel(lead.duplicateOf)}: ${plainSubject}` : plainSubject;
  // 'KRITISK: Akut skade: Vandskade – SK-7F3K2Q': the priority first, whatever follows.
  const priority = prioritySubjects[lead.priority ?? 'normal'];
  return {
    subject: priority ? `${priority}: ${subject}` : subject,
    text: plainText([
      title,
      urgent,
      ...(suspicion ? ['', suspicion] : []),
      ...(duplicate ? ['', duplicate] : []),
      '',
      rowsText(rows),
      '',
      ...images.text,
      ...notice.text,
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
        ...(duplicate
          ? [
              `<p style="margin:0 0 16px;padding:8px 12px;background:#e0f2fe;border-left:4px solid #0369a1">${escapeHtml(duplicate)}</p>`,
            ]
          : []),
        table(rows),
        ...images.html,
        notice.html,
      ].join('\n'),
    ),
    attachments: photos.kind === 'attached' ? photos.files : [],
  };
}

/** The subject of the requested PDF's e-mail; the customer thread's e-mails answer it ("Re: …"). */
export function resourceDeliverySubject(resource: Resource): string {
  return `Din ${resource.type.toLowerCase()}: ${resource.title}`;
}

/** The requested e-book or checklist, to the sender of the request. */
export function renderResourceDelivery(
  lead: LeadForMail,
  resource: Resource,
  pdf: MailAttachment,
): RenderedMail {
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
    subject: resourceDeliverySubject(resource),
    text: plainText([`${hello},`, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), ...signature]),
    html,
    attachments: [pdf],
  };
}
