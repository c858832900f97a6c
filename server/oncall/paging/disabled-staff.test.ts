/**
 * A disabled account is gone from on-call at once, on PGlite and PostgreSQL: skipped by a running
 * escalation (its chain fixed before it was disabled), its waiting SMS cancelled, its links
 * showing nothing and its acknowledgement changing nothing. The worker is driven by hand.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, leads, oncallPages, oncallSms } from '../../db/schema.ts';
import { disableStaff } from '../../staff/accounts.ts';
import {
  describeEachDatabase,
  createTestDatabaseLocation,
  type TestDatabaseLocation,
} from '../../test/databases.ts';
import { smsProviderEnv } from '../../test/fake-sms.ts';
import { fakeSmsProviderForEachTest } from '../../test/fake-sms-per-test.ts';
import { postEmergency, seedChain, startPagingApp, type PagingApp } from '../../test/paging-app.ts';
import { TEST_SIGNING_SECRET } from '../../test/test-app.ts';
import { ackFormToken, ackToken } from './ack-link.ts';

const staff = [
  { email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4521111111' },
  { email: 'bo@skade.example.dk', name: 'Bo Jensen', phone: '+4522222222' },
  { email: 'carl@skade.example.dk', name: 'Carl Berg', phone: '+4533333333' },
];

describeEachDatabase('a disabled account on call', (target) => {
  const gateway = fakeSmsProviderForEachTest();
  let location: TestDatabaseLocation;
  let h: PagingApp;
  let app: FastifyInstance;
  let db: Db;
  const clock = { now: new Date() };
  let ids: Map<string, string>;

  const later = (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000));
  const runDue = () => app.deps.oncall.worker.runDue(clock.now);
  const idOf = (name: string) => ids.get(`${name}@skade.example.dk`)!;
  const linkOf = (leadId: string, name: string) =>
    `/vagt/${ackToken(TEST_SIGNING_SECRET, leadId, idOf(name), clock.now)}`;
  const recipients = () => gateway.received.map((sms) => sms.to);

  beforeEach(async () => {
    location = await createTestDatabaseLocation(target.kind);
    clock.now = new Date();
    h = await startPagingApp(
      location,
      { ONCALL_ESCALATE_AFTER_SECONDS: '60', ...smsProviderEnv(gateway) },
      { clock },
    );
    ({ app, db } = h);
    ids = await seedChain(h, staff);
  });
  afterEach(async () => {
    await app.close();
    await location.cleanup();
  });

  it('skips a person disabled mid-escalation at the next step, and pages everybody else at the end', async () => {
    const lead = await postEmergency(h);
    await runDue();
    expect(recipients()).toEqual(['+4521111111']);
    // Bo is disabled after the chain was fixed: the next step goes straight to Carl.
    await disableStaff(db, 'bo@skade.example.dk');
    later(60);
    await runDue();
    expect(recipients()).toEqual(['+4521111111', '+4533333333']);
    gateway.received.length = 0;
    later(60);
    await runDue();
    expect(recipients().sort()).toEqual(['+4521111111', '+4533333333']);
    const [page] = await db.select().from(oncallPages).where(eq(oncallPages.leadId, lead.id));
    expect(page?.status).toBe('exhausted');
    const toBo = await db
      .select()
      .from(oncallSms)
      .where(eq(oncallSms.userId, idOf('bo')));
    expect(toBo).toHaveLength(0);
  });

  it('cancels the pending SMS of a person disabled meanwhile and pages the next person at once', async () => {
    gateway.failWith(500);
    const lead = await postEmergency(h);
    expect(await runDue()).toMatchObject({ failed: 1 });
    const [waiting] = await db.select().from(oncallSms).where(eq(oncallSms.leadId, lead.id));
    expect(waiting).toMatchObject({ userId: idOf('anna'), status: 'pending' });

    await disableStaff(db, 'anna@skade.example.dk');
    gateway.failWith(null);
    // Well inside the escalation window: Anna's SMS is not sent, Bo is paged now.
    later(5);
    await runDue();
    expect(recipients()).toEqual(['+4522222222']);
    const [cancelled] = await db.select().from(oncallSms).where(eq(oncallSms.id, waiting!.id));
    expect(cancelled?.status).toBe('cancelled');
    expect(cancelled?.body).not.toMatch(/\/(vagt|v)\/(?!\[skjult\])/);
    // Later rounds never send it.
    later(120);
    await runDue();
    expect(recipients()).not.toContain('+4521111111');
  });

  it('moves on at once when the person awaited is disabled after the SMS went out', async () => {
    await postEmergency(h);
    await runDue();
    expect(recipients()).toEqual(['+4521111111']);
    await disableStaff(db, 'anna@skade.example.dk');
    later(1);
    await runDue();
    expect(recipients()).toEqual(['+4521111111', '+4522222222']);
  });

  it("answers a disabled person's link with 403 and nothing of the customer, and refuses the acknowledgement", async () => {
    const lead = await postEmergency(h);
    await runDue();
    const annaLink = linkOf(lead.id, 'anna');
    const shown = await app.inject({ method: 'GET', url: annaLink });
    expect(shown.statusCode).toBe(200);
    const formToken = /name="formToken" value="([^"]+)"/.exec(shown.body)?.[1] ?? '';
    const [stored] = await db.select().from(leads).where(eq(leads.id, lead.id));

    await disableStaff(db, 'anna@skade.example.dk');
    const refusedPage = await app.inject({ method: 'GET', url: annaLink });
    expect(refusedPage.statusCode).toBe(403);
    expect(refusedPage.body).toContain('Ingen adgang');
    for (const secret of [stored!.name, stored!.details.adresse!, stored!.phone!, stored!.phone!.slice(3)]) {
      expect(refusedPage.body).not.toContain(secret);
    }
    expect(refusedPage.body).not.toContain(lead.reference);
    expect(refusedPage.body).not.toContain('Jeg tager den');

    const post = await app.inject({
      method: 'POST',
      url: annaLink,
      payload: `formToken=${encodeURIComponent(formToken || ackFormToken(TEST_SIGNING_SECRET, annaLink.slice(6), clock.now))}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(post.statusCode).toBe(403);
    expect(post.body).not.toContain(stored!.name);
    const [after] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after).toMatchObject({ assignedTo: null, acknowledgedBy: null, status: stored!.status });
    const [page] = await db.select().from(oncallPages).where(eq(oncallPages.leadId, lead.id));
    expect(page?.status).toBe('pending');
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'oncall-acknowledged'))).toHaveLength(
      0,
    );
    expect((await db.select().from(oncallSms)).filter((sms) => sms.purpose === 'taken')).toHaveLength(0);

    // The escalation goes on to Bo, whose acknowledgement still works.
    gateway.received.length = 0;
    await runDue();
    expect(recipients()).toEqual(['+4522222222']);
    const boLink = linkOf(lead.id, 'bo');
    const boPage = await app.inject({ method: 'GET', url: boLink });
    const taken = await app.inject({
      method: 'POST',
      url: boLink,
      payload: `formToken=${encodeURIComponent(/name="formToken" value="([^"]+)"/.exec(boPage.body)?.[1] ?? '')}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(taken.statusCode).toBe(200);
    const [assigned] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(assigned?.assignedTo).toBe(idOf('bo'));
  });
});
