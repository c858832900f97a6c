/**
 * Short links in on-call SMS: a page SMS of a typical Danish emergency fits in one part with one,
 * where the signed link made it two; on PGlite and PostgreSQL the short link opens the signed
 * page for its person only, until it expires, and the signed links already sent keep working.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leads, oncallLinks, users } from '../../db/schema.ts';
import { smsLength } from '../../sms/segments.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from '../../test/test-app.ts';
import { ackToken, ackUrl, checkAckToken, checkQueueToken } from './ack-link.ts';
import { shortLink } from './short-link.ts';
import { pageSmsText } from './sms-text.ts';

const publicUrl = 'https://skadekompagniet.dk';

describe('the length of a page SMS', () => {
  const emergency = {
    reference: 'SK-7F3K2Q',
    priority: 'hoej' as const,
    damageType: 'vandskade',
    name: 'Mette Sørensen',
    phone: '+4528123456',
    address: 'Vestergade 12, 1. th., 8000 Aarhus C',
    everybody: false,
  };

  it('fits a typical Danish emergency in one GSM-7 part with the short link; the signed one took two', () => {
    const signed = pageSmsText({
      ...emergency,
      link: ackUrl(
        publicUrl,
        TEST_SIGNING_SECRET,
        '0b0e7d6e-58a5-4b52-9d7e-1f3c8f1d2a01',
        '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        new Date('2026-11-26T20:00:00Z'),
      ),
    });
    const short = pageSmsText({ ...emergency, link: `${publicUrl}/v/AbCdEfGhIjKlMnOp` });
    // The signed link alone is 120 characters: even with name and address cut it takes two parts.
    expect(smsLength(signed)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(smsLength(short)).toMatchObject({ encoding: 'GSM-7', units: 154, segments: 1 });
    expect(short).toBe(
      'AKUT HØJ SK-7F3K2Q: Vandskade\nTag den: https://skadekompagniet.dk/v/AbCdEfGhIjKlMnOp\n' +
        'Mette Sørensen, tlf. 28 12 34 56\nVestergade 12, 1. th., 8000 Aarhus C',
    );
  });
});

describeEachDatabase('short on-call links', (target) => {
  let t: TestApp;
  let anna: string;
  let bo: string;
  let leadId: string;
  const clock = { now: new Date() };

  beforeEach(async () => {
    clock.now = new Date();
    t = await createTestApp({
      database: target,
      env: { PUBLIC_URL: publicUrl },
      mail: { startWorker: false },
      oncall: { startWorker: false, clock: () => clock.now },
    });
    const rows = await t.app.deps.db
      .insert(users)
      .values([
        { email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4521111111', passwordHash: 'x' },
        { email: 'bo@skade.example.dk', name: 'Bo Jensen', phone: '+4522222222', passwordHash: 'x' },
      ])
      .returning({ id: users.id });
    [anna, bo] = rows.map((row) => row.id) as [string, string];
    const [lead] = await t.app.deps.db
      .insert(leads)
      .values({
        kind: 'akut-skade',
        pagesOnCall: true,
        reference: 'SK-7F3K2Q',
        name: 'Mette Sørensen',
        email: 'mette@example.dk',
        phone: '+4528123456',
        details: { skadetype: 'vandskade', adresse: 'Vestergade 12, 8000 Aarhus C' },
      } as never)
      .returning({ id: leads.id });
    leadId = lead!.id;
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const make = (target: Parameters<typeof shortLink>[2]) =>
    shortLink(t.app.deps.db, publicUrl, target, clock.now).then((url) => url.slice(publicUrl.length));

  it("opens the signed page of its person, is stored only as a hash, and expires with the signed link's 24 hours", async () => {
    const path = await make({ purpose: 'page', leadId, userId: anna });
    expect(path).toMatch(/^\/v\/[\w-]{16}$/);
    const id = path.slice('/v/'.length);
    // 96 random bits: two links for the same page differ.
    expect(await make({ purpose: 'page', leadId, userId: anna })).not.toBe(path);

    const answer = await get(path);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const location = String(answer.headers.location);
    const signed = checkAckToken(TEST_SIGNING_SECRET, location.slice('/vagt/'.length), clock.now);
    expect(signed).toMatchObject({ status: 'ok', leadId, userId: anna });
    const page = await get(location);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('AKUT SK-7F3K2Q');
    expect(page.body).toContain('Jeg tager den');

    const stored = await t.app.deps.db.select().from(oncallLinks);
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(id);

    clock.now = new Date(clock.now.getTime() + 24 * 3_600_000 - 1_000);
    expect((await get(path)).statusCode).toBe(303);
    clock.now = new Date(clock.now.getTime() + 2_000);
    const expired = await get(path);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Linket er udløbet');
  });

  it("leads a digest's link to the person's queue page", async () => {
    const path = await make({ purpose: 'queue', userId: bo });
    const answer = await get(path);
    expect(answer.statusCode).toBe(303);
    const location = String(answer.headers.location);
    expect(checkQueueToken(TEST_SIGNING_SECRET, location.slice('/vagt/liste/'.length), clock.now)).toEqual({
      status: 'ok',
      userId: bo,
    });
    expect((await get(location)).body).toContain('<h1>Akutte skader (0)</h1>');
  });

  it('refuses an id it never gave (403) and a disabled account (403), showing nothing of the customer', async () => {
    for (const id of ['AbCdEfGhIjKlMnOp', 'short', '[skjult]', 'AbCdEfGhIjKlMnOpQ']) {
      const answer = await get(`/v/${encodeURIComponent(id)}`);
      expect(answer.statusCode, id).toBe(403);
      expect(answer.body).toContain('Linket er ikke gyldigt');
    }
    const path = await make({ purpose: 'page', leadId, userId: anna });
    await t.app.deps.db.update(users).set({ disabledAt: clock.now }).where(eq(users.id, anna));
    const refused = await get(path);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Mette');
  });

  it('keeps the signed links already sent working until they expire', async () => {
    const token = ackToken(TEST_SIGNING_SECRET, leadId, anna, clock.now);
    const page = await get(`/vagt/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('AKUT SK-7F3K2Q');
  });
});
