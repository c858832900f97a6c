import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LeadPage } from '../../domain/staff-api/leads.ts';
import { leadMilestones, leads, moistureReadings } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { loggedInNewStaff, type StaffClient } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';
import type { TestApp } from '../test/test-app.ts';

const day = 24 * 3_600_000;
const ago = (days: number) => new Date(Date.now() - days * day);

describeEachDatabase('the inbox list: the next deadline and the overdue filters', (target) => {
  let t: TestApp;
  let anna: StaffClient;
  const db = () => t.app.deps.db;
  let seq = 0;
  const ids: Record<string, string> = {};

  /** A case named `name` (all share the search word "Urværk") with the milestones given. */
  async function kase(
    name: string,
    milestones: { kind: string; daysAgo: number; withdrawn?: boolean }[],
    values: Partial<typeof leads.$inferInsert> = {},
  ) {
    seq++;
    const [row] = await db()
      .insert(leads)
      .values({
        kind: 'anmeldelse',
        reference: `SK-${800_000 + seq}`,
        name: `Urværk ${name}`,
        email: `urvaerk${seq}@example.dk`,
        status: 'in-progress',
        createdAt: ago(30),
        ...values,
      })
      .returning({ id: leads.id });
    ids[name] = row!.id;
    for (const m of milestones) {
      await db()
        .insert(leadMilestones)
        .values({
          leadId: row!.id,
          kind: m.kind as 'skadestop',
          at: ago(m.daysAgo),
          withdrawnAt: m.withdrawn ? ago(m.daysAgo) : null,
        });
    }
    return row!.id;
  }

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    anna = await loggedInNewStaff(t.app, { email: 'anna@example.dk', name: 'Anna Holm' });
    await kase('rapport-mangler', [{ kind: 'skadestop', daysAgo: 10 }]);
    await kase('rapport-sendt', [
      { kind: 'skadestop', daysAgo: 10 },
      { kind: 'rapport-sendt', daysAgo: 9 },
    ]);
    await kase('rapport-for-tidlig', [
      { kind: 'rapport-sendt', daysAgo: 12 },
      { kind: 'skadestop', daysAgo: 10 },
    ]);
    await kase('stoppet-lige-nu', [{ kind: 'skadestop', daysAgo: 0.001 }]);
    await kase('afsluttet-status', [{ kind: 'skadestop', daysAgo: 10 }], { status: 'done' });
    await kase('afsluttet-milepael', [
      { kind: 'skadestop', daysAgo: 10 },
      { kind: 'afsluttet', daysAgo: 1 },
    ]);
    await kase('trukket-tilbage', [{ kind: 'skadestop', daysAgo: 10, withdrawn: true }]);
    await kase('toerrer-uden-maaling', [{ kind: 'affugtning-startet', daysAgo: 8 }]);
    const measured = await kase('toerrer-maalt', [{ kind: 'affugtning-startet', daysAgo: 20 }]);
    await db()
      .insert(moistureReadings)
      .values({ leadId: measured, room: 'Kælder', point: 'A', value: 20, unit: 'pct', at: ago(2) });
    await kase('toerret-faerdig', [
      { kind: 'affugtning-startet', daysAgo: 20 },
      { kind: 'affugtning-afsluttet', daysAgo: 15 },
    ]);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await anna.request('GET', `/api/staff/leads?q=urv%C3%A6rk&${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<LeadPage>();
  };
  const names = (page: LeadPage) => page.leads.map((row) => row.name.replace('Urværk ', '')).sort();

  it('"Rapport forfalden" lists exactly the open cases whose first report is overdue', async () => {
    const page = await list('overdue=rapport-sendt');
    expect(names(page)).toEqual(['rapport-for-tidlig', 'rapport-mangler']);
    expect(page.counts).toEqual({ new: 0, 'in-progress': 2, done: 0, spam: 0 });
    // Each row still shows its next deadline, passed (drawn from the facts the filter read).
    for (const row of page.leads)
      expect(new Date(row.nextDeadline!.dueAt).getTime()).toBeLessThan(Date.now());
  });

  it('"Fugtmåling forfalden" lists exactly the drying cases without a reading for 7 days', async () => {
    const page = await list('overdue=fugtmaaling');
    expect(names(page)).toEqual(['toerrer-uden-maaling']);
  });

  it('the filters page like any other filter', async () => {
    const first = await list('overdue=rapport-sendt&limit=1');
    expect(first.leads).toHaveLength(1);
    const second = await list(`overdue=rapport-sendt&limit=1&cursor=${first.nextCursor}`);
    expect([...names(first), ...names(second)].sort()).toEqual(['rapport-for-tidlig', 'rapport-mangler']);
    expect(second.nextCursor).toBeNull();
  });

  it('each open case shows its next deadline; a closed case none', async () => {
    const page = await list('');
    const next = new Map(page.leads.map((row) => [row.name.replace('Urværk ', ''), row.nextDeadline]));
    expect(next.get('rapport-mangler')).toMatchObject({ kind: 'rapport-sendt', metAt: null });
    expect(new Date(next.get('rapport-mangler')!.dueAt).getTime()).toBeLessThan(Date.now());
    expect(new Date(next.get('stoppet-lige-nu')!.dueAt).getTime()).toBeGreaterThan(Date.now());
    expect(next.get('toerrer-maalt')).toMatchObject({ kind: 'fugtmaaling' });
    expect(next.get('rapport-sendt')).toBeNull();
    expect(next.get('afsluttet-status')).toBeNull();
    expect(next.get('afsluttet-milepael')).toBeNull();
    expect(next.get('trukket-tilbage')).toBeNull();
  });

  it('an unknown filter is a Danish 400', async () => {
    const response = await anna.request('GET', '/api/staff/leads?overdue=alt');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.overdue).toEqual([
      'Vælg "Rapport forfalden" eller "Fugtmåling forfalden".',
    ]);
  });
});
