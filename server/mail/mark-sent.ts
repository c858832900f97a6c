/**
 * Recording that the mail server accepted a job's message: one UPDATE per message, right after
 * the acceptance (server/mail/worker.ts), so a crash can resend only messages still between the
 * two. A failed UPDATE is tried again twice within a second (a connection lost between two
 * queries) before the worker is told.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';

/** The pauses before recording an accepted message again. */
const retryPausesMs = [100, 500];

/** Returns the function that marks a job sent; `note` says why it counts as sent unconfirmed. */
export function createMarkSent(
  db: Db,
  clock: () => Date,
): (id: string, note?: string | null) => Promise<void> {
  // Runs once per message, so it is prepared once: no query building per message (and on
  // PostgreSQL a named statement, parsed and planned once per connection).
  const statement = db
    .update(mailJobs)
    .set({
      status: 'sent',
      sentAt: sql`${sql.placeholder('sentAt')}`,
      lockedUntil: null,
      lastError: sql`${sql.placeholder('note')}`,
      attempts: sql`${mailJobs.attempts} + 1`,
    })
    .where(eq(mailJobs.id, sql.placeholder('id')))
    .prepare('mail_job_sent');

  return async (id, note = null) => {
    for (const pauseMs of [...retryPausesMs, undefined]) {
      try {
        await statement.execute({ id, sentAt: clock().toISOString(), note });
        return;
      } catch (error) {
        if (pauseMs === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  };
}
