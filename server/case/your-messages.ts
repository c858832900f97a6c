/**
 * The customer's own messages on their case page ("Dine beskeder til os"), newest first, so they
 * can see what they already wrote and need not write it again. Shown as text (escaped, line
 * breaks kept by the page's style).
 */
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { caseMessages } from '../db/schema.ts';
import { escapeHtml, formatDanishDateTime } from '../mail/html.ts';
import { pageText } from './copy.ts';

export interface YourMessage {
  body: string;
  createdAt: Date;
}

/** The most the page shows; the daily limit keeps a case far below it in practice. */
const shownMessages = 20;

export async function yourMessages(db: DbOrTx, leadId: string): Promise<YourMessage[]> {
  return db
    .select({ body: caseMessages.body, createdAt: caseMessages.createdAt })
    .from(caseMessages)
    .where(eq(caseMessages.leadId, leadId))
    .orderBy(desc(caseMessages.createdAt), desc(caseMessages.id))
    .limit(shownMessages);
}

export function yourMessagesHtml(messages: readonly YourMessage[]): string {
  if (messages.length === 0) return '';
  const items = messages.map(
    (message) =>
      `<li><p class="msg-h"><strong>${escapeHtml(pageText.yourMessage)}</strong> · <time datetime="${message.createdAt.toISOString()}">${escapeHtml(formatDanishDateTime(message.createdAt))}</time></p><p class="msg">${escapeHtml(message.body)}</p></li>`,
  );
  return `<section aria-labelledby="yours-h"><h2 id="yours-h">${escapeHtml(pageText.yourMessagesHeading)}</h2><ul class="msgs">${items.join('')}</ul></section>`;
}
