/**
 * What one client can make of emergencies, on PGlite and PostgreSQL: eight made-up emergencies
 * with danger to people from one address in a few seconds page one as critical and the others as
 * high, each marked for staff; they count once in the surge formula; a lead with weak spam signals
 * counts not at all; an IPv6 /64 is one client; the client key is emptied after a day.
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { leadSchema } from '../../domain/lead.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { leadNotes, leads } from '../db/schema.ts';
import { countWaitingEmergencies } from '../oncall/surge/surge.ts';
import { runRetention } from '../privacy/retention.ts';
import {
  createTestDatabaseLocation,
  describeEachDatabase,
  type TestDatabaseLocation,
} from '../test/databases.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { TEST_SIGNING_SECRET } from '../test/test-app.ts';
import { criticalCapNote } from './client-cap.ts';
import { createLead } from './create-lead.ts';

describeEachDatabase('one client and critical emergencies', (target) => {
  let location: TestDatabaseLocation;
  let app: FastifyInstance;

  beforeEach(async () => {
    location = await createTestDatabaseLocation(target.kind);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SIGNING_SECRET: TEST_SIGNING_SECRET,
      PUBLIC_URL: 'https://skade.example.dk',
      SPAM_CHECKS: 'off',
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
      ADDRESS_API_KIND: 'off',
      CLIENT_DIR: join(location.dataDir, 'no-client-build'),
      DATA_DIR: location.dataDir,
      ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
    });
    app = await buildApp(config, {
      mail: { startWorker: false, transport: { kind: 'eml', send: async () => {}, close: async () => {} } },
      oncall: { startWorker: false },
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await location.cleanup();
  });

  /** An emergency with danger to people from `ip`, each from its own made-up person and address. */
  async function critical(ip: string, n: number) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: ip,
      payload: {
        ...emergencyBody(),
        personfare: 'ja',
        telefon: `2100${String(n).padStart(4, '0')}`,
        email: `person${n}@example.dk`,
        adresse: `Strandvejen ${n}, 2900 Hellerup`,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await app.deps.db.select().from(leads).where(eq(leads.id, id));
    const notes = await app.deps.db.select().from(leadNotes).where(eq(leadNotes.leadId, id));
    return { ...row!, notes: notes.map((note) => note.body) };
  }

  it('pages the first as critical and the next seven from one client as high, marked for staff', async () => {
    const sent = [];
    for (let n = 1; n <= 8; n++) sent.push(await critical('198.51.100.7', n));
    expect(sent.map((lead) => lead.priority)).toEqual(['kritisk', ...Array(7).fill('hoej')]);
    expect(sent[0]!.notes).toEqual([]);
    for (const lead of sent.slice(1)) expect(lead.notes).toEqual([criticalCapNote]);
    // The waiting count behind the public promise counts the client once.
    expect(await countWaitingEmergencies(app.deps.db, new Date())).toBe(1);
    // Another client is critical as before.
    expect((await critical('203.0.113.9', 9)).priority).toBe('kritisk');
    expect(await countWaitingEmergencies(app.deps.db, new Date())).toBe(2);
  });

  it('counts an IPv6 /64 as one client', async () => {
    expect((await critical('2001:db8:1:2::7', 1)).priority).toBe('kritisk');
    const second = await critical('2001:db8:1:2:aaaa:bbbb:cccc:dddd', 2);
    expect(second.priority).toBe('hoej');
    expect(second.clientKey).toBe('2001:db8:1:2::/64');
    expect((await critical('2001:db8:1:3::7', 3)).priority).toBe('kritisk');
  });

  it('never counts a lead with weak spam signals in surge', async () => {
    const lead = leadSchema.parse({ ...emergencyBody(), personfare: 'ja' });
    await createLead(app.deps, lead, { clientIp: '192.0.2.1' }, ['too-fast']);
    expect(await countWaitingEmergencies(app.deps.db, new Date())).toBe(0);
    await createLead(
      app.deps,
      leadSchema.parse({ ...emergencyBody(), personfare: 'ja', telefon: '21009999', email: 'b@example.dk' }),
      { clientIp: '192.0.2.2' },
    );
    expect(await countWaitingEmergencies(app.deps.db, new Date())).toBe(1);
  });

  it('keeps the client key a day, then the retention job empties it', async () => {
    const lead = await critical('198.51.100.7', 1);
    expect(lead.clientKey).toBe('198.51.100.7');
    await runRetention(
      { db: app.deps.db, storage: app.deps.storage, mailDir: join(location.dataDir, 'mail') },
      new Date(Date.now() + 25 * 60 * 60_000),
    );
    const [after] = await app.deps.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after!.clientKey).toBeNull();
  });
});
