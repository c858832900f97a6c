import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabaseLocation,
  describeEachDatabase,
  type TestDatabaseLocation,
} from '../test/databases.ts';
import { migrationBefore, withOldDatabase } from '../test/old-database.ts';
import { createDatabase, type Database } from './client.ts';
import { leadImages, leadMessages, leads, mailJobs, uploads } from './schema.ts';

const ids = {
  contact: '00000000-0000-4000-8000-000000000001',
  report: '00000000-0000-4000-8000-000000000002',
  emergency: '00000000-0000-4000-8000-000000000003',
  odd: '00000000-0000-4000-8000-000000000004',
  resource: '00000000-0000-4000-8000-000000000005',
  upload: '00000000-0000-4000-8000-000000000006',
};

const reportMessage = [
  'Adresse: Algade 3, 4000 Roskilde',
  'Forsikringsselskab: Codan',
  'Policenummer: POL-778',
  'Skadenummer: Ikke angivet',
  'Skadetype: Brandskade',
  'Beskrivelse: Røgskade i køkken og stue.',
  'Sod på lofterne.',
  'Hvem er du: Forsikringsmægler',
  'Rekvirent: Mette Juul',
  'Rekvirentens telefon: 22 33 44 55',
  'Rekvirentens e-mail: mette@maegler.dk',
].join('\n');

const emergencyMessage = [
  'Adresse: Strandvejen 1, 2900 Hellerup',
  'Forsikringsselskab: Tryg',
  'Policenummer: Ikke angivet',
  'Skadenummer: S-1',
  'Skadetype: Vandskade',
  'Beskrivelse: Vand i kælderen',
].join('\n');

describeEachDatabase('the migration to leads', (target) => {
  let location: TestDatabaseLocation;
  let database: Database;
  const created = new Date('2025-03-04T05:06:07.000Z');

  beforeAll(async () => {
    location = await createTestDatabaseLocation(target.kind, { empty: true });
    await withOldDatabase(location, '0000_nostalgic_hedge_knight', async (query) => {
      const insert = `insert into contact_submissions (id, reference, type, name, email, phone, service, message, images, created_at)
        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;
      await query(insert, [
        ids.contact,
        'SK-AAAAAA',
        'general',
        'Anne Hansen',
        'anne@example.dk',
        '+4522345678',
        'genhusning',
        'Vi har brug for et sted at bo.',
        null,
        created,
      ]);
      await query(insert, [
        ids.report,
        'SK-BBBBBB',
        'anmeldelse',
        'Karen Holm',
        'karen@holm.dk',
        '+4587654321',
        'Codan - Brandskade',
        reportMessage,
        ['object:reports/r/billede-1.jpg', 'object:reports/r/billede-2.png'],
        created,
      ]);
      await query(insert, [
        ids.emergency,
        'SK-CCCCCC',
        'akut-skade',
        'Per Jensen',
        'per@example.dk',
        '+4522345678',
        'Tryg - Vandskade',
        emergencyMessage,
        [`object:uploads/${ids.upload}`],
        created,
      ]);
      await query(insert, [
        ids.odd,
        'SK-DDDDDD',
        'akut-skade',
        'Ole Olsen',
        'ole@example.dk',
        null,
        'Tryg - Vandskade',
        'Ring venligst hurtigt',
        null,
        created,
      ]);
      await query(
        `insert into resource_requests (id, reference, full_name, email, phone, company_name, resource_title, resource_type, created_at)
         values ($1, 'RS-EEEEEE', 'Lars Berg', 'lars@example.dk', '+4522345678', null, 'Er du klar til skybrud?', 'Tjekliste', $2)`,
        [ids.resource, created],
      );
      await query(
        `insert into uploads (id, object_key, status, content_type, size, expires_at, submission_id)
         values ($1, $2, 'attached', 'image/webp', 4242, now(), $3)`,
        [ids.upload, `uploads/${ids.upload}`, ids.emergency],
      );
      await query(
        `insert into mail_jobs (kind, payload) values
          ('submission-notification', $1), ('resource-notification', $2), ('resource-delivery', $2)`,
        [JSON.stringify({ submissionId: ids.report }), JSON.stringify({ requestId: ids.resource })],
      );
    });
    database = await createDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
  });

  afterAll(async () => {
    await database?.close();
    await location?.cleanup();
  });

  const lead = async (id: string) => (await database.db.select().from(leads).where(eq(leads.id, id)))[0];

  it('keeps a contact enquiry with its service and message as fields', async () => {
    expect(await lead(ids.contact)).toMatchObject({
      kind: 'kontakt',
      reference: 'SK-AAAAAA',
      name: 'Anne Hansen',
      email: 'anne@example.dk',
      phone: '+4522345678',
      status: 'new',
      createdAt: created,
      details: { service: 'genhusning', message: 'Vi har brug for et sted at bo.' },
    });
  });

  it('splits a damage report message into its fields, the multi-line description included', async () => {
    const row = await lead(ids.report);
    expect(row).toMatchObject({ kind: 'anmeldelse', name: 'Karen Holm', phone: '+4587654321' });
    expect(row?.details).toEqual({
      adresse: 'Algade 3, 4000 Roskilde',
      forsikringsselskab: 'Codan',
      policeNr: 'POL-778',
      skadetype: 'brandskade',
      besked: 'Røgskade i køkken og stue.\nSod på lofterne.',
      personType: 'forsikringsmagler',
      rekvirentNavn: 'Mette Juul',
      rekvirentTelefon: '+4522334455',
      rekvirentEmail: 'mette@maegler.dk',
    });
  });

  it('splits an emergency message and leaves out what was not given', async () => {
    expect((await lead(ids.emergency))?.details).toEqual({
      adresse: 'Strandvejen 1, 2900 Hellerup',
      forsikringsselskab: 'Tryg',
      skadeNr: 'S-1',
      skadetype: 'vandskade',
      besked: 'Vand i kælderen',
    });
  });

  it('keeps a message it cannot split as it was, with its service text', async () => {
    expect(await lead(ids.odd)).toMatchObject({
      kind: 'akut-skade',
      phone: null,
      details: { legacyService: 'Tryg - Vandskade', legacyMessage: 'Ring venligst hurtigt' },
    });
  });

  it('moves a resource request with the same id and reference', async () => {
    expect(await lead(ids.resource)).toMatchObject({
      kind: 'ressource',
      reference: 'RS-EEEEEE',
      name: 'Lars Berg',
      details: { resourceTitle: 'Er du klar til skybrud?', resourceType: 'Tjekliste' },
    });
  });

  it('dates the latest contact at the time the enquiry came in', async () => {
    expect((await lead(ids.report))?.lastContactAt).toEqual(created);
  });

  it('lists the photos in their order, with type and size where the upload knew them', async () => {
    const images = await database.db.select().from(leadImages).orderBy(asc(leadImages.objectKey));
    expect(
      images.map(({ leadId, position, objectKey, contentType, bytes }) => ({
        leadId,
        position,
        objectKey,
        contentType,
        bytes,
      })),
    ).toEqual([
      {
        leadId: ids.report,
        position: 0,
        objectKey: 'reports/r/billede-1.jpg',
        contentType: 'image/jpeg',
        bytes: 0,
      },
      {
        leadId: ids.report,
        position: 1,
        objectKey: 'reports/r/billede-2.png',
        contentType: 'image/png',
        bytes: 0,
      },
      {
        leadId: ids.emergency,
        position: 0,
        objectKey: `uploads/${ids.upload}`,
        contentType: 'image/webp',
        bytes: 4242,
      },
    ]);
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.id, ids.upload));
    expect(upload?.leadId).toBe(ids.emergency);
  });

  it('points queued e-mails at the leads', async () => {
    const jobs = await database.db.select().from(mailJobs).orderBy(asc(mailJobs.kind));
    expect(jobs.map((job) => ({ kind: job.kind, payload: job.payload, leadId: job.leadId }))).toEqual([
      { kind: 'lead-notification', payload: { leadId: ids.report }, leadId: ids.report },
      { kind: 'lead-notification', payload: { leadId: ids.resource }, leadId: ids.resource },
      { kind: 'resource-delivery', payload: { leadId: ids.resource }, leadId: ids.resource },
    ]);
  });
});

describeEachDatabase('the migration of case page messages into the thread', (target) => {
  let location: TestDatabaseLocation;
  let database: Database;
  const lead = '00000000-0000-4000-8000-0000000000a1';
  const message = '00000000-0000-4000-8000-0000000000a2';
  const written = new Date('2026-10-01T08:30:00.000Z');

  beforeAll(async () => {
    location = await createTestDatabaseLocation(target.kind, { empty: true });
    // Every migration before the one that folds case_messages into lead_messages.
    await withOldDatabase(location, migrationBefore('0025_case_messages_in_thread'), async (query) => {
      await query(
        `insert into leads (id, kind, reference, name, email, details)
         values ($1, 'anmeldelse', 'SK-FFFFFF', 'Karen Holm', 'karen@holm.dk', '{}')`,
        [lead],
      );
      await query(`insert into case_messages (id, lead_id, body, created_at) values ($1, $2, $3, $4)`, [
        message,
        lead,
        'Vandet stiger.\nKan I komme før?',
        written,
      ]);
    });
    database = await createDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
  });

  afterAll(async () => {
    await database?.close();
    await location?.cleanup();
  });

  it("keeps a customer's case page message as their answer in the lead's thread", async () => {
    const rows = await database.db.select().from(leadMessages).where(eq(leadMessages.leadId, lead));
    expect(rows).toEqual([
      expect.objectContaining({
        id: message,
        direction: 'in',
        channel: 'case-page',
        body: 'Vandet stiger.\nKan I komme før?',
        authorId: null,
        authorName: null,
        createdAt: written,
      }),
    ]);
  });
});
