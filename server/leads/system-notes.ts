/**
 * Notes the server itself writes on a lead for staff (shown on the lead page with the others):
 * why an emergency was paged as it was. Never shown to the sender.
 */
import type { DbOrTx } from '../db/client.ts';
import { leadNotes } from '../db/schema.ts';

/** The author staff read on such a note. */
export const systemNoteAuthor = 'System';

export async function addSystemNote(tx: DbOrTx, leadId: string, body: string, now: Date): Promise<void> {
  await tx
    .insert(leadNotes)
    .values({ leadId, authorId: null, authorName: systemNoteAuthor, body, createdAt: now });
}
