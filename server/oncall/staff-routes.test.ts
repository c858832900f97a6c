/**
 * The on-call staff API through HTTP, on PGlite and PostgreSQL: the rota and its edits, own phone,
 * assignment, "Ringet op", the timeline, the month's figures and CSV, and the live state.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads, users } from '../db/schema.ts';
import { addStaff } from '../staff/accounts.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { password, StaffClient, loggedInNewStaff, testStaff } from '../test/staff-client.ts';
import { type TestApp } from '../test/test-app.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';

describeEachDatabase('the on-call staff API', (target) => {
  let t: TestApp;
  let anna: StaffClient;
  const db = () => t.app.deps.db;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    anna = await loggedInNewStaff(t.app, testStaff.anna);
    await addStaff(db(), { email: 'bo@example.dk', name: 'Bo Jensen', password });
    for (const row of await db().select().from(users)) ids[row.email.split('@')[0]!] = row.id;
  });
  afterAll(() => t.close());

  it('needs a staff session', async () => {
    const stranger = new StaffClient(t.app);
    expect((await stranger.request('GET', '/api/staff/oncall/rota')).statusCode).toBe(401);
    expect((await stranger.request('GET', '/api/staff/live')).statusCode).toBe(401);
  });

  it('sets own phone, the chain and an override, and shows who is on call', async () => {
    const code = () => anna.freshCode('anna@example.dk');
    const bad = await anna.request('PUT', '/api/staff/me/phone', { phone: '12', code: await code() });
    expect(bad.statusCode).toBe(400);
    // The right shape, but no Danish series holds it.
    const impossible = await anna.request('PUT', '/api/staff/me/phone', {
      phone: '+4500000000',
      code: await code(),
    });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toBe('Telefonnummeret er ugyldigt.');
    const phone = await anna.request('PUT', '/api/staff/me/phone', {
      phone: '21 11 11 11',
      code: await code(),
    });
    expect(phone.json()).toEqual({ phone: '+4521111111' });
    const noPhone = await anna.request('PUT', '/api/staff/oncall/chain', {
      memberIds: [ids.anna, ids.bo],
      handoverWeekday: 0,
      handoverHour: 8,
      code: await code(),
    });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toContain('Bo Jensen har intet telefonnummer');
    await db().update(users).set({ phone: '+4522222222' });
    const chain = await anna.request('PUT', '/api/staff/oncall/chain', {
      memberIds: [ids.bo, ids.anna],
      handoverWeekday: 0,
      handoverHour: 8,
      code: await code(),
    });
    expect(chain.json()).toEqual({ ok: true });
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (
        await anna.request('POST', '/api/staff/oncall/overrides', {
          userId: ids.anna,
          startsAt,
          endsAt,
          code: await code(),
        })
      ).statusCode,
    ).toBe(200);
    const rota = (await anna.request('GET', '/api/staff/oncall/rota')).json();
    expect(rota.order).toEqual([ids.anna, ids.bo]);
    expect(rota.chain).toEqual({ memberIds: [ids.bo, ids.anna], handoverWeekday: 0, handoverHour: 8 });
    expect(rota.overrides).toHaveLength(1);
    expect(rota.schedule[0]).toMatchObject({ onCall: ids.anna, next: ids.bo, override: true });
    expect(rota.schedule.length).toBeGreaterThanOrEqual(5);
    expect(rota.staff.map((p: { name: string }) => p.name)).toEqual(['Anna Holm', 'Bo Jensen']);
    const removed = await anna.request('DELETE', `/api/staff/oncall/overrides/${rota.overrides[0].id}`, {
      code: await code(),
    });
    expect(removed.statusCode).toBe(200);
    expect((await anna.request('GET', '/api/staff/oncall/rota')).json().order).toEqual([ids.bo, ids.anna]);
  });

  it('assigns, marks called back, tells the timeline, the figures and the live state', async () => {
    const receivedAt = new Date();
    const [lead] = await db()
      .insert(leads)
      .values({
        kind: 'akut-skade',
        pagesOnCall: true,
        reference: 'SK-ONCAL2',
        name: 'Jens Hansen',
        email: 'jens@example.dk',
        details: { skadetype: 'vand' },
        createdAt: receivedAt,
      })
      .returning({ id: leads.id });
    const live = (await anna.request('GET', '/api/staff/live')).json();
    expect(live.newestLeadId).toBe(lead!.id);
    expect(live.unacknowledged.map((row: { reference: string }) => row.reference)).toEqual(['SK-ONCAL2']);

    const assigned = await anna.request('PUT', `/api/staff/leads/${lead!.id}/assignee`, { assignee: ids.bo });
    expect(assigned.json()).toEqual({ assignedTo: ids.bo, calledBackAt: null, calledBackBy: null });
    const unknown = await anna.request('PUT', `/api/staff/leads/${lead!.id}/assignee`, {
      assignee: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    const called = await anna.request('POST', `/api/staff/leads/${lead!.id}/called-back`);
    expect(called.json()).toMatchObject({ assignedTo: ids.bo, calledBackBy: ids.anna });
    expect((await anna.request('GET', '/api/staff/live')).json().unacknowledged).toEqual([]);

    const timeline = (await anna.request('GET', `/api/staff/leads/${lead!.id}/timeline`)).json();
    expect(timeline.events.map((event: { kind: string }) => event.kind)).toEqual([
      'received',
      'assigned',
      'called-back',
    ]);
    const missing = await anna.request(
      'GET',
      '/api/staff/leads/00000000-0000-4000-8000-000000000000/timeline',
    );
    expect(missing.statusCode).toBe(404);

    const month = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Copenhagen',
      year: 'numeric',
      month: '2-digit',
    })
      .format(receivedAt)
      .slice(0, 7);
    const figures = (await anna.request('GET', `/api/staff/oncall/figures?month=${month}`)).json();
    expect(figures.total).toMatchObject({ emergencies: 1, within: 1, withinShare: 1 });
    expect((await anna.request('GET', '/api/staff/oncall/figures?month=2026-13')).statusCode).toBe(400);
    const csv = await anna.request('GET', `/api/staff/oncall/figures.csv?month=${month}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="beredskab-${month}.csv"`);
    expect(csv.body).toContain('I alt;1;0;;;1;');
  });

  it('filters the list by assignment, counts the same way, and names the handling on the lead', async () => {
    const made = await db()
      .insert(leads)
      .values(
        ['SK-MINE01', 'SK-BOS001', 'SK-NONE01'].map((reference) => ({
          kind: 'akut-skade' as const,
          pagesOnCall: true,
          reference,
          name: 'Kirsten Lund',
          email: 'kirsten@example.dk',
          details: { skadetype: 'vand' },
        })),
      )
      .returning({ id: leads.id, reference: leads.reference });
    const idOf = (reference: string) => made.find((row) => row.reference === reference)!.id;
    await anna.request('PUT', `/api/staff/leads/${idOf('SK-MINE01')}/assignee`, { assignee: ids.anna });
    await anna.request('PUT', `/api/staff/leads/${idOf('SK-BOS001')}/assignee`, { assignee: ids.bo });
    const acknowledgedAt = new Date('2026-03-02T10:03:00.000Z');
    await db()
      .update(leads)
      .set({ acknowledgedAt, acknowledgedBy: ids.bo, status: 'in-progress' })
      .where(eq(leads.id, idOf('SK-BOS001')));
    const called = await anna.request('POST', `/api/staff/leads/${idOf('SK-BOS001')}/called-back`);
    const calledBackAt = called.json().calledBackAt;

    const mine = (await anna.request('GET', '/api/staff/leads?assigned=me')).json();
    const references = (page: { leads: { reference: string }[] }) =>
      page.leads
        .map((row) => row.reference)
        .filter((reference) => made.some((m) => m.reference === reference));
    expect(references(mine)).toEqual(['SK-MINE01']);
    expect(mine.counts).toEqual({ new: 1, 'in-progress': 0, done: 0, spam: 0 });
    const unassigned = (await anna.request('GET', '/api/staff/leads?assigned=none')).json();
    expect(references(unassigned)).toEqual(['SK-NONE01']);
    const unassignedCount = unassigned.leads.length;
    expect(unassigned.counts.new + unassigned.counts['in-progress']).toBe(unassignedCount);
    // Bo's own view: his lead, not Anna's.
    const bo = new StaffClient(t.app);
    await bo.logIn('bo@example.dk');
    const bosList = (await bo.request('GET', '/api/staff/leads?assigned=me')).json();
    expect(references(bosList)).toEqual(['SK-BOS001']);
    expect(bosList.counts['in-progress']).toBe(1);
    expect((await anna.request('GET', '/api/staff/leads?assigned=someone')).statusCode).toBe(400);

    const detail = (await anna.request('GET', `/api/staff/leads/${idOf('SK-BOS001')}`)).json().lead;
    expect(detail).toMatchObject({
      assignedTo: { id: ids.bo, name: 'Bo Jensen' },
      acknowledgedAt: acknowledgedAt.toISOString(),
      acknowledgedBy: { id: ids.bo, name: 'Bo Jensen' },
      calledBackAt,
      calledBackBy: { id: ids.anna, name: 'Anna Holm' },
    });
    const untouched = (await anna.request('GET', `/api/staff/leads/${idOf('SK-NONE01')}`)).json().lead;
    expect(untouched).toMatchObject({
      assignedTo: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
      calledBackAt: null,
      calledBackBy: null,
    });
  });
});
