import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadSchema } from '../../domain/lead.ts';
import type { LeadSummary } from '../../domain/staff-api/leads.ts';
import { zonedTime } from '../../domain/zoned-time.ts';
import { leadMessages, leads, users } from '../db/schema.ts';
import { createLead } from '../leads/create-lead.ts';
import { backfillFirstResponseDeadlines } from '../leads/first-response.ts';
import { addStaff } from '../staff/accounts.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { contactBody, emergencyBody, reportBody, resourceRequestBody } from '../test/lead-bodies.ts';
import { password, StaffClient } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';
import type { TestApp } from '../test/test-app.ts';

const iso = (date: Date) => date.toISOString();
/** Friday 20 November 2026, 16:00 in Copenhagen. */
const friday16 = zonedTime(2026, 11, 20, 16);
let callers = 0;
/** An emergency from a caller of its own (the same phone or e-mail within 30 minutes is a repeat). */
function emergencyFrom() {
  callers += 1;
  return {
    ...emergencyBody(),
    telefon: `41 00 00 ${String(10 + callers)}`,
    email: `kunde${callers}@example.dk`,
    adresse: `Frisvej ${callers}, 4000 Roskilde`,
  };
}

describeEachDatabase('first-response deadlines in the inbox', (target) => {
  let t: TestApp;
  let anna: StaffClient;
  let annaId: string;

  beforeAll(async () => {
    t = await createStaffTestApp(target, { oncall: { startWorker: false } });
    await addStaff(t.app.deps.db, { email: 'anna@example.dk', name: 'Anna Holm', password });
    [{ id: annaId }] = (await t.app.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'anna@example.dk'))) as [{ id: string }];
    anna = new StaffClient(t.app);
    await anna.logIn('anna@example.dk');
  });
  afterAll(() => t.close());

  /** A lead stored as the forms store it, arriving at `at`. */
  async function store(body: unknown, at: Date, surgeMinutes?: number) {
    const lead = await createLead(
      {
        ...t.app.deps,
        now: () => at,
        ...(surgeMinutes
          ? {
              callbackPromise: async () => ({
                mode: 'travlt' as const,
                expectedCallbackMinutes: surgeMinutes,
              }),
            }
          : {}),
      },
      leadSchema.parse(body),
    );
    return lead.id;
  }

  async function detail(id: string) {
    const response = await anna.request('GET', `/api/staff/leads/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ lead: { firstResponseDueAt: string | null; firstResponseAt: string | null } }>()
      .lead;
  }

  async function listed(id: string) {
    const response = await anna.request('GET', '/api/staff/leads?limit=200');
    expect(response.statusCode).toBe(200);
    return response.json<{ leads: LeadSummary[] }>().leads.find((lead) => lead.id === id)!;
  }

  it('gives each kind its deadline when stored, in the list and on the lead page', async () => {
    const report = await store(reportBody(), friday16);
    const contact = await store(contactBody, friday16);
    const caller = emergencyFrom();
    const emergency = await store(caller, friday16);
    const surge = await store(emergencyFrom(), friday16, 90);
    const critical = await store({ ...emergencyFrom(), personfare: 'ja' }, friday16, 90);
    const resource = await store(resourceRequestBody, friday16);

    const monday16 = iso(zonedTime(2026, 11, 23, 16));
    expect((await detail(report)).firstResponseDueAt).toBe(monday16);
    expect((await listed(report)).firstResponseDueAt).toBe(monday16);
    expect((await detail(contact)).firstResponseDueAt).toBe(monday16);
    expect((await detail(emergency)).firstResponseDueAt).toBe(iso(zonedTime(2026, 11, 20, 16, 15)));
    expect((await listed(surge)).firstResponseDueAt).toBe(iso(zonedTime(2026, 11, 20, 17, 30)));
    // A danger to people keeps the 15 minutes in surge, as it was told.
    expect((await detail(critical)).firstResponseDueAt).toBe(iso(zonedTime(2026, 11, 20, 16, 15)));
    expect((await detail(resource)).firstResponseDueAt).toBeNull();
    // The same caller again within 30 minutes: a repeat, answered by the original's callback.
    const repeat = await store(
      { ...emergencyFrom(), telefon: caller.telefon },
      zonedTime(2026, 11, 20, 16, 5),
    );
    expect((await detail(repeat)).firstResponseDueAt).toBeNull();
    expect((await listed(report)).firstResponseAt).toBeNull();
  });

  it('marks a lead answered by the callback, or by a staff message, not by a batch update', async () => {
    const called = await store(emergencyFrom(), friday16);
    const written = await store(reportBody(), friday16);
    const batched = await store(reportBody(), friday16);
    const db = t.app.deps.db;

    const callback = await anna.request('POST', `/api/staff/leads/${called}/called-back`, {});
    expect(callback.statusCode).toBe(200);
    const [{ calledBackAt }] = (await db
      .select({ calledBackAt: leads.calledBackAt })
      .from(leads)
      .where(eq(leads.id, called))) as [{ calledBackAt: Date }];
    expect((await detail(called)).firstResponseAt).toBe(iso(calledBackAt));

    const batchAt = zonedTime(2026, 11, 21, 9);
    await db.insert(leadMessages).values([
      // Everyone waiting got the same update; the customer's own answer is no answer of ours either.
      {
        leadId: batched,
        direction: 'out',
        channel: 'email',
        body: 'Vi er forsinket',
        authorId: annaId,
        authorName: 'Anna',
        batchId: crypto.randomUUID(),
        createdAt: batchAt,
      },
      { leadId: written, direction: 'in', channel: 'case-page', body: 'Hallo?', createdAt: batchAt },
    ]);
    expect((await detail(batched)).firstResponseAt).toBeNull();
    expect((await listed(written)).firstResponseAt).toBeNull();

    const first = zonedTime(2026, 11, 23, 10);
    await db.insert(leadMessages).values({
      leadId: written,
      direction: 'out',
      channel: 'sms',
      body: 'Vi ringer i dag',
      authorId: annaId,
      authorName: 'Anna',
      createdAt: zonedTime(2026, 11, 23, 11),
    });
    await db.insert(leadMessages).values({
      leadId: written,
      direction: 'out',
      channel: 'email',
      body: 'Vi har modtaget',
      authorId: annaId,
      authorName: 'Anna',
      createdAt: first,
    });
    expect((await detail(written)).firstResponseAt).toBe(iso(first));
    expect((await listed(written)).firstResponseAt).toBe(iso(first));
  });

  it('sets the deadlines of reports and contacts stored before deadlines, a batch at a time', async () => {
    const db = t.app.deps.db;
    const old = await db
      .insert(leads)
      .values(
        [0, 1, 2, 3, 4].map((index) => ({
          kind: index % 2 === 0 ? ('kontakt' as const) : ('anmeldelse' as const),
          reference: `SK-OLD${index}`,
          name: 'Gammel',
          email: `gammel${index}@example.dk`,
          // Wednesday before Easter 2027, 10:00 and the following minutes.
          createdAt: zonedTime(2027, 3, 24, 10, index),
        })),
      )
      .returning({ id: leads.id });
    expect(await backfillFirstResponseDeadlines(db, { batchSize: 2 })).toBe(5);
    for (const [index, row] of old.entries()) {
      expect((await detail(row.id)).firstResponseDueAt).toBe(iso(zonedTime(2027, 3, 30, 10, index)));
    }
    expect(await backfillFirstResponseDeadlines(db)).toBe(0);
  });
});

describeEachDatabase('the list by deadline', (target) => {
  let t: TestApp;
  let anna: StaffClient;

  beforeAll(async () => {
    t = await createStaffTestApp(target, { oncall: { startWorker: false } });
    await addStaff(t.app.deps.db, { email: 'anna@example.dk', name: 'Anna Holm', password });
    anna = new StaffClient(t.app);
    await anna.logIn('anna@example.dk');
  });
  afterAll(() => t.close());

  it('lists the open unanswered leads soonest deadline first, then the rest newest first, page by page', async () => {
    const at = (hour: number, minute = 0) => zonedTime(2026, 11, 24, hour, minute);
    const specs = [
      // reference, created, due, status, answered
      ['W-LATE', at(8), at(12), 'new', null],
      ['W-SOON', at(9), at(10), 'in-progress', null],
      ['W-TIE-A', at(9, 30), at(11), 'new', null],
      ['W-TIE-B', at(9, 31), at(11), 'new', null],
      ['R-ANSWERED', at(10), at(9), 'new', at(10, 5)],
      ['R-DONE', at(11), at(9, 30), 'done', null],
      ['R-NODUE', at(12), null, 'new', null],
      ['R-SPAM', at(13), at(8), 'spam', null],
    ] as const;
    const ids = new Map<string, string>();
    for (const [reference, createdAt, due, status, answered] of specs) {
      const [row] = await t.app.deps.db
        .insert(leads)
        .values({
          kind: due ? 'anmeldelse' : 'ressource',
          reference,
          name: reference,
          email: 'x@example.dk',
          status,
          createdAt,
          firstResponseDueAt: due,
          firstResponseAt: answered,
        })
        .returning({ id: leads.id });
      ids.set(reference, row!.id);
    }
    const tie = [ids.get('W-TIE-A')!, ids.get('W-TIE-B')!].sort();
    const byId = new Map([...ids].map(([reference, id]) => [id, reference]));
    const expected = [
      'W-SOON',
      byId.get(tie[0]!),
      byId.get(tie[1]!),
      'W-LATE',
      'R-NODUE',
      'R-DONE',
      'R-ANSWERED',
    ];

    for (const limit of [1, 2, 3, 200]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/staff/leads?sort=deadline&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
        const response = await anna.request('GET', url);
        expect(response.statusCode, url).toBe(200);
        const page = response.json<{ leads: LeadSummary[]; nextCursor: string | null }>();
        seen.push(...page.leads.map((lead) => lead.reference));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      expect(seen, `limit ${limit}`).toEqual(expected);
    }

    // A cursor of another order cannot continue this one.
    const priority = await anna.request('GET', '/api/staff/leads?sort=priority&limit=1');
    const foreign = priority.json<{ nextCursor: string }>().nextCursor;
    expect((await anna.request('GET', `/api/staff/leads?sort=deadline&cursor=${foreign}`)).statusCode).toBe(
      400,
    );
    // Filters still apply: only the finished ones.
    const done = await anna.request('GET', '/api/staff/leads?sort=deadline&status=done');
    expect(done.json<{ leads: LeadSummary[] }>().leads.map((lead) => lead.reference)).toEqual(['R-DONE']);
  });
});
