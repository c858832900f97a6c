/**
 * Paging at volume (docs/decisions/paging-at-volume.md), on PGlite and PostgreSQL: one page SMS
 * per person per minute, the rest bundled in a digest; critical ones at once within the budget
 * (one extra per five minutes); a digest's emergencies escalating together; "taken" SMS only to
 * those who got the emergency on its own; possible spam only in digests; the claim order of SMS.
 * The worker is driven with runDue and a fake clock; leads are stored with that clock too.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EmergencyLeadInput } from '../../../domain/emergency.ts';
import type { SpamReason } from '../../../domain/spam.ts';
import { oncallPageNotices, oncallPages, oncallSms } from '../../db/schema.ts';
import { createLead } from '../../leads/create-lead.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { addOnCallStaff, createPagingTestApp } from '../../test/paging-app.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { type TestApp } from '../../test/test-app.ts';
import type { SmsTransport } from '../../sms/transport.ts';
import { smsLength } from '../../sms/segments.ts';
import { acknowledgePage } from '../assignment/acknowledge.ts';
import type { OncallWorkerOptions } from './worker.ts';

const publicUrl = 'https://skade.example.dk';
const people = [
  { email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4521111111' },
  { email: 'bo@skade.example.dk', name: 'Bo Jensen', phone: '+4522222222' },
  { email: 'carl@skade.example.dk', name: 'Carl Berg', phone: '+4523333333' },
];
const [anna, bo, carl] = people.map((person) => person.phone) as [string, string, string];

interface Received {
  to: string;
  text: string;
  reference: string;
  /** Seconds after the test's start. */
  at: number;
}

describeEachDatabase('paging at volume', (target) => {
  let t: TestApp;
  let start: number;
  const clock = { now: new Date() };
  let received: Received[];
  let ids: Map<string, string>;
  let count = 0;
  const sms: SmsTransport = {
    kind: 'file',
    async send(message) {
      received.push({
        to: message.to,
        text: message.text,
        reference: message.reference ?? '',
        at: (clock.now.getTime() - start) / 1000,
      });
      return { ids: [`id-${received.length}`] };
    },
  };

  async function open(escalateSeconds: number, worker: Partial<OncallWorkerOptions> = {}) {
    t = await createPagingTestApp(target, {
      escalateAfterSeconds: escalateSeconds,
      sms,
      clock,
      // The chain on its own: all hands in a surge are server/oncall/paging/all-hands.test.ts's.
      worker: { batchSize: 200, allHands: false, ...worker },
    });
    // The chain was set a minute before the test's start (the worker's clock is ahead of the database's).
    ids = await addOnCallStaff(t.app.deps.db, people, new Date(Date.now() - 60_000));
  }

  beforeEach(() => {
    received = [];
    // Ahead of the database's clock: the pages it stamps with now() are due at once.
    start = Date.now() + 5_000;
    clock.now = new Date(start);
  });
  afterEach(async () => {
    await t?.close();
  });

  /** Moves the clock to `seconds` after the start and runs the worker there. */
  const at = async (seconds: number) => {
    clock.now = new Date(start + seconds * 1000);
    await t.app.deps.oncall.worker.runDue(clock.now);
  };

  /** An emergency of its own phone and address (not a duplicate), stored at the test clock. */
  async function emergency(options: { critical?: boolean; spam?: SpamReason[] } = {}) {
    count++;
    const body: EmergencyLeadInput = {
      ...emergencyBody(),
      fuldeNavn: `Kunde ${count}`,
      email: `kunde${count}@example.dk`,
      telefon: `3${String(count).padStart(7, '0')}`,
      adresse: `Strandvejen ${count}, 2900 Hellerup`,
      ...(options.critical ? { personfare: 'ja' as const } : {}),
    };
    const lead = await createLead(
      { ...t.app.deps, now: () => clock.now },
      body as never,
      {},
      options.spam ?? [],
    );
    // The page row is stamped with the database's now(); due at the test clock instead, however
    // long a loaded machine took to get here.
    await t.app.deps.db.update(oncallPages).set({ runAt: clock.now }).where(eq(oncallPages.leadId, lead.id));
    return lead;
  }

  const to = (phone: string) => received.filter((sms) => sms.to === phone);

  it('sends one single page, then what came within the minute as a digest at the next slot', async () => {
    await open(600);
    const first = await emergency();
    await at(0);
    expect(to(anna).map((sms) => sms.text.split('\n')[0])).toEqual([
      `AKUT NORMAL ${first.reference}: Vandskade`,
    ]);
    await at(10);
    await emergency();
    await at(10);
    await at(59);
    expect(received).toHaveLength(1);
    await at(60);
    expect(received).toHaveLength(2);
    const digest = received[1]!;
    expect(digest.to).toBe(anna);
    expect(digest.text).toMatch(
      new RegExp(
        `^AKUT: 1 ny, 2 venter - 0 kritiske\\. Ældste 1 min\\. Se listen: ${publicUrl}/v/[\\w-]{16}$`,
      ),
    );
    // One part with the short link (two with the signed one).
    expect(smsLength(digest.text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    // The stored digest no longer holds a working link once sent.
    const [row] = await t.app.deps.db.select().from(oncallSms).where(eq(oncallSms.purpose, 'digest'));
    expect(row).toMatchObject({ status: 'sent', userId: ids.get('anna@skade.example.dk'), leadId: null });
    expect(row!.body).toContain('/v/[skjult]');
  });

  it('sends a critical emergency at once within the budget, one such extra SMS per five minutes', async () => {
    await open(3600);
    await emergency();
    await at(0);
    await at(10);
    const critical = await emergency({ critical: true });
    await at(10);
    expect(to(anna).map((sms) => sms.text.split(' ').slice(0, 3).join(' '))).toEqual([
      expect.stringMatching(/^AKUT NORMAL SK-/),
      `AKUT KRITISK ${critical.reference}:`,
    ]);
    // A second critical one within five minutes joins the next digest.
    await at(20);
    await emergency({ critical: true });
    await at(20);
    expect(received).toHaveLength(2);
    await at(60);
    expect(received[2]!.text).toMatch(/^AKUT: 2 nye, 3 venter - 2 kritiske\. Ældste 1 min\. /);
    // Five minutes after the first extra, a critical one within the budget goes at once again.
    await at(400);
    await emergency();
    await at(400);
    expect(received).toHaveLength(4);
    await at(410);
    const later = await emergency({ critical: true });
    await at(410);
    expect(received).toHaveLength(5);
    expect(received[4]!.text).toMatch(new RegExp(`^AKUT KRITISK ${later.reference}: `));
  });

  it('escalates the emergencies of one digest together, the interval after the digest went out', async () => {
    await open(45);
    await emergency();
    await at(0);
    await at(5);
    const second = await emergency();
    await at(8);
    const third = await emergency();
    for (let s = 8; s <= 104; s++) await at(s);
    // Bo got the first at 45 s on its own; Anna the other two in one digest at 60 s.
    expect(to(anna).map((sms) => [sms.at, sms.text.slice(0, 22)])).toEqual([
      [0, expect.stringMatching(/^AKUT NORMAL SK-/)],
      [60, 'AKUT: 2 nye, 3 venter '],
    ]);
    expect(to(bo).map((sms) => sms.at)).toEqual([45]);
    await at(105);
    // Both reach Bo together, 45 s after Anna's digest: one SMS.
    expect(to(bo).map((sms) => [sms.at, sms.text.slice(0, 22)])).toEqual([
      [45, expect.stringMatching(/^AKUT NORMAL SK-/)],
      [105, 'AKUT: 0 nye, 3 venter '],
    ]);
    const pages = await t.app.deps.db.select().from(oncallPages);
    const bundle = pages.filter((page) => page.leadId === second.id || page.leadId === third.id);
    expect(bundle.map((page) => page.step)).toEqual([2, 2]);
    expect(bundle.map((page) => page.runAt.getTime())).toEqual([start + 150_000, start + 150_000]);
  });

  it('tells only those who got the emergency on its own who took it', async () => {
    await open(20);
    const single = await emergency();
    await at(0);
    await at(5);
    const bundled = await emergency();
    await at(5);
    await at(20);
    await at(60);
    // Anna: the first on its own, the second in a digest; Bo: the first on its own.
    expect(to(anna)).toHaveLength(2);
    expect(to(bo)).toHaveLength(1);
    received.length = 0;
    const carlId = ids.get('carl@skade.example.dk')!;
    for (const lead of [bundled, single]) {
      const result = await acknowledgePage(
        { db: t.app.deps.db, clock: () => clock.now },
        { leadId: lead.id, userId: carlId },
      );
      expect(result.kind).toBe('taken');
    }
    await at(61);
    expect(received.map((sms) => [sms.to, sms.text]).sort()).toEqual([
      [anna, `${single.reference} er taget af Carl Berg.`],
      [bo, `${single.reference} er taget af Carl Berg.`],
    ]);
    // Nothing more goes out about them.
    for (let s = 62; s <= 400; s += 10) await at(s);
    expect(received).toHaveLength(2);
  });

  it('counts "taken" notices in the hour of 60 SMS, and leaves them out when the hour is full', async () => {
    await open(20);
    // Earlier that hour, 10 minutes into the test's past: 58 SMS to Anna, 59 to Bo.
    const earlier = (phone: string, n: number) =>
      Array.from({ length: n }, () => ({
        userId: ids.get(people.find((person) => person.phone === phone)!.email)!,
        purpose: 'digest' as const,
        step: 0,
        phone,
        body: 'AKUT: tidligere',
        status: 'sent' as const,
        createdAt: new Date(start - 50 * 60_000),
      }));
    await t.app.deps.db.insert(oncallSms).values([...earlier(anna, 58), ...earlier(bo, 59)]);
    const first = await emergency();
    await at(0);
    await at(20);
    expect([to(anna).length, to(bo).length]).toEqual([1, 1]);
    const result = await acknowledgePage(
      { db: t.app.deps.db, clock: () => clock.now },
      { leadId: first.id, userId: ids.get('carl@skade.example.dk')! },
    );
    expect(result).toMatchObject({ kind: 'taken', notified: 1 });
    await at(21);
    // Anna's 60th is the notice; Bo's hour was full with the page.
    expect(to(anna).map((sms) => sms.text)).toEqual([
      expect.stringMatching(/^AKUT NORMAL /),
      `${first.reference} er taget af Carl Berg.`,
    ]);
    expect(to(bo)).toHaveLength(1);
    // The next emergency reaches Anna when the earliest of that hour is an hour old, not before.
    await emergency();
    for (let s = 30; s < 600; s += 30) await at(s);
    expect(to(anna)).toHaveLength(2);
    await at(600);
    expect(to(anna)).toHaveLength(3);
    // Waiting at its first step and at "everybody" since: one emergency to her.
    expect(to(anna)[2]!.text).toMatch(/^AKUT \(ingen har svaret\): 1 ny, 1 venter - 0 kritiske\./);
  });

  it('never pages a possible spam on its own: it waits for the next digest, at most a minute, marked', async () => {
    await open(3600);
    await emergency({ spam: ['too-fast'] });
    await at(0);
    await at(30);
    expect(received).toHaveLength(0);
    await at(60);
    expect(received.map((sms) => sms.text)).toEqual([
      expect.stringMatching(/^AKUT: 1 ny, 1 venter - 0 kritiske\. 1 mulig spam\. Ældste 1 min\. Se listen: /),
    ]);
    // With company it goes in the same digest, at the budget's next slot.
    await at(200);
    await emergency({ spam: ['many-links'] });
    await at(200);
    await at(205);
    await emergency();
    await at(205);
    expect(received.map((sms) => sms.text.slice(0, 41))).toEqual([
      expect.any(String),
      'AKUT: 2 nye, 3 venter - 0 kritiske. 2 mul',
    ]);
    const notices = await t.app.deps.db.select().from(oncallPageNotices);
    expect(notices.every((notice) => notice.status === 'digest')).toBe(true);
  });

  it('125 emergencies in a minute: a handful of SMS per person instead of 250', async () => {
    await open(20);
    for (let i = 0; i < 125; i++) {
      await emergency({ critical: i % 10 === 3 });
      await at(i * 0.48);
    }
    for (let s = 60; s <= 600; s++) await at(s);
    const pages = received.filter((sms) => !sms.text.includes(' er taget af '));
    for (const phone of [anna, bo, carl]) {
      const times = to(phone).map((sms) => sms.at);
      // The budget (one a minute) plus at most one critical extra per five minutes.
      for (const time of times) {
        expect(times.filter((other) => other >= time && other < time + 60).length).toBeLessThanOrEqual(2);
      }
      expect(times.length).toBeLessThanOrEqual(12);
    }
    expect(pages.length).toBeLessThanOrEqual(36);
    // Every emergency reached every person (the last step pages everybody), none is left waiting.
    const notices = await t.app.deps.db.select().from(oncallPageNotices);
    expect(notices.filter((notice) => notice.status === 'waiting')).toHaveLength(0);
    const reached = new Set(notices.map((notice) => `${notice.leadId} ${notice.userId}`));
    expect(reached.size).toBe(125 * 3);
    const exhausted = await t.app.deps.db
      .select()
      .from(oncallPages)
      .where(eq(oncallPages.status, 'exhausted'));
    expect(exhausted).toHaveLength(125);
  }, 180_000);

  it('keeps to the hourly cap, critical extras included, and goes on when the hour has passed', async () => {
    // A cap of 3 an hour stands in for 60: a critical emergency every minute for ten minutes.
    await open(24 * 3600, { hourlyCap: 3 });
    for (let minute = 0; minute < 10; minute++) {
      await emergency({ critical: true });
      for (let s = 0; s < 60; s += 15) await at(minute * 60 + s);
    }
    const times = to(anna).map((sms) => sms.at);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(60);
    for (let s = 600; s < times[0]! + 3600; s += 60) await at(s);
    expect(to(anna)).toHaveLength(3);
    // An hour after the first: the next one, a digest of everything that waited.
    await at(times[0]! + 3600);
    expect(to(anna)).toHaveLength(4);
    expect(to(anna)[3]!.text).toMatch(/^AKUT: \d+ nye?, \d+ venter - \d+ kritiske?\./);
  });

  it('claims page SMS before "taken" notices, critical ones first', async () => {
    await open(3600);
    // Due in the opposite order: the oldest first would send the "taken" notice first.
    const row = (purpose: 'page' | 'taken' | 'digest', critical: boolean, phone: string, dueAgo: number) => ({
      purpose,
      critical,
      phone,
      step: 0,
      body: `${purpose} ${critical}`,
      runAt: new Date(start - dueAgo * 1000),
    });
    await t.app.deps.db
      .insert(oncallSms)
      .values([row('taken', false, anna, 3), row('digest', false, bo, 2), row('page', true, carl, 1)]);
    await t.app.deps.oncall.worker.runDue(clock.now);
    expect(received.map((sms) => sms.text)).toEqual(['page true', 'digest false', 'taken false']);
  });
});
