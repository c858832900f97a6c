/**
 * What every notification to staff about a lead ends with: the link to the lead's thread in the
 * inbox, where the answer is written, and, with a reply mailbox, that answering the e-mail itself
 * sends the answer to the customer through the thread (docs/decisions/staff-replies.md). Never an
 * invitation to write to the customer outside the thread: nobody else would see it.
 */
import { escapeHtml } from './html.ts';

/** The lead in the inbox, its thread and composer included. */
export function inboxLeadUrl(publicUrl: string, leadId: string): string {
  return `${publicUrl.replace(/\/$/, '')}/indbakke/henvendelse/${leadId}`;
}

export const staffNoticeWords = {
  open: 'Svar kunden i sagens tråd:',
  byMail:
    'Du kan også svare på denne e-mail: dit svar sendes til kunden fra os og står i tråden (citater og signatur skæres fra).',
} as const;

/** The closing lines, as text and as HTML. `byMail`: answers to the e-mail come back into the thread. */
export function staffNotice(url: string, byMail: boolean): { text: string[]; html: string } {
  return {
    text: [`${staffNoticeWords.open} ${url}`, ...(byMail ? [staffNoticeWords.byMail] : [])],
    html: [
      `<p style="margin:0 0 12px">${escapeHtml(staffNoticeWords.open)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
      ...(byMail ? [`<p style="margin:0 0 12px">${escapeHtml(staffNoticeWords.byMail)}</p>`] : []),
    ].join('\n'),
  };
}
