/**
 * The case page tells what is recorded, nothing more: the on-call acknowledgement alone neither
 * ticks "Vi har ringet" nor keeps the promise; "Ringet op" does both; the visit time staff set in
 * the inbox is the step "Besigtigelse aftalt"; "I gang" is staff's choice, not the acknowledgement's.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../domain/company.ts';
import { deadlineText } from '../../domain/first-response.ts';
import { visitMessages } from '../../domain/staff-api/visit.ts';
import { auditLog, leads, oncallPages } from '../db/schema.ts';
import { acknowledgePage } from '../oncall/assignment/acknowledge.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody, reportBody } from '../test/lead-bodies.ts';
import { postLeadWithCaseToken } from '../test/post-lead.ts';
import { loggedInNewStaff, type StaffClient, testStaff } from '../test/staff-client.ts';
import { staffTestAppOfBlock } from '../test/staff-test-app.ts';

/** The step list item of a label: "done", "done now" or "" (not done). */
function stepState(html: string, label: string): string {
  const match = new RegExp(`<li(?: class="([^"]*)")?[^>]*>${label}<`).exec(html);
  expect(match, label).toBeTruthy();
  return match![1] ?? '';
}

describeEachDatabase('the case page from recorded facts', (target) => {
  const t = staffTestAppOfBlock(target, { keepMail: true, oncall: { startWorker: false } });
  const db = () => t.app.deps.db;
  let anna: StaffClient;
  let annaId: string;

  beforeAll(async () => {
    // A medarbejder: recording a visit needs no koordinator.
    anna = await loggedInNewStaff(t.app, { ...testStaff.anna, role: 'medarbejder' });
    annaId = (await anna.request('GET', '/api/staff/me')).json().id;
  });

  const lead = (body: object) => postLeadWithCaseToken(t.app, t.sent, body);

  const page = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/sag/${token}` });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const audits = (leadId: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, leadId), eq(auditLog.action, action)));

  /** "Jeg tager den", as the on-call page's button does it. */
  async function acknowledge(leadId: string) {
    // The lead's page row is written with the emergency; the paging worker is off here.
    await db().insert(oncallPages).values({ leadId }).onConflictDoNothing();
    const result = await acknowledgePage({ db: db(), clock: () => new Date() }, { leadId, userId: annaId });
    expect(result.kind).toBe('taken');
  }

  it('after "Jeg tager den" alone: no call ticked, no promise kept; after "Ringet op": both', async () => {
    const { id, token } = await lead(emergencyBody());
    await acknowledge(id);
    const [acknowledged] = await db().select().from(leads).where(eq(leads.id, id));
    expect(acknowledged!.status).toBe('in-progress'); // the inbox still shows it taken

    let html = await page(token);
    expect(stepState(html, 'Modtaget')).toBe('done now');
    expect(stepState(html, 'Vi har ringet')).toBe('');
    expect(stepState(html, 'Besigtigelse aftalt')).toBe('');
    expect(stepState(html, 'I gang')).toBe('');
    expect(html).not.toContain('Løftet er holdt');
    expect(html).toMatch(/Vi ringer til dig inden for 15 minutter – senest kl\. \d\d\.\d\d\./);

    expect((await anna.request('POST', `/api/staff/leads/${id}/called-back`)).statusCode).toBe(200);
    html = await page(token);
    expect(stepState(html, 'Vi har ringet')).toBe('done now');
    expect(stepState(html, 'I gang')).toBe('');
    expect(html).toContain('Løftet er holdt: vi ringede 1 minut efter, at du skrev');
    expect(html).not.toContain('Vi ringer til dig');
  });

  it('past the deadline without a stamp: says we have not called yet and to call, never "we will call"', async () => {
    const { id, token } = await lead(emergencyBody());
    await acknowledge(id);
    await db()
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(leads.id, id));
    const html = await page(token);
    // Nobody has tried to call: no words that say we did.
    expect(html).toContain('Vi har ikke ringet endnu. Du står i køen.');
    expect(html).not.toContain('fået fat');
    expect(html).toContain(`Ring til os på ${company.phoneDisplay}`);
    expect(html).not.toContain('Vi ringer til dig');
    expect(html).not.toContain('Løftet er holdt');
  });

  it('a wait told in surge reads as the receipt said it, an expected wait, never a promise', async () => {
    const { id, token } = await lead(emergencyBody());
    await db()
      .update(leads)
      .set({ announcedCallbackMinutes: 90, announcedInSurge: true })
      .where(eq(leads.id, id));
    const html = await page(token);
    expect(html).toContain('Forventet ventetid på opkald: ca. 1½ time');
    expect(html).toMatch(
      /Du står i køen: forventet ventetid ca\. 1½ time fra kl\. \d\d\.\d\d, da du skrev\./,
    );
    expect(html).not.toMatch(/Vores løfte|90 minutter|senest kl/);
  });

  it('a damage report: the computed deadline until staff have written, then no "24 timer" promise', async () => {
    const { id, token } = await lead(reportBody());
    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    let html = await page(token);
    expect(row!.firstResponseDueAt).not.toBeNull();
    expect(html).toContain(`kontakter dig senest ${deadlineText(row!.firstResponseDueAt!)}.`);
    expect(html).not.toContain('inden for 24 timer');
    // Staff answered (the first answer is recorded): the page stops promising one.
    await db().update(leads).set({ firstResponseAt: new Date() }).where(eq(leads.id, id));
    html = await page(token);
    expect(html).toContain('Vi har skrevet til dig');
    expect(html).not.toMatch(/24 timer|kontakter dig senest/);
  });

  it('a call stamped 15 min 26 s after reads 16 minutes, later than promised', async () => {
    const { id, token } = await lead(emergencyBody());
    await db()
      .update(leads)
      .set({ createdAt: new Date(Date.now() - (15 * 60 + 26) * 1000) })
      .where(eq(leads.id, id));
    await anna.request('POST', `/api/staff/leads/${id}/called-back`);
    const html = await page(token);
    expect(html).toContain('Vi ringede 16 minutter efter, at du skrev – senere end lovet');
    expect(html).not.toContain('Løftet er holdt');
  });

  it('"I gang" in the inbox on an acknowledged lead records the step; back to "Ny" takes it away', async () => {
    const { id, token } = await lead(emergencyBody());
    await acknowledge(id);
    const started = await anna.request('PATCH', `/api/staff/leads/${id}`, { status: 'in-progress' });
    expect(started.statusCode).toBe(200);
    expect(started.json().lead.workStartedAt).toEqual(expect.any(String));
    expect(stepState(await page(token), 'I gang')).toBe('done now');
    expect(await audits(id, 'work-started')).toHaveLength(1);

    await anna.request('PATCH', `/api/staff/leads/${id}`, { status: 'new' });
    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    expect(row!.workStartedAt).toBeNull();
    expect(stepState(await page(token), 'I gang')).toBe('');
  });

  describe('the visit time', () => {
    it('is set in Danish time, shown on the case page as "Besigtigelse aftalt", and audited', async () => {
      const { id, token } = await lead(reportBody());
      const set = await anna.request('PUT', `/api/staff/leads/${id}/visit`, { visitAt: '2026-12-03T10:00' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ visitAt: '2026-12-03T09:00:00.000Z' });
      expect((await anna.request('GET', `/api/staff/leads/${id}`)).json().lead.visitAt).toBe(
        '2026-12-03T09:00:00.000Z',
      );
      const html = await page(token);
      expect(stepState(html, 'Besigtigelse aftalt')).toBe('done now');
      expect(stepState(html, 'Vi har ringet')).toBe('');
      expect(html).toContain('Besigtigelse torsdag 3. dec. kl. 10');
      expect(html).toContain('Vi kommer ud og ser på skaden torsdag 3. dec. kl. 10.');
      expect((await audits(id, 'visit-time-set')).map((row) => row.details)).toEqual([
        { from: null, to: '2026-12-03T09:00:00.000Z' },
      ]);
      // The same time again changes nothing and writes nothing.
      await anna.request('PUT', `/api/staff/leads/${id}/visit`, { visitAt: '2026-12-03T10:00' });
      expect(await audits(id, 'visit-time-set')).toHaveLength(1);
    });

    it('is cleared with null: the step is no longer ticked', async () => {
      const { id, token } = await lead(reportBody());
      await anna.request('PUT', `/api/staff/leads/${id}/visit`, { visitAt: '2026-07-01T13:30' });
      expect(await page(token)).toContain('Besigtigelse onsdag 1. jul. kl. 13.30');
      const cleared = await anna.request('PUT', `/api/staff/leads/${id}/visit`, { visitAt: null });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toEqual({ visitAt: null });
      const html = await page(token);
      expect(stepState(html, 'Besigtigelse aftalt')).toBe('');
      expect(html).not.toContain('Besigtigelse onsdag');
      expect((await audits(id, 'visit-time-set')).map((row) => row.details.to)).toContain(null);
    });

    it('refuses what is not a real date and time with 400 in Danish, and changes nothing', async () => {
      const { id } = await lead(reportBody());
      for (const visitAt of ['i morgen kl. 10', '2026-02-30T10:00', '2026-12-03T24:00', '2026-12-03', 42]) {
        const response = await anna.request('PUT', `/api/staff/leads/${id}/visit`, { visitAt });
        expect(response.statusCode, String(visitAt)).toBe(400);
        expect(response.json().errors.visitAt).toEqual([visitMessages.invalid]);
      }
      expect((await anna.request('PUT', `/api/staff/leads/${id}/visit`, {})).statusCode).toBe(400);
      const [row] = await db().select().from(leads).where(eq(leads.id, id));
      expect(row!.visitAt).toBeNull();
      expect(await audits(id, 'visit-time-set')).toEqual([]);
    });

    it('answers 404 for an unknown lead and 401 without a session', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const missing = await anna.request('PUT', `/api/staff/leads/${unknown}/visit`, { visitAt: null });
      expect(missing.statusCode).toBe(404);
      const anonymous = await t.app.inject({
        method: 'PUT',
        url: `/api/staff/leads/${unknown}/visit`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ visitAt: null }),
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
