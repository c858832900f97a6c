/**
 * The adjuster's e-mails: the link to the page when staff give one, each staff answer in the
 * adjuster's thread (with the same link), and to the company inbox each message the adjuster wrote
 * on the page. The adjuster's e-mails answer to the company's address, never to the customer's
 * reply mailbox, and the company's copy has no Reply-To: an e-mail answer to either can never land
 * in the customer's thread.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { company } from '../../../domain/company.ts';
import { adjusterLinks, leadMessages } from '../../db/schema.ts';
import { mailParts } from '../../leads/lead-mails.ts';
import { leadOfJob, messageBase, mailComposersOf, mailKind, type ComposeDeps } from '../../mail/compose.ts';
import { escapeHtml, formatDanishDateTime, multilineHtml } from '../../mail/html.ts';
import { heading, layout, plainText, type RenderedMail } from '../../mail/layout.ts';
import { inboxLeadUrl } from '../../mail/staff-notice.ts';
import { adjusterToken, adjusterUrl } from './links.ts';

const paragraph = (value: string) => `<p style="margin:0 0 12px">${escapeHtml(value)}</p>`;
const button = (href: string, text: string) =>
  `<p style="margin:0 0 12px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(text)}</a></p>`;
const signature = ['Venlig hilsen', company.name];

const linkPayload = z.object({ leadId: z.uuid(), linkId: z.uuid() });
const messagePayload = z.object({ leadId: z.uuid(), linkId: z.uuid().optional(), messageId: z.uuid() });

interface LinkFacts {
  name: string;
  reference: string;
  /** The page's address; null when the link was closed before the e-mail went. */
  url: string | null;
  expiresAt: Date;
}

const dayFormat = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeZone: 'Europe/Copenhagen' });

/** "Adgang til sag SK-…": the link to the case's page. */
export function renderAdjusterLinkMail(facts: LinkFacts): RenderedMail {
  const hello = `Kære ${facts.name}`;
  const lines = [
    `Her er dit link til sag ${facts.reference} hos ${company.name}. På siden ser du sagens milepæle og frister, billeder, affugtningslog og rapporter, og du kan skrive til os.`,
    `Linket er personligt og virker til ${dayFormat.format(facts.expiresAt)}. Del det ikke.`,
    `Har du spørgsmål, så ring til os på ${company.phoneDisplay}.`,
  ];
  const link = facts.url
    ? [`Se sagen: ${facts.url}`, '']
    : ['Linket er lukket igen. Ring til os for adgang.', ''];
  return {
    subject: `Adgang til sag ${facts.reference} – ${company.name}`,
    text: plainText([`${hello},`, '', lines[0]!, '', ...link, lines[1]!, lines[2]!, '', ...signature]),
    html: layout(
      `Adgang til sag ${facts.reference}`,
      `${escapeHtml(hello)},`,
      [
        paragraph(lines[0]!),
        facts.url ? button(facts.url, 'Se sagen') : paragraph(link[0]!),
        paragraph(lines[1]!),
        paragraph(lines[2]!),
        `<p style="margin:16px 0 0">${signature.map(escapeHtml).join('<br>')}</p>`,
      ].join('\n'),
    ),
    attachments: [],
  };
}

/** "Svar om sag SK-…": a staff answer in the adjuster's thread. */
export function renderAdjusterAnswerMail(
  facts: LinkFacts,
  body: string,
  author: string | null,
): RenderedMail {
  const title = `Svar om sag ${facts.reference}`;
  const intro = `${author ? `${author} fra ${company.name}` : company.name} har skrevet til dig om sag ${facts.reference}:`;
  const link = facts.url
    ? `Se sagen og svar: ${facts.url}`
    : `Ring til os på ${company.phoneDisplay} for at svare.`;
  return {
    subject: title,
    text: plainText([`Kære ${facts.name},`, '', intro, '', body, '', link, '', ...signature]),
    html: layout(
      title,
      escapeHtml(`Kære ${facts.name},`),
      [
        paragraph(intro),
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #0f766e;background:#f8fafc">${multilineHtml(body)}</blockquote>`,
        facts.url ? button(facts.url, 'Se sagen og svar') : paragraph(link),
        `<p style="margin:16px 0 0">${signature.map(escapeHtml).join('<br>')}</p>`,
      ].join('\n'),
    ),
    attachments: [],
  };
}

/** "Besked fra taksator til SK-…": to the company inbox, answered from the lead page. */
export function renderAdjusterMessageMail(
  reference: string,
  adjuster: string,
  body: string,
  writtenAt: Date,
  inboxUrl: string,
): RenderedMail {
  const title = `Besked fra taksator til ${reference}`;
  const intro = `${adjuster} skrev på taksatorsiden ${formatDanishDateTime(writtenAt)}:`;
  const answer =
    'Svar taksatoren under "Taksator" på henvendelsen i indbakken (ikke ved at svare på denne e-mail):';
  return {
    subject: title,
    text: plainText([title, '', intro, body, '', answer, inboxUrl]),
    html: layout(
      title,
      escapeHtml(intro),
      [
        heading('Beskeden'),
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #0f766e;background:#f8fafc">${multilineHtml(body)}</blockquote>`,
        paragraph(answer),
        button(inboxUrl, 'Åbn henvendelsen'),
      ].join('\n'),
    ),
    attachments: [],
  };
}

/** The link a mail is about, and its page's address while it opens the page. */
async function linkFacts(deps: ComposeDeps, linkId: string, leadId: string, reference: string) {
  const [link] = await deps.db
    .select()
    .from(adjusterLinks)
    .where(and(eq(adjusterLinks.id, linkId), eq(adjusterLinks.leadId, leadId)));
  if (!link) throw new Error(`adjuster link ${linkId} not found`);
  if (!deps.signingSecret) throw new Error('no signing secret: the adjuster link cannot be signed');
  const open = link.revokedAt === null && link.expiresAt > (deps.now?.() ?? new Date());
  const url = open ? adjusterUrl(deps.publicUrl, adjusterToken(deps.signingSecret, link.id)) : null;
  return { link, facts: { name: link.name, reference, url, expiresAt: link.expiresAt } };
}

async function messageOf(deps: ComposeDeps, messageId: string, leadId: string) {
  const [message] = await deps.db
    .select()
    .from(leadMessages)
    .where(
      and(
        eq(leadMessages.id, messageId),
        eq(leadMessages.leadId, leadId),
        eq(leadMessages.channel, 'taksator'),
      ),
    );
  if (!message) throw new Error(`adjuster message ${messageId} not found`);
  return message;
}

/** The adjuster's link, e-mailed to the adjuster. */
export const adjusterLinkMail = mailKind('adjuster-link', linkPayload, async (deps, job, rows) => {
  const lead = leadOfJob(job, rows);
  const { link, facts } = await linkFacts(deps, job.payload.linkId, lead.id, lead.reference);
  return {
    ...messageBase(deps, job),
    ...mailParts(renderAdjusterLinkMail(facts)),
    to: { name: link.name, address: link.email },
    replyTo: deps.mail.to,
  };
});

/** Staff's answer in the adjuster's thread, to the adjuster of one open link. */
export const adjusterAnswerMail = mailKind(
  'adjuster-answer',
  messagePayload.required({ linkId: true }),
  async (deps, job, rows) => {
    const lead = leadOfJob(job, rows);
    const { link, facts } = await linkFacts(deps, job.payload.linkId, lead.id, lead.reference);
    const message = await messageOf(deps, job.payload.messageId, lead.id);
    return {
      ...messageBase(deps, job),
      ...mailParts(renderAdjusterAnswerMail(facts, message.body, message.authorName)),
      to: { name: link.name, address: link.email },
      replyTo: deps.mail.to,
      personal: true,
    };
  },
);

/** The adjuster's message from their page, to the company inbox. */
export const adjusterMessageMail = mailKind('adjuster-message', messagePayload, async (deps, job, rows) => {
  const lead = leadOfJob(job, rows);
  const message = await messageOf(deps, job.payload.messageId, lead.id);
  const rendered = renderAdjusterMessageMail(
    lead.reference,
    message.authorName ?? 'Taksator',
    message.body,
    message.createdAt,
    inboxLeadUrl(deps.publicUrl, lead.id),
  );
  return { ...messageBase(deps, job), ...mailParts(rendered), to: deps.mail.to };
});

export const adjusterMailComposers = mailComposersOf(
  adjusterLinkMail,
  adjusterAnswerMail,
  adjusterMessageMail,
);
