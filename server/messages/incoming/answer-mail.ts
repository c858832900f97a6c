/**
 * The e-mails about customers' answers (docs/decisions/incoming-answers.md): to the person the
 * lead is assigned to (the company inbox when nobody is) that the customer answered, with the
 * answer as text and a link to the lead in the inbox; and to the company inbox an answer that
 * matched no lead, forwarded as it came so it is never lost.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { leadMessages } from '../../db/schema.ts';
import { escapeHtml, formatDanishDateTime, multilineHtml } from '../../mail/html.ts';
import { heading, layout, list, plainText, type RenderedMail } from '../../mail/layout.ts';
import { aboutLead, leadOfJob, mailComposersOf, mailKind, messageBase } from '../../mail/compose.ts';
import { mailParts, staffNoticeOf, staffReplyHeader } from '../../leads/lead-mails.ts';
import type { StaffNoticeParts } from '../../leads/lead-templates.ts';

/** What an unmatched answer is forwarded with. */
const unmatchedAnswer = z.object({
  channel: z.enum(['email', 'sms']),
  /** The e-mail's Message-ID or the gateway's id: an answer read twice is forwarded once. */
  incomingId: z.string(),
  /** The sender's address or number as it came. */
  from: z.string(),
  /** The sender's address when it can be answered by e-mail. */
  replyTo: z.string().nullable(),
  subject: z.string().nullable(),
  receivedAt: z.string(),
  text: z.string(),
  /** Names of the attachments it carried (not forwarded: they stay in the reply mailbox). */
  attachments: z.array(z.string()),
  /** Why it is on no case, when the sender could have one (an SMS: answer-by-sms.ts). */
  whyNoCase: z.string().optional(),
});

export type UnmatchedAnswer = z.infer<typeof unmatchedAnswer>;

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

/** A customer's answer in the thread: to `to` (the assigned person), or the company inbox. */
export const answerMail = mailKind(
  'customer-answer',
  aboutLead.extend({
    messageId: z.string(),
    photos: z.number().optional(),
    to: z.object({ name: z.string(), email: z.string() }).optional(),
  }),
  async (deps, job, rows) => {
    const lead = leadOfJob(job, rows);
    const { payload } = job;
    const [message] = await deps.db
      .select({ body: leadMessages.body, channel: leadMessages.channel, createdAt: leadMessages.createdAt })
      .from(leadMessages)
      .where(and(eq(leadMessages.id, payload.messageId), eq(leadMessages.leadId, lead.id)));
    // The adjuster's thread is never composed as the customer's answer.
    if (!message || message.channel === 'taksator')
      throw new Error(`the answer of mail job ${job.id} is gone`);
    const rendered = renderAnswerMail(
      lead,
      { channel: message.channel, body: message.body, at: message.createdAt, photos: payload.photos ?? 0 },
      staffNoticeOf(deps, lead.id),
    );
    return {
      ...messageBase(deps, job),
      ...mailParts(rendered),
      ...staffReplyHeader(deps, lead.id),
      to: payload.to ? { name: payload.to.name, address: payload.to.email } : deps.mail.to,
    };
  },
);

/** An answer that matched no lead, as it came: to the company inbox. */
export const unmatchedAnswerMail = mailKind(
  'customer-answer-unmatched',
  unmatchedAnswer.extend({ leadId: z.null() }),
  (deps, job) => ({
    ...messageBase(deps, job),
    ...mailParts(renderUnmatchedMail(job.payload)),
    to: deps.mail.to,
    ...(job.payload.replyTo ? { replyTo: job.payload.replyTo } : {}),
  }),
);

export const answerMailComposers = mailComposersOf(answerMail, unmatchedAnswerMail);
