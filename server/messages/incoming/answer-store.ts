/**
 * A customer's answer by e-mail or SMS into its lead's thread (docs/decisions/incoming-answers.md):
 * the 'in' message, its photos as lead photos added later (like the case page's), the lead's last
 * contact and the e-mail to the person it is assigned to, in one transaction. An answer already
 * stored under its Message-ID (or the gateway's id) is not stored again. An answer that matches no
 * lead goes to the company inbox as it came, once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { casePhotos, leadImages, leadMessages, leads, mailJobs, uploads, users } from '../../db/schema.ts';
import { photoLimitWords, photoRoom } from '../../case/photo-room.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { PeriodicJob } from '../../queue/periodic.ts';
import { answerMail, unmatchedAnswerMail, type UnmatchedAnswer } from './answer-mail.ts';

/** A photo of an answer, already checked and stored as an upload (answer-photos.ts). */
export interface AnswerPhoto {
  uploadId: string;
  objectKey: string;
  contentType: string;
  bytes: number;
  originalName: string | null;
}

export interface Answer {
  leadId: string;
  channel: 'email' | 'sms';
  body: string;
  /** The e-mail's Message-ID or the gateway's id of the SMS. */
  incomingId: string;
  at: Date;
  photos: readonly AnswerPhoto[];
  /** An automatic answer (an out-of-office reply): kept in the thread, nobody is notified. */
  automatic?: boolean;
}

export type StoreOutcome = 'stored' | 'duplicate' | 'lead-gone';

/**
 * Stores the answer; the caller wakes the mail worker after a 'stored'. Photos beyond the case's
 * room (server/case/photo-room.ts), counted again under the lock, are left out and named in the
 * answer's text.
 */
export async function storeAnswer(db: Db, answer: Answer): Promise<StoreOutcome> {
  return db.transaction(async (tx) => {
    // The lock keeps the photos' positions apart from a case page upload at the same moment.
    const [lead] = await tx
      .select({ id: leads.id, assignedTo: leads.assignedTo })
      .from(leads)
      .where(eq(leads.id, answer.leadId))
      .for('update');
    if (!lead) return 'lead-gone';
    const room = answer.photos.length > 0 ? await photoRoom(tx, lead.id, answer.at) : null;
    const photos = answer.photos.slice(0, room?.remainingToday ?? 0);
    const note = answer.photos
      .slice(photos.length)
      .map((photo) => `${photo.originalName ?? 'billede'} (${photoLimitWords(room!)})`);
    const [message] = await tx
      .insert(leadMessages)
      .values({
        leadId: lead.id,
        direction: 'in',
        channel: answer.channel,
        body: note.length > 0 ? `${answer.body}\n\nIkke gemt: ${note.join(', ')}` : answer.body,
        incomingId: answer.incomingId,
        createdAt: answer.at,
      })
      // The only other unique key is the random id: a conflict is the same answer read again.
      .onConflictDoNothing()
      .returning({ id: leadMessages.id });
    if (!message) return 'duplicate';

    if (room && photos.length > 0) {
      const first = room.nextPosition;
      await tx
        .update(uploads)
        .set({ status: 'attached', leadId: lead.id })
        .where(
          inArray(
            uploads.id,
            photos.map((photo) => photo.uploadId),
          ),
        );
      const images = await tx
        .insert(leadImages)
        .values(
          photos.map((photo, index) => ({
            leadId: lead.id,
            position: first + index,
            objectKey: photo.objectKey,
            contentType: photo.contentType,
            bytes: photo.bytes,
            originalName: photo.originalName,
            createdAt: answer.at,
          })),
        )
        .returning({ id: leadImages.id });
      const batchId = randomUUID();
      await tx.insert(casePhotos).values(
        images.map((image) => ({
          imageId: image.id,
          leadId: lead.id,
          batchId,
          // The thread shows the photos with the answer they came with.
          messageId: message.id,
          createdAt: answer.at,
        })),
      );
    }

    await tx.update(leads).set({ lastContactAt: answer.at }).where(eq(leads.id, lead.id));
    if (answer.automatic) return 'stored';
    const [person] = lead.assignedTo
      ? await tx
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(and(eq(users.id, lead.assignedTo), isNull(users.disabledAt)))
      : [];
    await enqueueMail(tx, answerMail, {
      leadId: lead.id,
      messageId: message.id,
      photos: photos.length,
      ...(person ? { to: { name: person.name ?? person.email, email: person.email } } : {}),
    });
    return 'stored';
  });
}

/**
 * Forwards an answer that matched no lead to the company inbox; false when it was forwarded
 * before (read again after a crash, or sent again by the gateway). The caller wakes the mail worker.
 */
export async function forwardUnmatched(db: Db, answer: UnmatchedAnswer): Promise<boolean> {
  const kind = unmatchedAnswerMail.name;
  return db.transaction(async (tx) => {
    // One reader at a time (a periodic job, a webhook per message); the lock closes the rest.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${answer.incomingId}`}))`);
    const [earlier] = await tx
      .select({ id: mailJobs.id })
      .from(mailJobs)
      .where(and(eq(mailJobs.kind, kind), sql`${mailJobs.payload}->>'incomingId' = ${answer.incomingId}`))
      .limit(1);
    if (earlier) return false;
    await enqueueMail(tx, unmatchedAnswerMail, { ...answer, leadId: null });
    return true;
  });
}

/** Forwarded answers stay in the outbox this long after they went out (the text is personal data). */
export const forwardedAnswerKeepDays = 30;

/**
 * Deletes the outbox rows of answers forwarded to the company inbox once they are old: unlike a
 * lead's e-mails, no lead's erasure or retention would ever remove them.
 */
export function forwardedAnswersPurgeJob(deps: { db: Db }): PeriodicJob {
  return {
    id: 'forwarded-answers-purge',
    name: 'deleting old forwarded answers',
    intervalMs: 24 * 60 * 60_000,
    firstRunAfterMs: 10 * 60_000,
    async run(now) {
      const before = new Date(now.getTime() - forwardedAnswerKeepDays * 24 * 60 * 60_000);
      await deps.db
        .delete(mailJobs)
        .where(
          and(
            eq(mailJobs.kind, 'customer-answer-unmatched'),
            inArray(mailJobs.status, ['sent', 'failed']),
            lt(mailJobs.createdAt, before),
          ),
        );
    },
  };
}
