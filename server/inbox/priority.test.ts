import { afterAll, beforeAll, expect, it } from 'vitest';
import { staffApiMessages } from '../../domain/staff-api/shared.ts';
import type { LeadPriority } from '../../domain/triage.ts';
import { leads } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import type { StaffClient } from '../test/staff-client.ts';
import { loggedInNewStaff, testStaff } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';
import type { TestApp } from '../test/test-app.ts';

interface Row {
  id: string;
  reference: string;
  priority: LeadPriority;
  createdAt: Date;
}

describeEachDatabase('the inbox by priority', (target) => {
  let t: TestApp;
  let anna: StaffClient;
  const rows: Row[] = [];

  /** Newest first, most urgent first: the order the list must give. */
  const rank: Record<LeadPriority, number> = { kritisk: 0, hoej: 1, normal: 2 };
  const expected = (only?: LeadPriority) =>
    rows
      .filter((row) => !only || row.priority === only)
      .sort(
        (a, b) =>
          rank[a.priority] - rank[b.priority] ||
          b.createdAt.getTime() - a.createdAt.getTime() ||
          b.id.localeCompare(a.id),
      )
      .map((row) => row.reference);

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    // A coordinator: the CSV export is theirs.
    anna = await loggedInNewStaff(t.app, testStaff.anna);
    // Priorities mixed over time; three leads share one instant, so the id must break the tie.
    const priorities: LeadPriority[] = ['normal', 'hoej', 'kritisk', 'normal', 'kritisk', 'hoej', 'normal'];
    const start = Date.parse('2026-11-20T08:00:00Z');
    for (let index = 0; index < 12; index++) {
      const priority = priorities[index % priorities.length]!;
      const createdAt = new Date(index >= 3 && index <= 5 ? start + 3 * 60_000 : start + index * 60_000);
      const [row] = await t.app.deps.db
        .insert(leads)
        .values({
          kind: priority === 'normal' && index % 2 === 0 ? 'kontakt' : 'akut-skade',
          pagesOnCall: !(priority === 'normal' && index % 2 === 0),
          reference: `SK-PRI${String(index).padStart(3, '0')}`,
          name: `Prioritet Person ${index}`,
          email: `prioritet${index}@example.dk`,
          phone: '+4511223344',
          details: { adresse: 'Algade 1, 4000 Roskilde', skadetype: 'vandskade' },
          priority,
          createdAt,
          lastContactAt: createdAt,
        })
        .returning({ id: leads.id, reference: leads.reference });
      rows.push({ id: row!.id, reference: row!.reference, priority, createdAt });
    }
  });
  afterAll(() => t.close());

  const get = (url: string) => anna.request('GET', url);
  /** Every page of a list, following its cursor, `limit` leads a page. */
  async function allPages(query: string, limit: number) {
    const seen: { reference: string; priority: LeadPriority }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/staff/leads?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const page = response.json<{ leads: typeof seen; nextCursor: string | null }>();
      seen.push(...page.leads);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    return { references: seen.map((row) => row.reference), leads: seen, pages };
  }

  it('gives every list row and the lead page its priority', async () => {
    const page = (await get('/api/staff/leads?limit=200')).json<{ leads: Row[] }>();
    const byReference = new Map(page.leads.map((row) => [row.reference, row.priority]));
    for (const row of rows) expect(byReference.get(row.reference), row.reference).toBe(row.priority);
    const critical = rows.find((row) => row.priority === 'kritisk')!;
    const detail = (await get(`/api/staff/leads/${critical.id}`)).json<{ lead: { priority: string } }>();
    expect(detail.lead.priority).toBe('kritisk');
  });

  it('filters by priority, with the counts of that priority', async () => {
    for (const priority of ['kritisk', 'hoej', 'normal'] as const) {
      const response = await get(`/api/staff/leads?priority=${priority}&limit=200`);
      expect(response.statusCode).toBe(200);
      const page = response.json<{ leads: Row[]; counts: Record<string, number> }>();
      expect(page.leads.map((row) => row.reference).sort()).toEqual([...expected(priority)].sort());
      expect(page.counts.new).toBe(expected(priority).length);
    }
  });

  it('sorts kritisk first, then høj, then normal, newest first within, across pages of any size', async () => {
    const whole = await allPages('sort=priority', 200);
    expect(whole.references).toEqual(expected());
    for (const limit of [1, 2, 3, 5]) {
      const paged = await allPages('sort=priority', limit);
      expect(paged.references, `limit ${limit}`).toEqual(expected());
      expect(paged.pages, `limit ${limit}`).toBe(Math.ceil(rows.length / limit));
    }
    // Newest first stays the default order.
    const newest = await allPages('', 5);
    expect(newest.references).toEqual(
      [...rows]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
        .map((row) => row.reference),
    );
  });

  it('sorts within one priority when both are asked for, and with the other filters', async () => {
    expect((await allPages('sort=priority&priority=hoej', 1)).references).toEqual(expected('hoej'));
    const emergencies = await allPages('sort=priority&kind=akut-skade', 2);
    expect(emergencies.references).toEqual(
      expected().filter((reference) => {
        const index = Number(reference.slice(-3));
        const row = rows[index]!;
        return !(row.priority === 'normal' && index % 2 === 0);
      }),
    );
  });

  it('refuses an unknown priority or order, and a cursor of the other order, with 400 and a Danish message', async () => {
    for (const [query, message] of [
      ['priority=urgent', staffApiMessages.priorityInvalid],
      ['priority=KRITISK', staffApiMessages.priorityInvalid],
      ['sort=oldest', staffApiMessages.sortInvalid],
    ] as const) {
      for (const path of ['/api/staff/leads', '/api/staff/leads/export.csv']) {
        if (path.endsWith('.csv') && query.startsWith('sort')) continue;
        const response = await get(`${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(JSON.stringify(response.json()), `${path}?${query}`).toContain(message);
      }
    }
    const newestCursor = (await get('/api/staff/leads?limit=1')).json<{ nextCursor: string }>().nextCursor;
    const priorityCursor = (await get('/api/staff/leads?limit=1&sort=priority')).json<{
      nextCursor: string;
    }>().nextCursor;
    for (const url of [
      `/api/staff/leads?limit=1&sort=priority&cursor=${newestCursor}`,
      `/api/staff/leads?limit=1&cursor=${priorityCursor}`,
      `/api/staff/leads?sort=priority&cursor=${Buffer.from(`akut|2026-11-20 08:00:00+00|${rows[0]!.id}`).toString('base64url')}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message, url).toBe(staffApiMessages.invalidCursor);
    }
  });

  it('exports the leads of one priority with their priority in the CSV', async () => {
    const csv = (await get('/api/staff/leads/export.csv?priority=kritisk')).rawPayload.toString('utf8');
    const [header, ...lines] = csv.replace('\uFEFF', '').trim().split('\r\n');
    const column = header!.split(';').indexOf('Prioritet');
    expect(column).toBeGreaterThan(0);
    expect(lines.map((line) => line.split(';')[0]).sort()).toEqual([...expected('kritisk')].sort());
    expect(new Set(lines.map((line) => line.split(';')[column]))).toEqual(new Set(['Kritisk']));
  });
});
