/**
 * Our message to a customer as an e-mail ("Nyt om din henvendelse SK-…"): the text staff wrote,
 * filled for this lead, and the "Følg din sag" link to the case page, where the message is shown
 * too. Composed by the mail outbox from the message row, so a retry sends the same text.
 */
import { and, eq } from 'drizzle-orm';
import { company } from '../../domain/company.ts';
import { caseLinkState, caseUrl, issueCaseToken } from '../case/links.ts';
import type { DbOrTx } from '../db/client.ts';
import { leadMessages } from '../db/schema.ts';
import { leadForMail, mailParts, visitorAddress } from '../leads/lead-mails.ts';
import {
  leadOfJob,
  messageBase,
  type ComposeDeps,
  type MailComposers,
  type MailRows,
} from '../mail/compose.ts';
import { escapeHtml, multilineHtml } from '../mail/html.ts';
import { greeting, layout, plainText, type RenderedMail } from '../mail/layout.ts';
import type { ClaimedMailJob } from '../mail/outbox.ts';
import type { OutgoingMail } from '../mail/transport.ts';

export interface LeadMessageMailJob {
  kind: 'lead-message';
  payload: { leadId: string; messageId: string };
}

const paragraph = (value: string) => `<p style="margin:0 0 12px">${escapeHtml(value)}</p>`;
const button = (href: string, text: string) =>
  `<p style="margin:0 0 12px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(text)}</a></p>`;

/** The e-mail of one message; `link` is null when staff closed the customer's case link. */
export function renderLeadMessageMail(
  lead: { name: string; reference: string },
  body: string,
  link: string | null,
): RenderedMail {
  const hello = greeting(lead.name);
  const questions = `Har du spørgsmål, så ring til os på ${company.phoneDisplay}.`;
  const signature = ['Venlig hilsen', company.name];
  return {
    subject: `Nyt om din henvendelse ${lead.reference}`,
    text: plainText([
      `${hello},`,
      '',
      body,
      '',
      ...(link ? [`Følg din sag: ${link}`, ''] : []),
      questions,
      '',
      ...signature,
    ]),
    html: layout(
      `Nyt om din henvendelse ${lead.reference}`,
      `${escapeHtml(hello)},`,
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
  job: ClaimedMailJob,
  rows: MailRows,
): Promise<OutgoingMail> {
  const lead = leadOfJob(job, rows);
  const messageId = (job.payload as { messageId?: string } | null)?.messageId ?? '';
  const [message] = await deps.db
    .select({ body: leadMessages.body })
    .from(leadMessages)
    .where(and(eq(leadMessages.id, messageId), eq(leadMessages.leadId, lead.id)));
  if (!message) throw new Error(`the message of mail job ${job.id} is gone`);
  const link = await messageCaseLink(deps.db, deps.publicUrl, lead.id, job.id);
  const rendered = renderLeadMessageMail(leadForMail(lead), message.body, link);
  return {
    ...messageBase(deps, job),
    ...mailParts(rendered),
    to: visitorAddress(lead),
    replyTo: deps.mail.to,
  };
}

export const leadMessageMailComposers: MailComposers = {
  'lead-message': { compose: composeLeadMessage },
};
