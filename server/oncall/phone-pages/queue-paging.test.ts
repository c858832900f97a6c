/**
 * The on-call queue page at volume, on PGlite and PostgreSQL: 250 open emergencies are all
 * reachable through its pages, in order, without a row shown twice or skipped while emergencies
 * arrive and are taken between two loads; the newest-first order; links that are not ours.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { leads, oncallPages, users } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from '../../test/test-app.ts';
import { queueToken } from '../paging/ack-link.ts';
import { acknowledgePage } from '../assignment/acknowledge.ts';
import { parseCursor } from './queue-list.ts';

const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** A reference in our alphabet for a number. */
function referenceOf(n: number): string {
  let text = '';
  for (let rest = n, i = 0; i < 6; i++, rest = Math.floor(rest / alphabet.length))
    text = alphabet[rest % alphabet.length] + text;
  return `SK-${text}`;
}

interface Row {
  id: string;
  reference: string;
  critical: boolean;
  /** Microseconds since the base time. */
  micros: number;
}

describeEachDatabase('the on-call queue page, page by page', (target) => {
  let t: TestApp;
  let userId: string;
  let made: Row[];
  let serial = 0;
  const base = Date.parse('2030-03-01T18:00:00Z');
  const clock = { now: new Date(base + 3 * 3_600_000) };

  beforeEach(async () => {
    made = [];
    t = await createTestApp({
      database: target,
      mail: { startWorker: false },
      oncall: { startWorker: false, clock: () => clock.now },
    });
    const [user] = await t.app.deps.db
      .insert(users)
      .values({ email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4521111111', passwordHash: 'x' })
      .returning({ id: users.id });
    userId = user!.id;
  });
  afterEach(async () => {
    await t.close();
  });

  /** Open emergencies as a page step leaves them: stored leads with a pending page each. */
  async function emergencies(specs: { critical: boolean; micros: number }[]): Promise<Row[]> {
    const values = specs.map((spec) => ({
      kind: 'akut-skade' as const,
      pagesOnCall: true,
      reference: referenceOf(++serial),
      name: `Kunde ${serial}`,
      email: `kunde${serial}@example.dk`,
      phone: `+45${String(30_000_000 + serial)}`,
      priority: spec.critical ? ('kritisk' as const) : ('normal' as const),
      details: { skadetype: 'vandskade', adresse: `Algade ${serial}, 4000 Roskilde` },
      createdAt: sql`${new Date(base).toISOString()}::timestamptz + ${spec.micros} * interval '1 microsecond'`,
    }));
    const rows = await t.app.deps.db
      .insert(leads)
      .values(values as never)
      .returning({ id: leads.id, reference: leads.reference, priority: leads.priority });
    await t.app.deps.db
      .insert(oncallPages)
      .values(rows.map((row) => ({ leadId: row.id, runAt: new Date(base + 10 * 3_600_000) })));
    const out = rows.map((row, i) => ({
      id: row.id,
      reference: row.reference,
      critical: row.priority === 'kritisk',
      micros: specs[i]!.micros,
    }));
    made.push(...out);
    return out;
  }

  /** Critical first, then oldest, then by id: the page's order. */
  const criticalFirst = (a: Row, b: Row) =>
    Number(b.critical) - Number(a.critical) || a.micros - b.micros || (a.id < b.id ? -1 : 1);

  const listPath = () => `/vagt/liste/${queueToken(TEST_SIGNING_SECRET, userId, clock.now)}`;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const referencesOn = (html: string) =>
    [...html.matchAll(/<h2 id="sk-[^"]+">(SK-[0-9A-Z]+)/g)].map((match) => match[1]!);
  const relLink = (html: string, rel: 'next' | 'prev') => {
    const match = new RegExp(`<a rel="${rel}" href="([^"]+)">([^<]+)</a>`).exec(html);
    return match ? { href: match[1]!.replace(/&amp;/g, '&'), text: match[2]! } : undefined;
  };

  it('reaches every one of 250 through its pages, in order, none twice or skipped while they come and go', async () => {
    // Three at the very same time (the id decides), others a microsecond apart, every 7th critical.
    await emergencies(
      Array.from({ length: 250 }, (_, i) => ({
        critical: i % 7 === 3,
        micros: i < 3 ? 5_000_000 : i % 2 === 0 ? i * 1_000_000 : i * 1_000_000 + 1,
      })),
    );
    const expected = [...made].sort(criticalFirst);
    const start = listPath();

    const first = await get(start);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1>Akutte skader (250)</h1>');
    expect(first.body).toContain('<strong>250 åbne – kritiske først.</strong> Viser 1–100.');
    expect(relLink(first.body, 'prev')).toBeUndefined();
    expect(relLink(first.body, 'next')?.text).toBe('Næste 100');
    const seen = [...referencesOn(first.body)];
    expect(seen).toEqual(expected.slice(0, 100).map((row) => row.reference));

    // Between the loads: a new normal one (at the end of the order), a new critical one (among the
    // critical ones already shown: in the total, and on the first page's part when gone back to),
    // and one on the next page taken.
    const [late] = await emergencies([{ critical: false, micros: 900_000_000 }]);
    const [urgent] = await emergencies([{ critical: true, micros: 900_000_001 }]);
    const takenRow = expected[120]!;
    await acknowledgePage({ db: t.app.deps.db, clock: () => clock.now }, { leadId: takenRow.id, userId });

    let link = relLink(first.body, 'next');
    const pages = [first.body];
    while (link) {
      expect(link.href.startsWith(`${start}?efter=`)).toBe(true);
      const page = await get(link.href);
      expect(page.statusCode).toBe(200);
      pages.push(page.body);
      seen.push(...referencesOn(page.body));
      link = relLink(page.body, 'next');
    }
    expect(pages).toHaveLength(3);
    expect(pages[1]).toContain('<strong>251 åbne – kritiske først.</strong> Viser 102–201.');
    expect(pages[2]).toContain('Viser 202–251.');
    const want = [...expected.filter((row) => row !== takenRow).map((row) => row.reference), late!.reference];
    expect(seen).toEqual(want);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(urgent!.reference);

    // Back from the last page to the start by "Forrige": the list as it is now, the new critical one
    // after the older critical ones.
    let back = relLink(pages[2]!, 'prev');
    expect(back?.text).toBe('Forrige 100');
    const backwards: string[][] = [referencesOn(pages[2]!)];
    while (back) {
      const page = await get(back.href);
      expect(page.statusCode).toBe(200);
      backwards.unshift(referencesOn(page.body));
      back = relLink(page.body, 'prev');
    }
    const now = made.filter((row) => row !== takenRow).sort(criticalFirst);
    expect(backwards.flat()).toEqual(now.map((row) => row.reference));
    expect(now.findIndex((row) => row === urgent)).toBe(36);
  });

  it('shows the newest first when asked, page by page, with a way back to critical first', async () => {
    await emergencies(Array.from({ length: 130 }, (_, i) => ({ critical: i === 0, micros: i * 1_000_000 })));
    const newest = [...made].sort((a, b) => b.micros - a.micros);
    const start = listPath();
    const first = await get(start);
    expect(first.body).toContain(`<a href="${start}?orden=nyeste">Vis nyeste først</a>`);
    const page = await get(`${start}?orden=nyeste`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<strong>130 åbne – nyeste først.</strong> Viser 1–100.');
    expect(page.body).toContain(`<a href="${start}">Vis kritiske først</a>`);
    expect(referencesOn(page.body)).toEqual(newest.slice(0, 100).map((row) => row.reference));
    const next = relLink(page.body, 'next')!;
    expect(next.text).toBe('Næste 30');
    expect(next.href).toMatch(/\?orden=nyeste&efter=/);
    const rest = await get(next.href);
    expect(referencesOn(rest.body)).toEqual(newest.slice(100).map((row) => row.reference));
    expect(relLink(rest.body, 'next')).toBeUndefined();
    // Reloading keeps the part of the list in view.
    expect(rest.body).toContain(`<a href="${next.href.replace(/&/g, '&amp;')}">Opdater listen</a>`);
  });

  it('answers a link to a part of the list that is not ours with a Danish page (400), never an error', async () => {
    await emergencies([{ critical: false, micros: 0 }]);
    const start = listPath();
    const good = `1-20300301180000000000-${made[0]!.id}`;
    expect(parseCursor(good)).toEqual({ rank: 1, at: '2030-03-01T18:00:00.000000Z', id: made[0]!.id });
    for (const query of [
      '?efter=garbage',
      `?efter=1-20301301180000000000-${made[0]!.id}`,
      `?efter=1-20300231180000000000-${made[0]!.id}`,
      '?efter=1-20300301180000000000-not-a-uuid-at-all-but-36-characters',
      `?efter=${good}&efter=${good}`,
      `?efter=${good}&foer=${good}`,
      '?orden=aeldste',
      "?foer=1'%3B--",
    ]) {
      const answer = await get(`${start}${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain('<h1>Den del af listen findes ikke</h1>');
      expect(answer.body).toContain(`<a class="back" href="${start}">Til starten af listen</a>`);
    }
    // Past the end (the rows after it were taken): a note and the way to the start.
    const [late] = await emergencies([{ critical: false, micros: 1 }]);
    const end = await get(`${start}?efter=1-20300301180000000001-${late!.id}`);
    expect(end.statusCode).toBe(200);
    expect(end.body).toContain('Ikke flere åbne akutte skader her.');
    expect(relLink(end.body, 'prev')?.text).toBe('Forrige 2');
    // The link's token still decides first: a forged one is 403 whatever the cursor.
    expect((await get(`${start.slice(0, -2)}xx?efter=garbage`)).statusCode).toBe(403);
  });
});
