/**
 * Assignment, "Ringet op" and a lead's timeline, on PGlite and PostgreSQL, with a hand-driven clock.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, leads, oncallPages, oncallSms, users } from '../../db/schema.ts';
import { setVisitTime } from '../../inbox/visit-time.ts';
import { recordAudit } from '../../staff/audit.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/databases.ts';
import { acknowledgePage } from './acknowledge.ts';
import { assignLead, leadTimeline, markCalledBack, type ActingStaff } from './lead-actions.ts';

const t0 = new Date('2026-03-10T02:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describeEachDatabase('on-call lead actions', (target) => {
  let database: TestDatabase;
  const clock = { now: t0 };
  const deps = () => ({ db: database.db, clock: () => clock.now });
  const ids: Record<string, string> = {};
  let anna: ActingStaff;
  let bo: ActingStaff;

  async function newLead(reference: string, kind: 'akut-skade' | 'kontakt' = 'akut-skade'): Promise<string> {
    const [row] = await database.db
      .insert(leads)
      .values({
        kind,
        pagesOnCall: kind === 'akut-skade',
        reference,
        name: 'Jens Hansen',
        email: 'jens@example.dk',
        phone: '+4522345678',
        details: { skadetype: 'vand', adresse: 'Vestergade 12, 8000 Aarhus C' },
        createdAt: t0,
        lastContactAt: t0,
      })
      .returning({ id: leads.id });
    return row!.id;
  }

  async function audits(leadId: string, action: string) {
    return database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, leadId), eq(auditLog.action, action)));
  }

  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
    const rows = await database.db
      .insert(users)
      .values([
        { email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4521111111', passwordHash: 'x' },
        { email: 'bo@skade.example.dk', name: 'Bo Jensen', phone: '+4522222222', passwordHash: 'x' },
        { email: 'gone@skade.example.dk', name: 'Gone', passwordHash: 'x', disabledAt: t0 },
      ])
      .returning({ id: users.id, email: users.email });
    for (const row of rows) ids[row.email.split('@')[0]!] = row.id;
    anna = { userId: ids.anna!, email: 'anna@skade.example.dk', ip: '127.0.0.1' };
    bo = { userId: ids.bo!, email: 'bo@skade.example.dk', ip: '127.0.0.1' };
  });
  afterAll(() => database.dispose());

  it('assigns and reassigns a lead to active staff only, auditing each change once', async () => {
    const leadId = await newLead('SK-AAAAA2');
    clock.now = at(60);
    expect(await assignLead(deps(), { leadId, assignee: ids.anna!, actor: bo })).toMatchObject({
      kind: 'ok',
      changed: true,
      lead: { assignedTo: ids.anna },
    });
    expect(await assignLead(deps(), { leadId, assignee: ids.anna!, actor: bo })).toMatchObject({
      kind: 'ok',
      changed: false,
    });
    clock.now = at(120);
    await assignLead(deps(), { leadId, assignee: ids.bo!, actor: anna });
    expect(await assignLead(deps(), { leadId, assignee: ids.gone!, actor: anna })).toEqual({
      kind: 'unknown-staff',
    });
    expect(
      await assignLead(deps(), {
        leadId: '00000000-0000-4000-8000-000000000000',
        assignee: null,
        actor: anna,
      }),
    ).toEqual({ kind: 'not-found' });
    await assignLead(deps(), { leadId, assignee: null, actor: anna });
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.assignedTo).toBeNull();
    const rows = await audits(leadId, 'lead-assigned');
    expect(rows.map((row) => row.details)).toEqual([
      { from: null, to: ids.anna },
      { from: ids.anna, to: ids.bo },
      { from: ids.bo, to: null },
    ]);
    expect(rows.map((row) => row.actor)).toEqual([bo.email, anna.email, anna.email]);
  });

  it('stamps the first callback only, takes an unassigned lead and counts as the latest contact', async () => {
    const leadId = await newLead('SK-AAAAA3');
    clock.now = at(300);
    const first = await markCalledBack(deps(), { leadId, actor: anna });
    expect(first).toEqual({
      kind: 'ok',
      changed: true,
      lead: { assignedTo: ids.anna, calledBackAt: at(300), calledBackBy: ids.anna },
    });
    clock.now = at(900);
    const again = await markCalledBack(deps(), { leadId, actor: bo });
    expect(again).toEqual({
      kind: 'ok',
      changed: false,
      lead: { assignedTo: ids.anna, calledBackAt: at(300), calledBackBy: ids.anna },
    });
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ calledBackAt: at(300), calledBackBy: ids.anna, lastContactAt: at(300) });
    expect(await audits(leadId, 'lead-called-back')).toHaveLength(1);
    expect((await audits(leadId, 'lead-assigned')).map((row) => row.details)).toEqual([
      { from: null, to: ids.anna },
    ]);
    expect(
      await markCalledBack(deps(), { leadId: '00000000-0000-4000-8000-000000000000', actor: anna }),
    ).toEqual({ kind: 'not-found' });
  });

  it('keeps an assignee when somebody else calls back', async () => {
    const leadId = await newLead('SK-AAAAA4');
    await assignLead(deps(), { leadId, assignee: ids.bo!, actor: bo });
    await markCalledBack(deps(), { leadId, actor: anna });
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ assignedTo: ids.bo, calledBackBy: ids.anna });
  });

  it('tells the timeline: received, paged, acknowledged, status, assignment, called back', async () => {
    const leadId = await newLead('SK-AAAAA5');
    const [page] = await database.db
      .insert(oncallPages)
      .values({ leadId, chain: [ids.anna!, ids.bo!], paged: [ids.anna!, ids.bo!], step: 2, createdAt: t0 })
      .returning({ id: oncallPages.id });
    await database.db.insert(oncallSms).values([
      {
        pageId: page!.id,
        leadId,
        userId: ids.anna!,
        purpose: 'page',
        step: 0,
        phone: '+4521111111',
        body: 'AKUT',
        status: 'sent',
        sentAt: at(2),
        createdAt: at(1),
      },
      {
        pageId: page!.id,
        leadId,
        userId: ids.bo!,
        purpose: 'page',
        step: 1,
        phone: '+4522222222',
        body: 'AKUT',
        status: 'pending',
        attempts: 3,
        firstFailedAt: at(601),
        createdAt: at(600),
      },
    ]);
    clock.now = at(700);
    expect(await acknowledgePage(deps(), { leadId, userId: ids.bo! })).toMatchObject({ kind: 'taken' });
    // The "taken" notice to Anna is not a page: it stays out of the timeline.
    await recordAudit(
      database.db,
      {
        userId: ids.bo!,
        actor: bo.email,
        action: 'status-changed',
        leadId,
        details: { from: 'in-progress', to: 'done' },
      },
      at(1000),
    );
    clock.now = at(800);
    await assignLead(deps(), { leadId, assignee: ids.anna!, actor: bo });
    clock.now = at(900);
    await markCalledBack(deps(), { leadId, actor: anna });

    const timeline = await leadTimeline(deps(), leadId);
    const annaP = { id: ids.anna, name: 'Anna Holm' };
    const boP = { id: ids.bo, name: 'Bo Jensen' };
    expect(timeline).toEqual([
      { kind: 'received', at: t0 },
      { kind: 'paged', at: at(2), person: annaP, step: 0 },
      { kind: 'page-failed', at: at(601), person: boP, step: 1, gaveUp: false },
      { kind: 'acknowledged', at: at(700), person: boP },
      { kind: 'assigned', at: at(800), by: boP, to: annaP },
      { kind: 'called-back', at: at(900), person: annaP },
      { kind: 'status-changed', at: at(1000), by: boP, from: 'in-progress', to: 'done' },
    ]);
    expect(await leadTimeline(deps(), '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('tells the timeline when the visit time was agreed, moved or taken away, and when work started', async () => {
    const leadId = await newLead('SK-AAAAA7');
    await database.db
      .insert(oncallPages)
      .values({ leadId, chain: [ids.bo!], paged: [ids.bo!], createdAt: t0 });
    clock.now = at(100);
    expect(await acknowledgePage(deps(), { leadId, userId: ids.bo! })).toMatchObject({ kind: 'taken' });
    const actor = (who: ActingStaff, name: string) => ({ ...who, ip: '127.0.0.1', name });
    const visits = {
      db: database.db,
      sms: { publicUrl: 'http://127.0.0.1:3999', dailyPartsMax: 2000 },
      now: () => clock.now,
    };
    clock.now = at(200);
    await setVisitTime(visits, leadId, '2026-03-12T10:00', actor(bo, 'Bo Jensen'), { notifyCustomer: false });
    clock.now = at(300);
    await setVisitTime(visits, leadId, '2026-03-12T13:30', actor(anna, 'Anna Holm'), {
      notifyCustomer: false,
    });
    // "I gang" chosen on a lead the acknowledgement already moved there: only the audit row says so.
    await recordAudit(
      database.db,
      { userId: ids.anna!, actor: anna.email, action: 'work-started', leadId },
      at(400),
    );
    clock.now = at(500);
    await setVisitTime(visits, leadId, null, actor(bo, 'Bo Jensen'), { notifyCustomer: false });

    const annaP = { id: ids.anna, name: 'Anna Holm' };
    const boP = { id: ids.bo, name: 'Bo Jensen' };
    expect(await leadTimeline(deps(), leadId)).toEqual([
      { kind: 'received', at: t0 },
      { kind: 'acknowledged', at: at(100), person: boP },
      // 10.00 and 13.30 in Copenhagen (winter time, UTC+1).
      { kind: 'visit-set', at: at(200), by: boP, visitAt: new Date('2026-03-12T09:00:00.000Z') },
      { kind: 'visit-set', at: at(300), by: annaP, visitAt: new Date('2026-03-12T12:30:00.000Z') },
      { kind: 'work-started', at: at(400), by: annaP },
      { kind: 'visit-set', at: at(500), by: boP, visitAt: null },
    ]);
  });

  it('shows only the lead having come in when nothing else happened', async () => {
    const leadId = await newLead('KT-AAAAA6', 'kontakt');
    expect(await leadTimeline(deps(), leadId)).toEqual([{ kind: 'received', at: t0 }]);
  });
});
