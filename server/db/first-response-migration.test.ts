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

describeEachDatabase('the migration that adds first-response deadlines', (target) => {
  let location: TestDatabaseLocation;
  let database: Database;
  const arrived = new Date('2026-11-20T15:00:00.000Z');
  const minutes = (n: number) => new Date(arrived.getTime() + n * 60_000);

  beforeAll(async () => {
    location = await createTestDatabaseLocation(target.kind, { empty: true });
    await withOldDatabase(location, migrationBefore('0027_first_response_deadlines'), async (query) => {
      await query(`insert into users (id, email, password_hash) values ($1, 'anna@example.dk', 'x')`, [
        '00000000-0000-4000-8000-0000000000b0',
      ]);
      const lead = (reference: string, kind: string, extra = '', values: unknown[] = []) =>
        query(
          `insert into leads (id, kind, reference, name, email, created_at${extra ? `, ${extra}` : ''})
           values ('00000000-0000-4000-8000-0000000000${reference.slice(-2)}', '${kind}', '${reference}', 'Kunde', 'k@example.dk', $1${values.map((_, i) => `, $${i + 2}`).join('')})`,
          [arrived, ...values],
        );
      await lead('SK-B1', 'akut-skade', 'called_back_at', [minutes(12)]);
      await lead('SK-B2', 'akut-skade', 'announced_callback_minutes, announced_in_surge', [90, true]);
      await lead('SK-B3', 'anmeldelse');
      await lead('SK-B4', 'ressource');
      const message = (id: string, batch: string | null, at: Date) =>
        query(
          `insert into lead_messages (id, lead_id, direction, channel, body, author_id, batch_id, created_at)
           values ($1, '00000000-0000-4000-8000-0000000000b3', 'out', 'email', 'Hej', '00000000-0000-4000-8000-0000000000b0', $2, $3)`,
          [id, batch, at],
        );
      // A batch update first (no answer), then Anna's own message.
      await message(
        '00000000-0000-4000-8000-0000000000c1',
        '00000000-0000-4000-8000-0000000000d1',
        minutes(30),
      );
      await message('00000000-0000-4000-8000-0000000000c2', null, minutes(45));
    });
    database = await createDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
  });

  afterAll(async () => {
    await database?.close();
    await location?.cleanup();
  });

  it('gives stored emergencies their told deadline and every lead its first answer so far', async () => {
    const rows = await database.db
      .select({ reference: leads.reference, due: leads.firstResponseDueAt, at: leads.firstResponseAt })
      .from(leads)
      .orderBy(asc(leads.reference));
    expect(rows).toEqual([
      { reference: 'SK-B1', due: minutes(15), at: minutes(12) },
      { reference: 'SK-B2', due: minutes(90), at: null },
      // Left to the backfill job (server/leads/first-response.ts), which skips holidays.
      { reference: 'SK-B3', due: null, at: minutes(45) },
      { reference: 'SK-B4', due: null, at: null },
    ]);
  });
});
