/**
 * Our message to a customer as an e-mail: an answer to the receipt ("Re: Vi har modtaget din
 * skadeanmeldelse – SK-…"), threaded on it and on the thread's earlier e-mails, with the text staff
 * wrote and the "Følg din sag" link to the case page, where the message is shown too. Its
 * Reply-To brings the customer's answer back to the lead (the reply mailbox with the lead's signed
 * tag), or to MAIL_TO without a reply mailbox. Composed by the mail outbox from the message row,
 * so a retry sends the same text and headers.
 */
import { and, asc, eq, isNotNull, lt, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import { company } from '../../../domain/company.ts';
import { messageGreeting } from '../../../domain/greeting.ts';
import { findResourceByTitle } from '../../../domain/resources.ts';
import { caseLinkState, caseUrl, issueCaseToken } from '../../case/links.ts';
import type { DbOrTx } from '../../db/client.ts';
import { leadMessages } from '../../db/schema.ts';
import { leadForMail, mailParts, visitorAddress } from '../../leads/lead-mails.ts';
import { resourceDeliverySubject } from '../../leads/lead-templates.ts';
import { hasReceipt, receiptSubject } from '../../leads/receipt.ts';
import {
  aboutLead,
  leadOfJob,
  mailComposersOf,
  mailKind,
  mailMessageId,
  messageBase,
  type ComposeDeps,
  type LeadRow,
  type MailRows,
  type ParsedMailJob,
} from '../../mail/compose.ts';
import { escapeHtml, multilineHtml } from '../../mail/html.ts';
import { layout, plainText, type RenderedMail } from '../../mail/layout.ts';
import type { OutgoingMail } from '../../mail/transport.ts';
import { customerReplyTo, personalFrom } from '../../mail/reply-tags.ts';

const paragraph = (value: string) => `<p style="margin:0 0 12px">${escapeHtml(value)}</p>`;
const button = (href: string, text: string) =>
  `<p style="margin:0 0 12px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(text)}</a></p>`;

/**
 * The subject of the thread: the first e-mail the customer got from us about the lead (the
 * receipt; a resource request's PDF), answered with "Re: " once there is one to answer.
 */
export function threadSubject(lead: LeadRow, answers: boolean): string {
  const resource = hasReceipt(lead.kind) ? null : findResourceByTitle(lead.details.resourceTitle ?? '');
  const first = hasReceipt(lead.kind)
    ? receiptSubject(lead.kind, lead.reference)
    : resource
      ? resourceDeliverySubject(resource)
      : null;
  if (!first) return `Nyt om din henvendelse ${lead.reference}`;
  return answers ? `Re: ${first}` : first;
}

/** At most this many earlier Message-IDs in References besides the receipt's (RFC 5322 lets it be cut). */
const referencesKept = 20;

/**
 * In-Reply-To and References of a message's e-mail: the receipt's Message-ID and those of the
 * thread's earlier e-mails of ours, oldest first; it answers the newest of them.
 */
export async function threadHeaders(
  db: DbOrTx,
  publicUrl: string,
  lead: Pick<LeadRow, 'id' | 'receiptMailJobId'>,
  message: { id: string; createdAt: Date },
): Promise<{ inReplyTo?: string; references?: string[] }> {
  const earlier = await db
    .select({ mailJobId: leadMessages.mailJobId })
    .from(leadMessages)
    .where(
      and(
        eq(leadMessages.leadId, lead.id),
        eq(leadMessages.direction, 'out'),
        ne(leadMessages.channel, 'taksator'),
        isNotNull(leadMessages.mailJobId),
        or(
          lt(leadMessages.createdAt, message.createdAt),
          and(eq(leadMessages.createdAt, message.createdAt), lt(leadMessages.id, message.id)),
        ),
      ),
    )
    .orderBy(asc(leadMessages.createdAt), asc(leadMessages.id));
  const jobIds = [
    ...(lead.receiptMailJobId ? [lead.receiptMailJobId] : []),
    ...earlier.slice(-referencesKept).map((row) => row.mailJobId!),
  ];
  if (jobIds.length === 0) return {};
  const references = jobIds.map((id) => mailMessageId(publicUrl, id));
  return { inReplyTo: references.at(-1)!, references };
}

/**
 * The e-mail of one message; `link` is null when staff closed the customer's case link. A
 * greeting only when the text has none of its own; signed by `author` (a person's message) and
 * the company, or by the company alone (a status message).
 */
export function renderLeadMessageMail(
  lead: { name: string; reference: string },
  body: string,
  link: string | null,
  subject = `Nyt om din henvendelse ${lead.reference}`,
  author: string | null = null,
): RenderedMail {
  const hello = messageGreeting(lead.name, body);
  const questions = `Har du spørgsmål, så ring til os på ${company.phoneDisplay}.`;
  const signature = ['Venlig hilsen', ...(author ? [author] : []), company.name];
  return {
    subject,
    text: plainText([
      ...(hello ? [hello, ''] : []),
      body,
      '',
      ...(link ? [`Følg din sag: ${link}`, ''] : []),
      questions,
      '',
      ...signature,
    ]),
    html: layout(
      `Nyt om din henvendelse ${lead.reference}`,
      hello ? escapeHtml(hello) : '',
      [
        `<p style="margin:0 0 16px">${multilineHtml(body)}</p>`,
        link ? button(link, 'Følg din sag') : '',
        paragraph(questions),
        `<p style="margin:16px 0 0">${signature.map(escapeHtml).join('<br>')}</p>`,
      ].join('\n'),
    ),
    attachments: [],
  };
}

/**
 * A case link for a copy of a message (an e-mail or an SMS, named by its own id), or null when
 * staff closed the lead's links: a closed link stays closed, whatever message goes out after it.
 */
export async function messageCaseLink(
  db: DbOrTx,
  publicUrl: string,
  leadId: string,
  carrierId: string,
): Promise<string | null> {
  const state = await caseLinkState(db, leadId);
  if (!state.open && state.lastSentAt !== null) return null;
  const token = await issueCaseToken(db, { leadId, mailJobId: carrierId });
  return token ? caseUrl(publicUrl, token) : null;
}

async function composeLeadMessage(
  deps: ComposeDeps,
  job: ParsedMailJob<z.infer<typeof leadMessagePayload>>,
  rows: MailRows,
): Promise<OutgoingMail> {
  const lead = leadOfJob(job, rows);
  const { payload } = job;
  const { messageId } = payload;
  const [message] = await deps.db
    .select({
      id: leadMessages.id,
      body: leadMessages.body,
      createdAt: leadMessages.createdAt,
      authorName: leadMessages.authorName,
    })
    .from(leadMessages)
    .where(and(eq(leadMessages.id, messageId), eq(leadMessages.leadId, lead.id)));
  if (!message) throw new Error(`the message of mail job ${job.id} is gone`);
  const link = await messageCaseLink(deps.db, deps.publicUrl, lead.id, job.id);
  const threading = await threadHeaders(deps.db, deps.publicUrl, lead, message);
  const subject = threadSubject(lead, threading.inReplyTo !== undefined);
  // A person's message is signed by them and comes from them; a status message from the company.
  const author = payload.about ? null : message.authorName;
  const rendered = renderLeadMessageMail(leadForMail(lead), message.body, link, subject, author);
  const base = messageBase(deps, job);
  return {
    ...base,
    ...mailParts(rendered),
    ...threading,
    ...(author ? { from: personalFrom(deps, author), personal: true } : {}),
    to: visitorAddress(lead),
    replyTo: customerReplyTo(deps, lead.id),
  };
}

/** `about`: a status message the system wrote for staff (not a person's own words). */
const leadMessagePayload = aboutLead.extend({ messageId: z.string(), about: z.string().optional() });

/** Staff's message (or a status message) to the customer, in the lead's thread. */
export const leadMessageMail = mailKind('lead-message', leadMessagePayload, composeLeadMessage);

export const leadMessageMailComposers = mailComposersOf(leadMessageMail);
