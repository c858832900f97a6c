/**
 * The one question asked when staff close a case with a notice to the customer: "Hvor tilfreds
 * er du med vores hjælp?". Asking writes the lead's `customer_satisfaction` row and queues the
 * e-mail in the transaction of the close; a case closed again (reopened and closed) already has
 * its row, so the customer is asked once. The e-mail is threaded on the receipt like our messages
 * (In-Reply-To/References), and each of its five answers is a link to the case page with that
 * answer chosen: the page asks the customer to confirm with a form, so a link preview or a mail
 * scanner following the link records nothing.
 */
import { eq } from 'drizzle-orm';
import { company } from '../../../domain/company.ts';
import {
  satisfactionLabels,
  satisfactionQuestion,
  satisfactionScores,
} from '../../../domain/satisfaction-scale.ts';
import { messageGreeting } from '../../../domain/greeting.ts';
import { questionMailText } from '../../case/satisfaction-copy.ts';
import type { Tx } from '../../db/client.ts';
import { customerSatisfaction, leads } from '../../db/schema.ts';
import { hasReceipt } from '../../../domain/lead-kinds.ts';
import { leadForMail, mailParts, visitorAddress } from '../../leads/lead-mails.ts';
import { aboutLead, leadOfJob, mailComposersOf, mailKind, messageBase } from '../../mail/compose.ts';
import { escapeHtml } from '../../mail/html.ts';
import { layout, plainText, type RenderedMail } from '../../mail/layout.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { customerReplyTo } from '../../mail/reply-tags.ts';
import { messageCaseLink, threadHeaders, threadSubject } from './message-mail.ts';

/** The path below a case link that shows the question with an answer chosen. */
export const satisfactionPath = '/tilfredshed';

/** The case page with `score` chosen, to confirm there. */
export function satisfactionAnswerUrl(caseLink: string, score: number): string {
  return `${caseLink}${satisfactionPath}?svar=${score}`;
}

/**
 * Asks the lead's customer the question, in the caller's transaction: once per lead. Answers
 * whether it was asked now (false: it was asked before).
 */
export async function askSatisfaction(tx: Tx, leadId: string, now: Date): Promise<boolean> {
  // Only a case has a case page to answer on: a resource request (a PDF sent) is not asked.
  const [lead] = await tx
    .select({ kind: leads.kind, status: leads.status })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead || lead.status === 'spam' || !hasReceipt(lead.kind)) return false;
  const asked = await tx
    .insert(customerSatisfaction)
    .values({ leadId, askedAt: now })
    .onConflictDoNothing()
    .returning({ leadId: customerSatisfaction.leadId });
  if (asked.length === 0) return false;
  await enqueueMail(tx, satisfactionQuestionMail, { leadId });
  return true;
}

/** The question's e-mail; `link` is null when staff closed the customer's case link. */
export function renderSatisfactionMail(
  lead: { name: string },
  link: string | null,
  subject: string,
): RenderedMail {
  const hello = messageGreeting(lead.name, '');
  const answers = satisfactionScores.map((score) => ({
    text: `${score} – ${satisfactionLabels[score]}`,
    href: link ? satisfactionAnswerUrl(link, score) : null,
  }));
  const signature = ['Venlig hilsen', company.name];
  const questions = `Har du spørgsmål, så ring til os på ${company.phoneDisplay}.`;
  return {
    subject,
    text: plainText([
      ...(hello ? [hello, ''] : []),
      questionMailText.intro,
      '',
      satisfactionQuestion,
      ...(link ? [questionMailText.pick, '', ...answers.map((a) => `${a.text}: ${a.href}`)] : []),
      '',
      questions,
      '',
      ...signature,
    ]),
    html: layout(
      satisfactionQuestion,
      hello ? escapeHtml(hello) : '',
      [
        `<p style="margin:0 0 12px">${escapeHtml(questionMailText.intro)}</p>`,
        link ? `<p style="margin:0 0 12px">${escapeHtml(questionMailText.pick)}</p>` : '',
        link
          ? `<ul style="margin:0 0 16px;padding:0;list-style:none">${answers
              .map(
                (a) =>
                  `<li style="margin:0 0 8px"><a href="${escapeHtml(a.href!)}" style="display:inline-block;padding:8px 14px;border:2px solid #0f766e;color:#0f514e;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(a.text)}</a></li>`,
              )
              .join('')}</ul>`
          : '',
        `<p style="margin:0 0 12px">${escapeHtml(questions)}</p>`,
        `<p style="margin:16px 0 0">${signature.map(escapeHtml).join('<br>')}</p>`,
      ].join('\n'),
    ),
    attachments: [],
  };
}

// An id above every other at the same instant: the close's own status message is threaded before it.
const lastId = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** The question, to the customer, threaded on the receipt and the thread's e-mails before it. */
export const satisfactionQuestionMail = mailKind(
  'satisfaction-question',
  aboutLead,
  async (deps, job, rows) => {
    const lead = leadOfJob(job, rows);
    const [asked] = await deps.db
      .select({ askedAt: customerSatisfaction.askedAt })
      .from(customerSatisfaction)
      .where(eq(customerSatisfaction.leadId, lead.id));
    const at = asked?.askedAt ?? new Date();
    const link = await messageCaseLink(deps.db, deps.publicUrl, lead.id, job.id);
    const threading = await threadHeaders(deps.db, deps.publicUrl, lead, { id: lastId, createdAt: at });
    const subject = threadSubject(lead, threading.inReplyTo !== undefined);
    return {
      ...messageBase(deps, job),
      ...mailParts(renderSatisfactionMail(leadForMail(lead), link, subject)),
      ...threading,
      to: visitorAddress(lead),
      replyTo: customerReplyTo(deps, lead.id),
    };
  },
);

export const satisfactionQuestionMailComposers = mailComposersOf(satisfactionQuestionMail);
