/**
 * The daily spam digest to the company inbox (server/leads/spam-digest.ts queues it): how many
 * leads were filed as spam, per reason, and a link to the inbox's spam view. It names no lead:
 * staff look through them in the inbox.
 */
import { z } from 'zod';
import { spamReasonLabels, spamReasons, type SpamReason } from '../../domain/spam.ts';
import { escapeHtml, formatDanishDateTime } from '../mail/html.ts';
import { mailKind } from '../mail/compose.ts';
import { heading, layout, list, plainText } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/transport.ts';

/** The inbox's list filtered to spam (the inbox's `status` filter in its URL). */
export function spamViewUrl(publicUrl: string): string {
  return `${publicUrl}/indbakke?status=spam`;
}

export function renderSpamDigest(
  digest: SpamDigest,
  publicUrl: string,
): { subject: string; text: string; html: string } {
  const count = digest.total === 1 ? '1 henvendelse' : `${digest.total} henvendelser`;
  const period = `${formatDanishDateTime(new Date(digest.since))} – ${formatDanishDateTime(new Date(digest.until))}`;
  const lines = spamReasons
    .filter((reason) => (digest.reasons[reason] ?? 0) > 0)
    .map((reason: SpamReason) => `${spamReasonLabels[reason]}: ${digest.reasons[reason]}`);
  const intro = `Spamtjekket har lagt ${count} i spam i perioden ${period}. De har ikke fået e-mail, og kunden har ikke fået kvittering.`;
  const look = 'Kig dem igennem – er der en rigtig kunde imellem, så markér henvendelsen "Ikke spam".';
  const url = spamViewUrl(publicUrl);
  const title = `Spam i døgnet: ${count}`;
  return {
    subject: title,
    text: plainText([
      title,
      '',
      intro,
      '',
      'Grunde (en henvendelse kan have flere):',
      ...lines.map((line) => `- ${line}`),
      '',
      look,
      url,
    ]),
    html: layout(
      title,
      escapeHtml(intro),
      [
        heading('Grunde (en henvendelse kan have flere)'),
        list(lines.map(escapeHtml)),
        `<p style="margin:0 0 12px">${escapeHtml(look)}</p>`,
        `<p style="margin:0"><a href="${escapeHtml(url)}" style="color:#0f766e">Åbn spam i indbakken</a></p>`,
      ].join('\n'),
    ),
  };
}

/** The leads filed as spam in a period (server/leads/spam-digest.ts counts them). */
const spamDigest = z.object({
  /** ISO instants: the leads filed as spam from `since` until `until`. */
  since: z.string(),
  until: z.string(),
  total: z.number(),
  /** Leads per reason (a lead with two reasons counts under both). */
  reasons: z.partialRecord(z.enum(spamReasons), z.number()),
});

export type SpamDigest = z.infer<typeof spamDigest>;

/** The daily digest, about no single lead. */
export const spamDigestMail = mailKind(
  'spam-digest',
  z.object({ leadId: z.null(), digest: spamDigest }),
  (deps, job): OutgoingMail => {
    const rendered = renderSpamDigest(job.payload.digest, deps.publicUrl);
    return {
      messageId: `<${job.id}@${new URL(deps.publicUrl).hostname}>`,
      from: deps.mail.from,
      to: deps.mail.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      attachments: [],
    };
  },
);
