/**
 * Migration 0024 (the mail ids a customer thread is threaded on) on leads and e-mails written
 * before it, on PGlite and PostgreSQL: each lead keeps its first receipt's job id (a resource
 * request its delivery's), never the staff notification's; a lead without a receipt keeps none;
 * and a message keeps its e-mail's id after the job row is cleaned up.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabaseLocation,
  describeEachDatabase,
  type TestDatabaseLocation,
} from '../test/databases.ts';
import { migrationBefore, withOldDatabase } from '../test/old-database.ts';
import { createDatabase, type Database } from './client.ts';
import { leadMessages, leads, mailJobs } from './schema.ts';

const lead = (n: number) => `00000000-0000-4000-8000-0000000000d${n}`;
const job = (n: number) => `00000000-0000-4000-8000-0000000000e${n}`;
const at = (minutes: number) => new Date(Date.UTC(2026, 9, 1, 8, minutes));

describeEachDatabase('the migration to thread mail ids', (target) => {
  let location: TestDatabaseLocation;
  let database: Database;

  beforeAll(async () => {
    location = await createTestDatabaseLocation(target.kind, { empty: true });
    await withOldDatabase(location, migrationBefore('0024_thread_mail_ids'), async (query) => {
      const kinds = ['akut-skade', 'ressource', 'kontakt'];
      for (const [i, kind] of kinds.entries()) {
        await query(
          `insert into leads (id, kind, reference, name, email, status, details, created_at)
           values ($1, $2, $3, 'Kunde', 'kunde@example.dk', 'new', '{}', $4)`,
          [lead(i + 1), kind, `SK-AAAAC${i + 2}`, at(0)],
        );
      }
      const mail = (id: string, kind: string, leadId: string, minutes: number) =>
        query(
          `insert into mail_jobs (id, kind, payload, lead_id, status, created_at) values ($1, $2, '{}', $3, 'sent', $4)`,
          [id, kind, leadId, at(minutes)],
        );
      // 1: the staff e-mail first, then the receipt, then the receipt sent again later.
      await mail(job(1), 'lead-notification', lead(1), 0);
      await mail(job(2), 'lead-receipt', lead(1), 1);
      await mail(job(3), 'lead-receipt', lead(1), 30);
      // 2: a resource request's delivery is its receipt.
      await mail(job(4), 'lead-notification', lead(2), 0);
      await mail(job(5), 'resource-delivery', lead(2), 1);
      // 3: no receipt (the customer gave no address that took one).
      await mail(job(6), 'lead-notification', lead(3), 0);
      // A message to lead 1 with its e-mail.
      await mail(job(7), 'lead-message', lead(1), 40);
      await query(
        `insert into lead_messages (lead_id, direction, channel, body, author_name, mail_job_id, created_at)
         values ($1, 'out', 'email', 'Vi kommer i morgen', 'Anna', $2, $3)`,
        [lead(1), job(7), at(40)],
      );
    });
    database = await createDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
  });

  afterAll(async () => {
    await database?.close();
    await location?.cleanup();
  });

  it('keeps each lead its first receipt, and none where there was none', async () => {
    const rows = await database.db
      .select({ id: leads.id, receipt: leads.receiptMailJobId })
      .from(leads)
      .orderBy(asc(leads.id));
    expect(rows).toEqual([
      { id: lead(1), receipt: job(2) },
      { id: lead(2), receipt: job(5) },
      { id: lead(3), receipt: null },
    ]);
  });

  it("keeps a message's e-mail id when the job row is cleaned up", async () => {
    await database.db.delete(mailJobs).where(eq(mailJobs.id, job(7)));
    const [message] = await database.db
      .select()
      .from(leadMessages)
      .where(eq(leadMessages.leadId, lead(1)));
    expect(message?.mailJobId).toBe(job(7));
  });
});
