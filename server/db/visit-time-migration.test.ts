/**
 * Migration 0022 (visit time, work started) on leads written before it, on PGlite and
 * PostgreSQL: "I gang" is dated from the first time staff set the status to "I gang", by whom,
 * and never from an acknowledgement or for a lead no longer in progress or done.
 */
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabaseLocation,
  describeEachDatabase,
  type TestDatabaseLocation,
} from '../test/databases.ts';
import { migrationBefore, withOldDatabase } from '../test/old-database.ts';
import { createDatabase, type Database } from './client.ts';
import { leads } from './schema.ts';

const anna = '00000000-0000-4000-8000-0000000000b1';
const bo = '00000000-0000-4000-8000-0000000000b2';
/** An account deleted since: its audit rows keep the id, the users table does not. */
const gone = '00000000-0000-4000-8000-0000000000b3';
const lead = (n: number) => `00000000-0000-4000-8000-0000000000c${n}`;
const at = (minutes: number) => new Date(Date.UTC(2026, 9, 1, 8, minutes));

describeEachDatabase('the migration to visit time and work started', (target) => {
  let location: TestDatabaseLocation;
  let database: Database;

  beforeAll(async () => {
    location = await createTestDatabaseLocation(target.kind, { empty: true });
    await withOldDatabase(location, migrationBefore('0022_visit_time'), async (query) => {
      await query(
        `insert into users (id, email, name, password_hash) values ($1, 'anna@firma.dk', 'Anna Holm', 'x'), ($2, 'bo@firma.dk', 'Bo Jensen', 'x')`,
        [anna, bo],
      );
      const statuses = ['in-progress', 'done', 'in-progress', 'new', 'done', 'in-progress'];
      for (const [i, status] of statuses.entries()) {
        await query(
          `insert into leads (id, kind, reference, name, email, status, details, created_at)
           values ($1, 'akut-skade', $2, 'Kunde', 'kunde@example.dk', $3, '{}', $4)`,
          [lead(i + 1), `SK-AAAAB${i + 2}`, status, at(0)],
        );
      }
      const audit = (leadId: string, userId: string | null, minutes: number, action: string, details = {}) =>
        query(
          `insert into audit_log (at, user_id, actor, action, lead_id, details) values ($1, $2, 'staff', $3, $4, $5)`,
          [at(minutes), userId, action, leadId, JSON.stringify(details)],
        );
      const toInProgress = { from: 'new', to: 'in-progress' };
      // 1: set to "I gang" twice (Bo, then Anna): the first one counts. An older note does not.
      await audit(lead(1), anna, 2, 'note-added');
      await audit(lead(1), anna, 9, 'status-changed', toInProgress);
      await audit(lead(1), bo, 5, 'status-changed', toInProgress);
      // 2: done since, by an account deleted meanwhile: the time stays, without the person.
      await audit(lead(2), gone, 7, 'status-changed', toInProgress);
      await audit(lead(2), anna, 20, 'status-changed', { from: 'in-progress', to: 'done' });
      // 3: "I gang" by the on-call acknowledgement only: no work started.
      await audit(lead(3), bo, 3, 'oncall-acknowledged');
      // 4: set to "I gang", then back to "Ny": no work started.
      await audit(lead(4), anna, 4, 'status-changed', toInProgress);
      await audit(lead(4), anna, 6, 'status-changed', { from: 'in-progress', to: 'new' });
      // 5: closed straight from "Ny": no work started.
      await audit(lead(5), bo, 8, 'status-changed', { from: 'new', to: 'done' });
      // 6: another lead's change does not count for it.
    });
    database = await createDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
  });

  afterAll(async () => {
    await database?.close();
    await location?.cleanup();
  });

  it('dates "I gang" from the first status change to it, by whom, and nothing else', async () => {
    const rows = await database.db
      .select({
        id: leads.id,
        workStartedAt: leads.workStartedAt,
        workStartedBy: leads.workStartedBy,
        visitAt: leads.visitAt,
      })
      .from(leads)
      .orderBy(asc(leads.id));
    expect(rows).toEqual([
      { id: lead(1), workStartedAt: at(5), workStartedBy: bo, visitAt: null },
      { id: lead(2), workStartedAt: at(7), workStartedBy: null, visitAt: null },
      { id: lead(3), workStartedAt: null, workStartedBy: null, visitAt: null },
      { id: lead(4), workStartedAt: null, workStartedBy: null, visitAt: null },
      { id: lead(5), workStartedAt: null, workStartedBy: null, visitAt: null },
      { id: lead(6), workStartedAt: null, workStartedBy: null, visitAt: null },
    ]);
  });
});
