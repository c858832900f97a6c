/**
 * The body both receipts share, the customer's (./receipt.ts) and the requester's
 * (./requester-receipt.ts): greeting, when it came, the reference, what happens now, the case
 * page to follow (the customer's only), the lead's rows, a private customer's rights
 * (./consumer-information.ts), a word on corrections, the signature and why the e-mail came — as plain text and as HTML with the same words.
 */
import type { LeadRow } from '../../domain/lead.ts';
import { escapeHtml } from '../mail/html.ts';
import { heading, layout, list, plainText, rowsText, table } from '../mail/layout.ts';

export interface ReceiptBodyParts {
  /** The HTML's title. */
  title: string;
  /** The greeting without its comma, e.g. "Hej Anna". */
  hello: string;
  received: string;
  /** The reference sentence around the reference itself, which the HTML shows in bold. */
  reference: { before: string; value: string; after: string };
  steps: readonly string[];
  follow?: { heading: string; url: string; line: string } | null;
  rowsHeading: string;
  rows: readonly LeadRow[];
  /** A private customer's rights: a heading and its paragraphs. */
  consumer?: { heading: string; paragraphs: readonly string[] } | null;
  correction?: string;
  signature: readonly string[];
  notice: string;
}

export function receiptBody(parts: ReceiptBodyParts): { text: string; html: string } {
  const { title, hello, received, reference, steps, follow, rowsHeading, rows, correction } = parts;
  const { signature, notice, consumer } = parts;
  const text = plainText([
    `${hello},`,
    '',
    received,
    `${reference.before}${reference.value}${reference.after}`,
    '',
    'Det sker nu',
    ...steps.map((step) => `- ${step}`),
    '',
    ...(follow ? [`${follow.heading}: ${follow.url}`, follow.line, ''] : []),
    rowsHeading,
    rowsText(rows),
    '',
    ...(consumer ? [consumer.heading, ...consumer.paragraphs.flatMap((line) => [line, ''])] : []),
    ...(correction ? [correction, ''] : []),
    ...signature,
    '',
    notice,
  ]);

  const paragraph = (value: string, style = 'margin:0 0 12px') =>
    `<p style="${style}">${escapeHtml(value)}</p>`;
  const html = layout(
    title,
    `${escapeHtml(hello)},<br>${escapeHtml(received)}`,
    [
      `<p style="margin:0 0 12px">${escapeHtml(reference.before)}<strong>${escapeHtml(reference.value)}</strong>${escapeHtml(reference.after)}</p>`,
      heading('Det sker nu'),
      list(steps.map(escapeHtml)),
      ...(follow
        ? [
            heading(follow.heading),
            `<p style="margin:0 0 8px"><a href="${escapeHtml(follow.url)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(follow.heading)}</a></p>`,
            paragraph(follow.line),
          ]
        : []),
      heading(rowsHeading),
      table(rows),
      ...(consumer ? [heading(consumer.heading), ...consumer.paragraphs.map((line) => paragraph(line))] : []),
      ...(correction ? [paragraph(correction)] : []),
      `<p style="margin:16px 0 0">${signature.map(escapeHtml).join('<br>')}</p>`,
      paragraph(notice, 'margin:16px 0 0;font-size:13px;color:#64748b'),
    ].join('\n'),
  );
  return { text, html };
}
