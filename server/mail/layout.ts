/**
 * What every e-mail shares: the greeting to a visitor-typed address, labelled rows as text and
 * as a data table, the HTML frame with the company's details at the foot, and small formatting.
 * All user text in HTML is escaped.
 */
import { company } from '../../domain/company.ts';
import type { LeadRow } from '../../domain/lead.ts';
import { escapeHtml, multilineHtml } from './html.ts';
import type { MailAttachment } from './transport.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

export { greeting, greetingName } from '../../domain/greeting.ts';

export function rowsText(rows: readonly LeadRow[]): string {
  return rows.map((row) => `${row.label}: ${row.value.replace(/\r?\n/g, '\n  ')}`).join('\n');
}

function rowsHtml(rows: readonly LeadRow[]): string {
  return rows
    .map((row) => {
      const value = row.href
        ? `<a href="${escapeHtml(row.href)}" style="color:#0f766e">${escapeHtml(row.value)}</a>`
        : multilineHtml(row.value);
      return `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#475569;font-weight:600;white-space:nowrap">${escapeHtml(row.label)}</th><td style="padding:6px 0;vertical-align:top">${value}</td></tr>`;
    })
    .join('');
}

/**
 * The lead's fields as a data table: each row pairs a field's name (a row header, so a screen
 * reader announces it with the value) with what was sent. The e-mails use no layout tables.
 */
export function table(rows: readonly LeadRow[]): string {
  return `<table style="border-collapse:collapse;width:100%;margin:0 0 16px">${rowsHtml(rows)}</table>`;
}

/**
 * The company's details at the foot of every e-mail, the same in its text and its HTML part:
 * legal name, CVR, address, phone and e-mail.
 */
export function companyFooter(): string[] {
  return [
    company.legalName,
    `CVR ${company.cvr}`,
    `${company.address.street}, ${company.address.postalCode} ${company.address.city}`,
    `Telefon ${company.phoneDisplay}`,
    company.email,
  ];
}

/** The text part of an e-mail: its lines, then the company footer below a signature separator. */
export function plainText(lines: readonly string[]): string {
  return [...lines, '', '-- ', companyFooter().join(' · ')].join('\n');
}

export function layout(title: string, intro: string, content: string): string {
  return `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px;line-height:1.5">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(title)}</h1>
${intro ? `<p style="margin:0 0 16px;color:#334155">${intro}</p>` : ''}
${content}
<p style="margin:24px 0 0;font-size:13px;color:#64748b">${companyFooter().map(escapeHtml).join(' · ')}</p>
</div></body></html>`;
}

export const heading = (text: string) =>
  `<h2 style="font-size:16px;margin:16px 0 8px">${escapeHtml(text)}</h2>`;
export const list = (items: readonly string[]) =>
  `<ul style="margin:0 0 16px;padding-left:20px">${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

/** '3,4 MB' */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString('da-DK', { maximumFractionDigits: 1 })} MB`;
}
