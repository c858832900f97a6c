/**
 * Acknowledged, then forgotten (docs/decisions/callback-reminder.md), on PGlite and PostgreSQL,
 * the worker driven with runDue and a fake clock: the reminder SMS 15 minutes after "Jeg tager
 * den" without "Ringet op", the page back to the chain 15 minutes later, nothing when "Ringet op"
 * came in time, and nothing twice.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EmergencyLeadInput } from '../../../domain/emergency.ts';
import { auditLog, leads, oncallPages, oncallSms } from '../../db/schema.ts';
import { createLead } from '../../leads/create-lead.ts';
import { smsLength } from '../../sms/segments.ts';
import type { SmsTransport } from '../../sms/transport.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { addOnCallStaff, createPagingTestApp } from '../../test/paging-app.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { type TestApp } from '../../test/test-app.ts';
import { acknowledgePage } from '../assignment/acknowledge.ts';
import { leadTimeline, markCalledBack } from '../assignment/lead-actions.ts';

const publicUrl = 'https://skade.example.dk';
const people = [
  { email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4521111111' },
  { email: 'bo@skade.example.dk', name: 'Bo Jensen', phone: '+4522222222' },
];
const [anna, bo] = people.map((person) => person.phone) as [string, string];
const minute = 60;

describeEachDatabase('the callback after taking an emergency', (target) => {
  let t: TestApp;
  let start: number;
  const clock = { now: new Date() };
  let received: { to: string; text: string; at: number }[];
  let ids: Map<string, string>;
  const sms: SmsTransport = {
    kind: 'file',
    async send(message) {
      received.push({ to: message.to, text: message.text, at: (clock.now.getTime() - start) / 1000 });
      return { ids: [`id-${received.length}`] };
    },
  };

  beforeEach(async () => {
    received = [];
    start = Date.now() + 5_000;
    clock.now = new Date(start);
    t = await createPagingTestApp(target, { escalateAfterSeconds: 600, sms, clock });
    ids = await addOnCallStaff(t.app.deps.db, people, new Date(Date.now() - 60_000));
  });
  afterEach(async () => {
    await t?.close();
  });

  const at = async (seconds: number) => {
    clock.now = new Date(start + seconds * 1000);
    await t.app.deps.oncall.worker.runDue(clock.now);
  };
  const to = (phone: string) => received.filter((item) => item.to === phone);
  const deps = () => ({ db: t.app.deps.db, clock: () => clock.now });

  /** An emergency paged to Anna at 0 s and taken by her at 1 minute. */
  async function takenByAnna() {
    const body: EmergencyLeadInput = {
      ...emergencyBody(),
      telefon: '30000001',
      adresse: 'Strandvejen 1, 2900 Hellerup',
    };
    const lead = await createLead({ ...t.app.deps, now: () => clock.now }, body as never, {}, []);
    await t.app.deps.db.update(oncallPages).set({ runAt: clock.now }).where(eq(oncallPages.leadId, lead.id));
    await at(0);
    expect(to(anna)).toHaveLength(1);
    clock.now = new Date(start + minute * 1000);
    const ack = await acknowledgePage(deps(), { leadId: lead.id, userId: ids.get(people[0]!.email)! });
    expect(ack.kind).toBe('taken');
    return lead;
  }

  it('reminds the taker at 15 minutes and pages the chain again from its start at 30', async () => {
    const lead = await takenByAnna();
    await at(16 * minute - 1);
    expect(received).toHaveLength(1);

    await at(16 * minute);
    expect(to(anna)).toHaveLength(2);
    const reminder = to(anna)[1]!.text;
    expect(reminder).toMatch(
      new RegExp(
        `^Påmindelse: ${lead.reference} er ikke meldt ringet op\\. Ring til kunden, og tryk Ringet op: ${publicUrl}/v/[\\w-]{16}$`,
      ),
    );
    expect(smsLength(reminder).encoding).toBe('GSM-7');
    // The link opens Anna's own page, which offers "Ringet op".
    const short = await t.app.inject({ method: 'GET', url: new URL(/\S+$/.exec(reminder)![0]).pathname });
    expect(short.statusCode).toBe(303);
    const page = await t.app.inject({ method: 'GET', url: String(short.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ringet op');
    expect(page.body).toContain(`Du har taget ${lead.reference}`);

    // No second reminder, and the page stays taken until 30 minutes.
    for (const s of [16 * minute + 1, 20 * minute, 31 * minute - 1]) await at(s);
    expect(received).toHaveLength(2);
    const [stillTaken] = await t.app.deps.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stillTaken).toMatchObject({ assignedTo: ids.get(people[0]!.email), status: 'in-progress' });

    // 30 minutes after taking it: back to the chain, Anna first again, in the same round.
    await at(31 * minute);
    expect(to(anna).map((item) => item.text.split('\n')[0])).toEqual([
      `AKUT NORMAL ${lead.reference}: Vandskade`,
      expect.stringMatching(/^Påmindelse: /),
      // Paged again: the SMS says who took it and when, and that nobody called.
      expect.stringMatching(
        new RegExp(`^AKUT NORMAL ${lead.reference}: taget af Anna kl\\. \\d\\d\\.\\d\\d, ikke ringet op$`),
      ),
    ]);
    const [after] = await t.app.deps.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after).toMatchObject({
      assignedTo: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
      status: 'new',
    });
    const [pageRow] = await t.app.deps.db.select().from(oncallPages).where(eq(oncallPages.leadId, lead.id));
    expect(pageRow).toMatchObject({ status: 'pending', step: 1, acknowledgedBy: null, callbackDueAt: null });
    const audits = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, lead.id), eq(auditLog.action, 'oncall-ack-withdrawn')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ reference: lead.reference, person: people[0]!.email });

    // Nothing twice; the escalation goes on as for a new page: Bo 10 minutes later.
    await at(31 * minute + 1);
    expect(received).toHaveLength(3);
    await at(41 * minute);
    expect(to(bo).map((item) => item.text.split('\n')[0])).toEqual([
      expect.stringMatching(new RegExp(`^AKUT NORMAL ${lead.reference}: taget af Anna kl\\. `)),
    ]);
    // And Bo can take it now.
    const ack = await acknowledgePage(deps(), { leadId: lead.id, userId: ids.get(people[1]!.email)! });
    expect(ack.kind).toBe('taken');

    // The lead's timeline tells the night as it went: the reminder, the take withdrawn, the re-pages.
    const timeline = (await leadTimeline(deps(), lead.id))!;
    const named = timeline.map((event) => [
      event.kind,
      'person' in event ? event.person?.name : undefined,
      'again' in event ? event.again : undefined,
    ]);
    expect(named).toEqual([
      ['received', undefined, undefined],
      ['paged', 'Anna Holm', undefined],
      ['acknowledged', 'Anna Holm', undefined],
      ['reminded', 'Anna Holm', undefined],
      ['ack-withdrawn', 'Anna Holm', undefined],
      ['paged', 'Anna Holm', true],
      ['paged', 'Bo Jensen', true],
      ['acknowledged', 'Bo Jensen', undefined],
    ]);
    const withdrawn = timeline.find((event) => event.kind === 'ack-withdrawn');
    expect(withdrawn).toMatchObject({ takenAt: new Date(start + minute * 1000) });
  });

  it("shows in the lead's timeline the digest SMS it went to someone in", async () => {
    const leadsIn: { id: string }[] = [];
    for (let n = 1; n <= 6; n++) {
      const body: EmergencyLeadInput = {
        ...emergencyBody(),
        telefon: `3000000${n}`,
        email: `kunde${n}@example.dk`,
        adresse: `Strandvejen ${n}, 2900 Hellerup`,
      };
      leadsIn.push(await createLead({ ...t.app.deps, now: () => clock.now }, body as never, {}, []));
    }
    for (const s of [0, 60, 120]) await at(s);
    const timelines = await Promise.all(leadsIn.map((lead) => leadTimeline(deps(), lead.id)));
    const inDigest = timelines.flatMap((events) => events!.filter((event) => event.kind === 'in-digest'));
    expect(inDigest.length).toBeGreaterThan(0);
    for (const event of inDigest) expect(event).toMatchObject({ person: { name: 'Anna Holm' }, step: 0 });
    // Each lead went to Anna once: on its own or in a digest, never neither.
    for (const events of timelines) {
      const toAnna = events!.filter(
        (event) =>
          (event.kind === 'paged' || event.kind === 'in-digest') && event.person?.name === 'Anna Holm',
      );
      expect(toAnna).toHaveLength(1);
    }
  });

  it('sends nothing when "Ringet op" came in time', async () => {
    const lead = await takenByAnna();
    clock.now = new Date(start + 10 * minute * 1000);
    const anna = ids.get(people[0]!.email)!;
    await markCalledBack(deps(), { leadId: lead.id, actor: { userId: anna, email: people[0]!.email } });
    for (const s of [16 * minute, 31 * minute, 61 * minute]) await at(s);
    expect(received).toHaveLength(1);
    const [pageRow] = await t.app.deps.db.select().from(oncallPages).where(eq(oncallPages.leadId, lead.id));
    expect(pageRow).toMatchObject({ status: 'acknowledged', callbackDueAt: null, remindedAt: null });
  });

  it('"Ringet op" after the reminder stops the page going back to the chain', async () => {
    const lead = await takenByAnna();
    await at(16 * minute);
    expect(received).toHaveLength(2);
    clock.now = new Date(start + 20 * minute * 1000);
    await markCalledBack(deps(), {
      leadId: lead.id,
      actor: { userId: ids.get(people[0]!.email)!, email: people[0]!.email },
    });
    for (const s of [31 * minute, 45 * minute]) await at(s);
    expect(received).toHaveLength(2);
    const [after] = await t.app.deps.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after).toMatchObject({ assignedTo: ids.get(people[0]!.email), status: 'in-progress' });
  });

  it('waits with the reminder while the taker has had 60 SMS in the hour, and re-pages 15 minutes after it', async () => {
    await takenByAnna();
    // 59 more SMS to Anna at 2 minutes: with the page at 0, the 61st may go at 60 minutes.
    await t.app.deps.db.insert(oncallSms).values(
      Array.from({ length: 59 }, () => ({
        userId: ids.get(people[0]!.email)!,
        purpose: 'digest' as const,
        step: 0,
        phone: anna,
        body: 'AKUT: tidligere',
        status: 'sent' as const,
        createdAt: new Date(start + 2 * minute * 1000),
      })),
    );
    for (const s of [16 * minute, 31 * minute, 60 * minute - 1]) await at(s);
    expect(received).toHaveLength(1);
    const [waiting] = await t.app.deps.db.select().from(oncallPages);
    expect(waiting).toMatchObject({ status: 'acknowledged', remindedAt: null });
    expect(waiting!.callbackDueAt!.getTime()).toBe(start + 60 * minute * 1000);

    await at(60 * minute);
    expect(to(anna).map((item) => item.text.split(':')[0])).toEqual([
      expect.stringMatching(/^AKUT/),
      'Påmindelse',
    ]);
    await at(75 * minute - 1);
    expect(received).toHaveLength(2);
    const [stillTaken] = await t.app.deps.db.select().from(oncallPages);
    expect(stillTaken).toMatchObject({ status: 'acknowledged' });
    await at(75 * minute);
    const [repaged] = await t.app.deps.db.select().from(oncallPages);
    expect(repaged).toMatchObject({ status: 'pending', acknowledgedBy: null });
  });

  it('two rounds at once (two server copies) write one reminder and one re-page', async () => {
    await takenByAnna();
    clock.now = new Date(start + 16 * minute * 1000);
    const worker = t.app.deps.oncall.worker;
    await Promise.all([worker.runDue(clock.now), worker.runDue(clock.now)]);
    await at(16 * minute + 1);
    expect(to(anna)).toHaveLength(2);
    clock.now = new Date(start + 31 * minute * 1000);
    await Promise.all([worker.runDue(clock.now), worker.runDue(clock.now)]);
    await at(31 * minute + 1);
    expect(to(anna)).toHaveLength(3);
    const audits = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'oncall-ack-withdrawn'));
    expect(audits).toHaveLength(1);
  });
});
