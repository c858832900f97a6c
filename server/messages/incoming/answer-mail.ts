/**
 * The e-mails about customers' answers (docs/decisions/incoming-answers.md): to the person the
 * lead is assigned to (the company inbox when nobody is) that the customer answered, with the
 * answer as text and a link to the lead in the inbox; and to the company inbox an answer that
 * matched no lead, forwarded as it came so it is never lost.
 */
import { and, eq } from 'drizzle-orm';
import { leadMessages } from '../../db/schema.ts';
import { escapeHtml, formatDanishDateTime, multilineHtml } from '../../mail/html.ts';
import { heading, layout, list, plainText, type RenderedMail } from '../../mail/layout.ts';
import {
  leadOfJob,
  messageBase,
  type ComposeDeps,
  type MailComposers,
  type MailRows,
} from '../../mail/compose.ts';
import type { ClaimedMailJob } from '../../mail/outbox.ts';
import type { OutgoingMail } from '../../mail/transport.ts';
import { mailParts, staffNoticeOf, staffReplyHeader } from '../../leads/lead-mails.ts';
import type { StaffNoticeParts } from '../../leads/lead-templates.ts';

export type AnswerMailJob =
  /** A customer's answer in the thread: to `to` (the assigned person), or the company inbox. */
  | {
      kind: 'customer-answer';
      payload: { leadId: string; messageId: string; photos: number; to?: { name: string; email: string } };
    }
  /** An answer that matched no lead, as it came: to the company inbox. */
  | { kind: 'customer-answer-unmatched'; payload: UnmatchedAnswer & { leadId: null } };

/** What an unmatched answer is forwarded with. */
export interface UnmatchedAnswer {
  channel: 'email' | 'sms';
  /** The e-mail's Message-ID or the gateway's id: an answer read twice is forwarded once. */
  incomingId: string;
  /** The sender's address or number as it came. */
  from: string;
  /** The sender's address when it can be answered by e-mail. */
  replyTo: string | null;
  subject: string | null;
  receivedAt: string;
  text: string;
  /** Names of the attachments it carried (not forwarded: they stay in the reply mailbox). */
  attachments: string[];
  /** Why it is on no case, when the sender could have one (an SMS: answer-by-sms.ts). */
  whyNoCase?: string;
}

const paragraph = (value: string) => `<p style="margin:0 0 12px">${escapeHtml(value)}</p>`;
const quote = (value: string) =>
  `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #0f766e;background:#f8fafc">${multilineHtml(value)}</blockquote>`;
const channelWords = { email: 'på e-mail', sms: 'på SMS', 'case-page': 'på sagssiden' } as const;

/** "Svar fra kunden på SK-…": the answer as text and the link to the lead. */
export function renderAnswerMail(
  lead: { reference: string; name: string },
  answer: { channel: keyof typeof channelWords; body: string; at: Date; photos: number },
  notice: StaffNoticeParts,
): RenderedMail {
  const title = `Svar fra kunden på ${lead.reference}`;
  const intro = `${lead.name} svarede ${channelWords[answer.channel]} ${formatDanishDateTime(answer.at)}:`;
  const photos =
    answer.photos > 0
      ? `Med ${answer.photos === 1 ? '1 billede' : `${answer.photos} billeder`}, som ligger på sagen.`
      : null;
  return {
    subject: title,
    text: plainText([title, '', intro, '', answer.body, '', ...(photos ? [photos, ''] : []), ...notice.text]),
    html: layout(
      title,
      escapeHtml(intro),
      [quote(answer.body), photos ? paragraph(photos) : '', notice.html].join('\n'),
    ),
    attachments: [],
  };
}

/** "Svar uden sag": an answer that matched no lead, as it came. */
export function renderUnmatchedMail(answer: UnmatchedAnswer): RenderedMail {
  const title =
    answer.channel === 'sms'
      ? `SMS uden sag fra ${answer.from}`
      : `Svar uden sag: ${answer.subject?.trim() || '(intet emne)'}`;
  const intro =
    answer.whyNoCase ??
    (answer.channel === 'sms'
      ? 'En SMS til vores nummer kunne ikke knyttes til en åben sag. Her er den, som den kom.'
      : 'En e-mail til svarpostkassen kunne ikke knyttes til en sag. Her er den, som den kom; vedhæftede filer ligger stadig i svarpostkassen.');
  const facts = [
    `Fra: ${answer.from}`,
    ...(answer.subject !== null ? [`Emne: ${answer.subject}`] : []),
    `Modtaget: ${formatDanishDateTime(new Date(answer.receivedAt))}`,
    ...(answer.attachments.length > 0 ? [`Vedhæftet: ${answer.attachments.join(', ')}`] : []),
  ];
  return {
    subject: title,
    text: plainText([title, '', intro, '', ...facts, '', answer.text]),
    html: layout(
      title,
      escapeHtml(intro),
      [list(facts.map(escapeHtml)), heading('Teksten'), quote(answer.text || '(ingen tekst)')].join('\n'),
    ),
    attachments: [],
  };
}

async function composeAnswerMail(
  deps: ComposeDeps,
  job: ClaimedMailJob,
  rows: MailRows,
): Promise<OutgoingMail> {
  const base = messageBase(deps, job);
  if (job.kind === 'customer-answer-unmatched') {
    const answer = job.payload as UnmatchedAnswer;
    return {
      ...base,
      ...mailParts(renderUnmatchedMail(answer)),
      to: deps.mail.to,
      ...(answer.replyTo ? { replyTo: answer.replyTo } : {}),
    };
  }
  const lead = leadOfJob(job, rows);
  const payload = job.payload as {
    messageId?: string;
    photos?: number;
    to?: { name: string; email: string };
  };
  const [message] = await deps.db
    .select({ body: leadMessages.body, channel: leadMessages.channel, createdAt: leadMessages.createdAt })
    .from(leadMessages)
    .where(and(eq(leadMessages.id, payload.messageId ?? ''), eq(leadMessages.leadId, lead.id)));
  // The adjuster's thread is never composed as the customer's answer.
  if (!message || message.channel === 'taksator') throw new Error(`the answer of mail job ${job.id} is gone`);
  const rendered = renderAnswerMail(
    lead,
    { channel: message.channel, body: message.body, at: message.createdAt, photos: payload.photos ?? 0 },
    staffNoticeOf(deps, lead.id),
  );
  return {
    ...base,
    ...mailParts(rendered),
    ...staffReplyHeader(deps, lead.id),
    to: payload.to ? { name: payload.to.name, address: payload.to.email } : deps.mail.to,
  };
}

export const answerMailComposers: MailComposers = {
  'customer-answer': { compose: composeAnswerMail },
  'customer-answer-unmatched': { compose: composeAnswerMail },
};
