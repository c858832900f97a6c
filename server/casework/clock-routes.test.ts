import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MilestonesAnswer } from '../../domain/staff-api/milestones.ts';
import { insurers, leadMilestones, leads, moistureReadings } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { loggedInNewStaff, type StaffClient, testStaff } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';
import type { TestApp } from '../test/test-app.ts';

describeEachDatabase('the staff API: a case’s milestones and clocks', (target) => {
  let t: TestApp;
  let koordinator: StaffClient;
  let medarbejder: StaffClient;
  const db = () => t.app.deps.db;
  let seq = 0;

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    koordinator = await loggedInNewStaff(t.app, { email: 'k@example.dk', name: 'Karin Koordinator' });
    medarbejder = await loggedInNewStaff(t.app, testStaff.tom);
  });
  afterAll(() => t.close());

  async function lead(values: Partial<typeof leads.$inferInsert> = {}) {
    seq++;
    const [row] = await db()
      .insert(leads)
      .values({
        kind: 'akut-skade',
        pagesOnCall: true,
        reference: `SK-${700_000 + seq}`,
        name: `Kunde ${seq}`,
        email: `kunde${seq}@example.dk`,
        details: { adresse: 'Algade 1, 4000 Roskilde', forsikringsselskab: 'Codan' },
        createdAt: new Date('2026-11-27T10:00:00Z'),
        ...values,
      })
      .returning({ id: leads.id });
    return row!.id;
  }
  const milestone = (leadId: string, kind: string, at: string, more: { withdrawnAt?: Date } = {}) =>
    db()
      .insert(leadMilestones)
      .values({
        leadId,
        kind: kind as 'skadestop',
        at: new Date(at),
        createdByName: testStaff.tom.name,
        ...more,
      });
  const clocks = async (leadId: string, client = koordinator) => {
    const response = await client.request('GET', `/api/staff/leads/${leadId}/milestones`);
    expect(response.statusCode).toBe(200);
    return response.json<MilestonesAnswer>();
  };

  it('an emergency is due on site 4 hours after the call-back, met by the first "på adressen"', async () => {
    const id = await lead({ calledBackAt: new Date('2026-11-27T10:10:00Z') });
    expect((await clocks(id)).deadlines).toEqual([
      { kind: 'paa-adressen', dueAt: '2026-11-27T14:10:00.000Z', metAt: null },
    ]);
    await milestone(id, 'paa-adressen', '2026-11-27T13:00:00Z');
    const answer = await clocks(id, medarbejder);
    expect(answer.deadlines).toEqual([
      { kind: 'paa-adressen', dueAt: '2026-11-27T14:10:00.000Z', metAt: '2026-11-27T13:00:00.000Z' },
    ]);
    expect(answer.milestones).toMatchObject([
      { kind: 'paa-adressen', at: '2026-11-27T13:00:00.000Z', by: testStaff.tom.name, withdrawnAt: null },
    ]);
  });

  it('a damage stop on a Friday makes the first report due by the end of Monday, Copenhagen time', async () => {
    const id = await lead();
    await milestone(id, 'skadestop', '2026-11-27T14:05:00Z');
    expect((await clocks(id)).deadlines).toEqual([
      { kind: 'rapport-sendt', dueAt: '2026-11-30T23:00:00.000Z', metAt: null },
    ]);
    await milestone(id, 'rapport-sendt', '2026-11-30T09:00:00Z');
    expect((await clocks(id)).deadlines[0]!.metAt).toBe('2026-11-30T09:00:00.000Z');
  });

  it('the insurer’s rule moves the report’s deadline, whatever case the form wrote its name in', async () => {
    await db().update(insurers).set({ reportRule: 'same-business-day' }).where(eq(insurers.name, 'Tryg'));
    const id = await lead({ details: { adresse: 'Algade 2, 4000 Roskilde', forsikringsselskab: ' tryg ' } });
    await milestone(id, 'skadestop', '2026-11-27T14:05:00Z');
    expect((await clocks(id)).deadlines).toEqual([
      { kind: 'rapport-sendt', dueAt: '2026-11-27T23:00:00.000Z', metAt: null },
    ]);
  });

  it('a withdrawn milestone is listed as withdrawn and starts no clock', async () => {
    const id = await lead();
    await milestone(id, 'skadestop', '2026-11-27T12:00:00Z', {
      withdrawnAt: new Date('2026-11-27T12:30:00Z'),
    });
    await milestone(id, 'affugtning-startet', '2026-11-27T15:00:00Z');
    await db()
      .insert(moistureReadings)
      .values({
        leadId: id,
        room: 'Kælder',
        point: 'A',
        value: 22,
        unit: 'pct',
        at: new Date('2026-11-28T09:00:00Z'),
      });
    const answer = await clocks(id);
    expect(answer.milestones.map((m) => [m.kind, m.withdrawnAt])).toEqual([
      ['skadestop', '2026-11-27T12:30:00.000Z'],
      ['affugtning-startet', null],
    ]);
    // Only the moisture clock runs: 7 days after the last reading.
    expect(answer.deadlines).toEqual([
      { kind: 'fugtmaaling', dueAt: '2026-12-05T09:00:00.000Z', metAt: null },
    ]);
  });

  it('an unknown lead is a Danish 404', async () => {
    const response = await koordinator.request(
      'GET',
      '/api/staff/leads/00000000-0000-4000-8000-000000000000/milestones',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/henvendelse/i);
  });
});
