/**
 * All hands in a surge (docs/decisions/all-hands.md), on PGlite and PostgreSQL: everybody on call
 * woken at once with the reason, again as new emergencies come, back to the chain when surge
 * ends, audited; the reserve asked once; the expected wait counting those working the queue; the
 * "Ikke kvitteret" e-mail one a minute. The worker is driven with runDue and a fake clock.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EmergencyLeadInput } from '../../../domain/emergency.ts';
import { auditLog, leads, mailJobs, oncallAllHands, oncallPages } from '../../db/schema.ts';
import { createLead } from '../../leads/create-lead.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { addOnCallStaff, createPagingTestApp } from '../../test/paging-app.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { type TestApp } from '../../test/test-app.ts';
import type { SmsTransport } from '../../sms/transport.ts';
import { addStaff } from '../../staff/accounts.ts';
import { password, publicUrl, StaffClient } from '../../test/staff-client.ts';
import { acknowledgePage } from '../assignment/acknowledge.ts';
import { addToReserve } from '../surge/reserve.ts';
import { readSurgeState } from '../surge/surge.ts';
import type { OncallWorkerOptions } from './worker.ts';
import { recordListOpened } from '../surge/working.ts';

const people = [
  { email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4521111111' },
  { email: 'bo@skade.example.dk', name: 'Bo Jensen', phone: '+4522222222' },
  { email: 'carl@skade.example.dk', name: 'Carl Berg', phone: '+4523333333' },
  // Not on call: the reserve.
  { email: 'dorte@skade.example.dk', name: 'Dorte Lund', phone: '+4524444444' },
];
const [anna, bo, carl, dorte] = people.map((person) => person.phone) as [string, string, string, string];
const onCall = [anna, bo, carl];

describeEachDatabase('all hands in a surge', (target) => {
  let t: TestApp;
  let start: number;
  const clock = { now: new Date() };
  let received: { to: string; text: string; at: number }[];
  let ids: Map<string, string>;
  let count = 0;
  const sms: SmsTransport = {
    kind: 'file',
    async send(message) {
      received.push({ to: message.to, text: message.text, at: (clock.now.getTime() - start) / 1000 });
      return { ids: [`id-${received.length}`] };
    },
  };

  async function open(escalateSeconds = 600, worker: Partial<OncallWorkerOptions> = {}) {
    t = await createPagingTestApp(target, {
      escalateAfterSeconds: escalateSeconds,
      publicUrl,
      sms,
      clock,
      worker: { batchSize: 200, ...worker },
    });
    const byEmail = await addOnCallStaff(
      t.app.deps.db,
      people,
      new Date(Date.now() - 60_000),
      people.slice(0, 3),
    );
    ids = new Map([...byEmail].map(([email, id]) => [email.split('@')[0]!, id]));
  }

  beforeEach(() => {
    received = [];
    start = Date.now() + 5_000;
    clock.now = new Date(start);
  });
  afterEach(async () => {
    await t?.close();
  });

  const at = async (seconds: number) => {
    clock.now = new Date(start + seconds * 1000);
    await t.app.deps.oncall.worker.runDue(clock.now);
  };
  /** An emergency of its own caller, phone and address (no repeat of another), at the test clock. */
  async function emergency() {
    count++;
    const body: EmergencyLeadInput = {
      ...emergencyBody(),
      fuldeNavn: `Kunde ${count}`,
      email: `kunde${count}@example.dk`,
      telefon: `3${String(count).padStart(7, '0')}`,
      adresse: `Havnegade ${count}, ${String(5000 + count)} By ${count}`,
    };
    const lead = await createLead({ ...t.app.deps, now: () => clock.now }, body as never, {}, []);
    await t.app.deps.db.update(oncallPages).set({ runAt: clock.now }).where(eq(oncallPages.leadId, lead.id));
    return lead;
  }
  const to = (phone: string) => received.filter((sms) => sms.to === phone);
  const audits = async (action: string) =>
    (await t.app.deps.db.select().from(auditLog)).filter((row) => row.action === action);
  const withoutLink = (text: string) => text.replace(/https?:\/\/\S+/, '<link>');

  it('wakes everybody on call at once with the reason, again as new ones come, and returns to the chain after', async () => {
    await open();
    for (let i = 0; i < 3; i++) await emergency();
    await at(0);
    // 3 waiting × 10 minutes for 1 person (nobody works the queue yet): surge, everybody woken.
    for (const phone of onCall) {
      expect(
        to(phone).map((sms) => withoutLink(sms.text)),
        phone,
      ).toEqual([
        'Travlt: 3 venter, alle på vagt er kaldt ind. 3 nye - 0 kritiske. Ældste 1 min. Se listen: <link>',
      ]);
      expect(to(phone)[0]!.text).toMatch(new RegExp(`Se listen: ${publicUrl}/v/[\\w-]{16}$`));
    }
    expect(to(dorte)).toEqual([]);
    const [opened] = await audits('all-hands-on');
    expect(opened).toMatchObject({ actor: 'system', details: { waiting: 3, working: 0, onCall: 3 } });
    // Nothing new: nobody is woken again within the minute, nor after it while quiet.
    await at(30);
    await at(90);
    expect(received).toHaveLength(3);
    // A new one: each gets a digest at their next slot, counted the same for everybody.
    await emergency();
    await at(95);
    const second = onCall.map((phone) => withoutLink(to(phone)[1]?.text ?? ''));
    expect(second).toEqual(
      onCall.map(
        () =>
          'Travlt: 4 venter, alle på vagt er kaldt ind. 1 ny - 0 kritiske. Ældste 1 min. Se listen: <link>',
      ),
    );
    // All taken: surge ends, the period closes, audited; a new one goes to the first in the chain only.
    for (const lead of await t.app.deps.db.select({ id: leads.id }).from(leads))
      await acknowledgePage(
        { db: t.app.deps.db, clock: () => clock.now },
        { leadId: lead.id, userId: ids.get('bo')! },
      );
    await at(200);
    expect(await audits('all-hands-off')).toHaveLength(1);
    const periods = await t.app.deps.db.select().from(oncallAllHands);
    expect(periods).toHaveLength(1);
    expect(periods[0]!.endedAt).not.toBeNull();
    const before = received.length;
    const quiet = await emergency();
    // Bo took four in the last 15 minutes: he works the queue, so one waiting is 10 minutes, normal.
    await at(300);
    await at(310);
    expect(received.slice(before).map((sms) => [sms.to, sms.text.split('\n')[0]])).toEqual([
      [anna, `AKUT NORMAL ${quiet.reference}: Vandskade`],
    ]);
  });

  it('asks the reserve once above an hour of waiting, never twice within 30 minutes, and wakes them once working', async () => {
    await open();
    await addToReserve(t.app.deps.db, { email: people[3]!.email, now: clock.now, actor: 'test' });
    // 5 waiting × 10 minutes = 50 minutes: surge, but the reserve is not asked yet.
    for (let i = 0; i < 5; i++) await emergency();
    await at(0);
    expect(to(dorte)).toEqual([]);
    // 7 waiting: 70 minutes.
    await emergency();
    await emergency();
    await at(10);
    expect(to(dorte).map((sms) => withoutLink(sms.text))).toEqual([
      'Kan du hjælpe? Travlt: 7 venter, ventetid ca. 1,5 time. Åbn listen og tag en: <link>',
    ]);
    for (let i = 0; i < 3; i++) await emergency();
    await at(20);
    await at(600);
    expect(to(dorte)).toHaveLength(1);
    // Surge ends and begins again 20 minutes after the call: still not asked again.
    for (const lead of await t.app.deps.db.select({ id: leads.id }).from(leads))
      await acknowledgePage(
        { db: t.app.deps.db, clock: () => clock.now },
        { leadId: lead.id, userId: ids.get('carl')! },
      );
    await at(1100);
    clock.now = new Date(start + 1190_000);
    // 14 new, Carl working (he took the others): 140 minutes, but the call was 20 minutes ago.
    for (let i = 0; i < 14; i++) await emergency();
    await at(1200);
    expect((await t.app.deps.db.select().from(oncallAllHands)).length).toBe(2);
    expect(to(dorte)).toHaveLength(1);
    // Dorte opens the list: she works the queue, and gets the surge's digests as the others do.
    await recordListOpened(t.app.deps.db, ids.get('dorte')!, clock.now);
    await emergency();
    await at(1300);
    expect(to(dorte).at(-1)!.text).toMatch(/^Travlt: \d+ venter, alle på vagt er kaldt ind\. /);
  });

  it('counts the people working the queue in the expected wait: those who took or opened the list within 15 minutes', async () => {
    await open(600, { allHands: false });
    for (let i = 0; i < 6; i++) await emergency();
    const state = () => readSurgeState(t.app.deps.db, clock.now, 10);
    // Nobody working: the 6 are one person's, 60 minutes; 3 in the chain does not change it.
    expect(await state()).toMatchObject({ waiting: 6, people: 0, onCall: 3, expectedCallbackMinutes: 60 });
    await recordListOpened(t.app.deps.db, ids.get('anna')!, clock.now);
    expect(await state()).toMatchObject({ people: 1, expectedCallbackMinutes: 60 });
    const [first] = await t.app.deps.db.select({ id: leads.id }).from(leads).limit(1);
    await acknowledgePage(
      { db: t.app.deps.db, clock: () => clock.now },
      { leadId: first!.id, userId: ids.get('dorte')! },
    );
    // Dorte took one (she is not on call): two working share the 5.
    const two = await state();
    expect(two).toMatchObject({ waiting: 5, people: 2 });
    clock.now = new Date(start + 16 * 60_000);
    // A quarter of an hour later neither counts: the 5 are one person's again.
    const none = await state();
    expect(none).toMatchObject({ waiting: 5, people: 0 });
    expect(none.expectedCallbackMinutes).toBeGreaterThan(two.expectedCallbackMinutes);
  });

  it('lets a koordinator keep the reserve over the API, audited; refuses others and accounts without a phone', async () => {
    await open(600, { allHands: false });
    await addStaff(t.app.deps.db, {
      email: 'koord@skade.example.dk',
      name: 'Kim Koord',
      password,
      role: 'koordinator',
    });
    await addStaff(t.app.deps.db, { email: 'med@skade.example.dk', name: 'Mie Med', password });
    const koordinator = new StaffClient(t.app);
    await koordinator.logIn('koord@skade.example.dk');
    const added = await koordinator.request('POST', '/api/staff/oncall/reserve', { email: people[3]!.email });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      people: [{ email: people[3]!.email, name: 'Dorte Lund', calledAt: null }],
    });
    expect(await audits('reserve-added')).toMatchObject([
      { actor: 'koord@skade.example.dk', details: { person: people[3]!.email } },
    ]);
    const noPhone = await koordinator.request('POST', '/api/staff/oncall/reserve', {
      email: 'med@skade.example.dk',
    });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toMatch(/har intet telefonnummer/);
    const medarbejder = new StaffClient(t.app);
    await medarbejder.logIn('med@skade.example.dk');
    expect((await medarbejder.request('GET', '/api/staff/oncall/reserve')).json().people).toHaveLength(1);
    const refused = await medarbejder.request('DELETE', '/api/staff/oncall/reserve', {
      email: people[3]!.email,
    });
    expect(refused.statusCode).toBe(403);
    const removed = await koordinator.request('DELETE', '/api/staff/oncall/reserve', {
      email: people[3]!.email,
    });
    expect(removed.json()).toEqual({ people: [] });
  });

  it('sends one "Ikke kvitteret" e-mail a minute, listing every emergency that ran out of steps in it', async () => {
    await open(20, { allHands: false });
    const all = [await emergency(), await emergency(), await emergency()];
    for (let s = 0; s <= 200; s += 5) await at(s);
    const mails = (await t.app.deps.db.select().from(mailJobs)).filter(
      (job) => job.kind === 'oncall-unacknowledged',
    );
    const listed = mails.flatMap((job) => (job.payload as { leadIds: string[] }).leadIds);
    expect(listed.sort()).toEqual(all.map((lead) => lead.id).sort());
    // They ran out together (one digest, escalating together): one e-mail.
    expect(mails).toHaveLength(1);
    expect(mails[0]!.runAt.getTime() % 60_000).toBe(0);
  });
});
