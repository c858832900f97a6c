/**
 * Our messages to the customer on their case page ("Besked fra os"): the text as written, shown
 * as text (escaped, line breaks kept by the style), newest first. The messages themselves are
 * written by server/messages/; the page only reads them.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { leadMessages } from '../db/schema.ts';
import { escapeHtml, formatDanishDateTime } from '../mail/html.ts';

export interface OurMessage {
  body: string;
  createdAt: Date;
}

/** The most messages the page shows; older ones stay in the e-mails the customer got. */
const shownMessages = 20;

export async function ourMessages(db: DbOrTx, leadId: string): Promise<OurMessage[]> {
  return db
    .select({ body: leadMessages.body, createdAt: leadMessages.createdAt })
    .from(leadMessages)
    .where(and(eq(leadMessages.leadId, leadId), eq(leadMessages.direction, 'out')))
    .orderBy(desc(leadMessages.createdAt), desc(leadMessages.id))
    .limit(shownMessages);
}

export function ourMessagesHtml(messages: readonly OurMessage[]): string {
  if (messages.length === 0) return '';
  const items = messages.map(
    (message) =>
      `<li><p class="msg-h"><strong>Besked fra os</strong> · <time datetime="${message.createdAt.toISOString()}">${escapeHtml(formatDanishDateTime(message.createdAt))}</time></p><p class="msg">${escapeHtml(message.body)}</p></li>`,
  );
  const heading = messages.length === 1 ? 'Besked fra os' : 'Beskeder fra os';
  return `<section aria-labelledby="ours-h"><h2 id="ours-h">${heading}</h2><ul class="msgs">${items.join('')}</ul></section>`;
}
