/**
 * GET /api/staff/leads/:id/version, which an open lead page asks every few seconds: the same
 * answer (304 to its ETag) while nothing changed, a new one when someone takes the case, calls
 * back, changes status, assignment, notes or the visit time, or a message arrives; no audit row.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, leadMessages, leads, mailJobs, oncallPages, users } from '../db/schema.ts';
import { acknowledgePage } from '../oncall/assignment/acknowledge.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { StaffClient, loggedInNewStaff, testStaff } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';
import type { TestApp } from '../test/test-app.ts';

describeEachDatabase('a lead version for the open lead page', (target) => {
  let t: TestApp;
  let anna: StaffClient;
  let leadId: string;
  let annaId: string;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    anna = await loggedInNewStaff(t.app, testStaff.anna);
    annaId = (await db().select().from(users))[0]!.id;
    const [lead] = await db()
      .insert(leads)
      .values({
        kind: 'akut-skade',
        pagesOnCall: true,
        reference: 'SK-VERS01',
        name: 'Jens Hansen',
        email: 'jens@example.dk',
        details: { skadetype: 'vand' },
      })
      .returning({ id: leads.id });
    leadId = lead!.id;
    await db()
      .insert(oncallPages)
      .values({ leadId, chain: [annaId], paged: [annaId] });
  });
  afterAll(() => t.close());

  const version = async () => {
    const answer = await anna.request('GET', `/api/staff/leads/${leadId}/version`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.etag).toBe(`"${answer.json().version}"`);
    return answer.json<{ version: string }>().version;
  };

  it('stays the same while nothing changes, answers 304 to its ETag and writes no audit row', async () => {
    const first = await version();
    expect(await version()).toBe(first);
    const unchanged = await anna.request('GET', `/api/staff/leads/${leadId}/version`, undefined, {
      'if-none-match': `"${first}"`,
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // The worker's lease on the page is no change anyone can see.
    await db().update(oncallPages).set({ lockedUntil: new Date(), attempts: 1 });
    expect(await version()).toBe(first);
    expect(await db().select().from(auditLog)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ action: 'lead-viewed' })]),
    );
    expect(
      (await anna.request('GET', '/api/staff/leads/00000000-0000-4000-8000-000000000000/version')).statusCode,
    ).toBe(404);
    expect(
      (await new StaffClient(t.app).request('GET', `/api/staff/leads/${leadId}/version`)).statusCode,
    ).toBe(401);
  });

  it('changes when the case is taken, called back, changed, noted, visited or written to', async () => {
    const seen = new Set([await version()]);
    const changed = async (what: string) => {
      const next = await version();
      expect(seen.has(next), what).toBe(false);
      seen.add(next);
    };
    const ack = await acknowledgePage({ db: db(), clock: () => new Date() }, { leadId, userId: annaId });
    expect(ack).toBeTruthy();
    await changed('on-call acknowledgement');
    await anna.request('POST', `/api/staff/leads/${leadId}/called-back`);
    await changed('called back');
    expect((await anna.request('PATCH', `/api/staff/leads/${leadId}`, { status: 'done' })).statusCode).toBe(
      200,
    );
    await changed('status');
    await anna.request('PUT', `/api/staff/leads/${leadId}/assignee`, { assignee: null });
    await changed('assignment');
    expect(
      (await anna.request('POST', `/api/staff/leads/${leadId}/notes`, { body: 'Ringet.' })).statusCode,
    ).toBe(201);
    await changed('note');
    const visit = await anna.request('PUT', `/api/staff/leads/${leadId}/visit`, {
      visitAt: '2030-05-02T10:00',
    });
    expect(visit.statusCode).toBe(200);
    await changed('visit time');
    await db()
      .insert(leadMessages)
      .values({ leadId, direction: 'in', channel: 'case-page', body: 'Hvornår kommer I?' });
    await changed('message from the customer');
    const [job] = await db()
      .insert(mailJobs)
      // Due far ahead, so the outbox leaves it to the test.
      .values({ kind: 'lead-message', payload: {}, leadId, runAt: new Date('2100-01-01T00:00:00Z') })
      .returning({ id: mailJobs.id });
    await db().insert(leadMessages).values({
      leadId,
      direction: 'out',
      channel: 'case-page',
      body: 'Vi kommer i morgen.',
      mailJobId: job!.id,
    });
    await changed('message to the customer');
    await db().update(mailJobs).set({ status: 'sent' }).where(eq(mailJobs.id, job!.id));
    await changed('e-mail of a message sent');
  });
});
