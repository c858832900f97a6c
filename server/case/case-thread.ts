/**
 * The conversation on the customer's case page ("Beskeder"): our messages and theirs, oldest
 * first, from the lead's one thread (lead_messages; the messages themselves are written by
 * server/messages/ and by the page's own form). Ours name the staff member by first name only;
 * every text is shown as text (escaped, line breaks kept by the page's style).
 */
import { and, count, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { casePhotos, leadMessages } from '../db/schema.ts';
import { escapeHtml, formatDanishDateTime } from '../mail/html.ts';
import { pageText } from './copy.ts';

export interface CaseThreadMessage {
  /** 'out' ours, 'in' the customer's (from this page, by e-mail or by SMS). */
  direction: 'out' | 'in';
  /** Ours: the first name of the staff member who wrote it, if known. */
  authorFirstName: string | null;
  body: string;
  createdAt: Date;
  /** The photos an answer by e-mail came with (counted, as the page counts the case's photos). */
  photos: number;
}

/** The most the page shows; older ones stay in the e-mails the customer got and sent. */
export const shownThreadMessages = 30;

/**
 * The first word of a name, never more: the page shows no surname, and an account without a name
 * (its author stored as the e-mail address) shows no name at all.
 */
export function firstName(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first && !first.includes('@') ? first : null;
}

export async function caseThread(db: DbOrTx, leadId: string): Promise<CaseThreadMessage[]> {
  const rows = await db
    .select({
      id: leadMessages.id,
      direction: leadMessages.direction,
      authorName: leadMessages.authorName,
      body: leadMessages.body,
      createdAt: leadMessages.createdAt,
    })
    .from(leadMessages)
    // Never the loss adjuster's thread: the customer sees only their own.
    .where(and(eq(leadMessages.leadId, leadId), ne(leadMessages.channel, 'taksator')))
    .orderBy(desc(leadMessages.createdAt), desc(leadMessages.id))
    .limit(shownThreadMessages);
  const photoCounts = await db
    .select({ messageId: casePhotos.messageId, photos: count() })
    .from(casePhotos)
    .where(and(eq(casePhotos.leadId, leadId), isNotNull(casePhotos.messageId)))
    .groupBy(casePhotos.messageId);
  const photosOf = new Map(photoCounts.map((row) => [row.messageId, row.photos]));
  return rows.reverse().map((row) => ({
    direction: row.direction,
    authorFirstName: row.direction === 'out' ? firstName(row.authorName) : null,
    body: row.body,
    createdAt: row.createdAt,
    photos: photosOf.get(row.id) ?? 0,
  }));
}

/** The thread's section; a link down to the message form while the case takes messages. */
export function caseThreadHtml(messages: readonly CaseThreadMessage[], { canWrite }: { canWrite: boolean }) {
  if (messages.length === 0) return '';
  const items = messages.map((message) => {
    const who =
      message.direction === 'in' ? pageText.yourMessage : pageText.ourMessage(message.authorFirstName);
    const time = `<time datetime="${message.createdAt.toISOString()}">${escapeHtml(formatDanishDateTime(message.createdAt))}</time>`;
    return `<li class="${message.direction === 'in' ? 'you' : 'us'}"><p class="msg-h"><strong>${escapeHtml(who)}</strong> · ${time}</p><p class="msg">${escapeHtml(message.body)}</p>${message.photos > 0 ? `<p class="hint">${escapeHtml(pageText.threadPhotos(message.photos))}</p>` : ''}</li>`;
  });
  const answer = canWrite ? `<p><a href="#besked">${escapeHtml(pageText.threadAnswer)}</a></p>` : '';
  return `<section aria-labelledby="thread-h"><h2 id="thread-h">${escapeHtml(pageText.threadHeading)}</h2><ol class="msgs">${items.join('')}</ol>${answer}</section>`;
}
