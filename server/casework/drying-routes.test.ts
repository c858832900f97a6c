import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { moistureMessages } from '../../domain/moisture.ts';
import { auditLog, leads, moistureReadings } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { loggedInNewStaff, type StaffClient, testStaff } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';
import type { TestApp } from '../test/test-app.ts';

describeEachDatabase('the drying log: moisture readings on a lead', (target) => {
  let t: TestApp;
  let technician: StaffClient;
  const db = () => t.app.deps.db;
  let seq = 0;

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    // A technician: the plainest staff role records and withdraws readings.
    technician = await loggedInNewStaff(t.app, testStaff.tom);
  });
  afterAll(() => t.close());

  /** A lead that came in `hoursAgo` hours ago. */
  async function lead(hoursAgo = 48): Promise<string> {
    seq++;
    const [row] = await db()
      .insert(leads)
      .values({
        kind: 'akut-skade',
        pagesOnCall: true,
        reference: `SK-${(700_000 + seq * 11 + Math.floor(Math.random() * 7)).toString()}`,
        name: `Fugt Kunde ${seq}`,
        email: `fugt${seq}.${Date.now()}@example.dk`,
        details: { adresse: 'Algade 1, 4000 Roskilde', skadetype: 'vandskade', besked: 'Vand' },
        createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
      })
      .returning({ id: leads.id });
    return row!.id;
  }
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const path = (leadId: string) => `/api/staff/leads/${leadId}/moisture`;
  const stored = async (leadId: string) =>
    db().select().from(moistureReadings).where(eq(moistureReadings.leadId, leadId));
  const audits = async (leadId: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.leadId, leadId))).filter((row) =>
      row.action.startsWith('moisture-'),
    );

  it('records readings and lists them by room, point and time with who measured', async () => {
    const id = await lead();
    const post = (body: Record<string, unknown>) => technician.request('POST', path(id), body);
    const written = {
      point: 'A',
      value: 28,
      unit: 'pct',
      method: 'Træfugtmåler',
      material: 'Gulvbrædder',
      target: 15,
    };
    const first = await post({ ...written, room: '  Stue ', at: hoursAgo(40) });
    expect(first.statusCode).toBe(201);
    expect(first.json().reading).toMatchObject({ ...written, room: 'Stue', by: testStaff.tom.name });
    expect(
      (await post({ room: 'Stue', point: 'A', value: 16.5, unit: 'pct', at: hoursAgo(2) })).statusCode,
    ).toBe(201);
    expect((await post({ room: 'Køkken', point: 'B', value: 140, unit: 'digits' })).statusCode).toBe(201);

    const list = await technician.request('GET', path(id));
    expect(list.statusCode).toBe(200);
    const readings = list.json().readings as {
      room: string;
      value: number;
      method: string | null;
      at: string;
    }[];
    expect(readings.map((r) => [r.room, r.value])).toEqual([
      ['Køkken', 140],
      ['Stue', 28],
      ['Stue', 16.5],
    ]);
    // Blank optional fields are not given; the default time is now.
    expect(readings[0]!.method).toBeNull();
    expect(Math.abs(Date.parse(readings[0]!.at) - Date.now())).toBeLessThan(60_000);
    expect((await audits(id)).map((row) => [row.action, row.details])).toContainEqual([
      'moisture-recorded',
      expect.objectContaining({ room: 'Stue', point: 'A', value: 28, unit: 'pct' }),
    ]);
  });

  it('refuses a value off its unit’s scale for both units, at the field in Danish, writing nothing', async () => {
    const id = await lead();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ value: 101, unit: 'pct' }, 'value', moistureMessages.pctRange],
      [{ value: -1, unit: 'pct' }, 'value', moistureMessages.pctRange],
      [{ value: 201, unit: 'digits' }, 'value', moistureMessages.digitsRange],
      [{ value: 150, unit: 'digits', target: 250 }, 'target', moistureMessages.target],
      [{ value: 20, unit: 'pct', target: 120 }, 'target', moistureMessages.target],
      [{ value: 20, unit: 'kg' }, 'unit', moistureMessages.unit],
      [{ value: 20, unit: 'pct', room: '   ' }, 'room', moistureMessages.room],
      [{ value: 20, unit: 'pct', point: 'x'.repeat(81) }, 'point', moistureMessages.point],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await technician.request('POST', path(id), { room: 'Stue', point: 'A', ...fields });
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.json().errors[field]).toEqual([message]);
    }
    expect(await stored(id)).toEqual([]);
    expect(await audits(id)).toEqual([]);
  });

  it('refuses a time in the future or before the lead came in, writing nothing', async () => {
    const id = await lead(24);
    const post = (at: string) =>
      technician.request('POST', path(id), { room: 'Stue', point: 'A', value: 20, unit: 'pct', at });
    const future = await post(new Date(Date.now() + 10 * 60_000).toISOString());
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.at).toEqual([moistureMessages.atFuture]);
    const early = await post(hoursAgo(25));
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.at).toEqual([moistureMessages.atBeforeLead]);
    const garbled = await post('i går');
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().errors.at).toEqual([moistureMessages.at]);
    // A phone's clock a little fast is fine.
    expect((await post(new Date(Date.now() + 2 * 60_000).toISOString())).statusCode).toBe(201);
    expect(await stored(id)).toHaveLength(1);
  });

  it('answers 404 for an unknown lead and an unknown reading', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const body = { room: 'Stue', point: 'A', value: 20, unit: 'pct' };
    expect((await technician.request('POST', path(unknown), body)).statusCode).toBe(404);
    expect((await technician.request('GET', path(unknown))).statusCode).toBe(404);
    expect((await technician.request('DELETE', `${path(unknown)}/${unknown}`)).statusCode).toBe(404);
    const id = await lead();
    const missing = await technician.request('DELETE', `${path(id)}/${unknown}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(moistureMessages.readingNotFound);
  });

  it('withdraws a reading: gone from the list, kept in the table and the audit log', async () => {
    const id = await lead();
    const post = (value: number) =>
      technician.request('POST', path(id), { room: 'Bad', point: '1', value, unit: 'pct' });
    const kept = (await post(30)).json().reading.id as string;
    const mistaken = (await post(3)).json().reading.id as string;
    const other = await lead();
    // A reading is withdrawn only through its own lead.
    expect((await technician.request('DELETE', `${path(other)}/${mistaken}`)).statusCode).toBe(404);

    const withdrawn = await technician.request('DELETE', `${path(id)}/${mistaken}`);
    expect(withdrawn.statusCode).toBe(200);
    const listed = (await technician.request('GET', path(id))).json().readings as { id: string }[];
    expect(listed.map((r) => r.id)).toEqual([kept]);
    const row = (await stored(id)).find((r) => r.id === mistaken)!;
    expect(row.withdrawnAt).not.toBeNull();
    const entries = (await audits(id)).filter((entry) => entry.action === 'moisture-withdrawn');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({ readingId: mistaken, value: 3, unit: 'pct' });
    expect(entries[0]!.actor).toBe(testStaff.tom.email);
    // Twice is one withdrawal.
    expect((await technician.request('DELETE', `${path(id)}/${mistaken}`)).statusCode).toBe(404);
  });

  it('answers only the logged-in staff', async () => {
    const id = await lead();
    const stranger = await t.app.inject({ method: 'GET', url: path(id) });
    expect(stranger.statusCode).toBe(401);
  });
});
