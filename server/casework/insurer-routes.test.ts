/**
 * The insurers through the staff API, on PGlite and PostgreSQL: the seeded list, a koordinator's
 * change of the rules (audited, checked field by field in Danish), a medarbejder refused, and the
 * month's figures per insurer from recorded milestones only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insurers as insurerNames } from '../../domain/enums.ts';
import { leadKindRegistry } from '../../domain/lead-kinds.ts';
import { referencePrefix } from '../../domain/lead.ts';
import type { Insurer, InsurerFiguresAnswer } from '../../domain/staff-api/insurers.ts';
import { zonedTime } from '../../domain/zoned-time.ts';
import { auditLog, leadMilestones, leads } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { loggedInNewStaff, type StaffClient, testStaff } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';
import type { TestApp } from '../test/test-app.ts';

describeEachDatabase('insurers', (target) => {
  let t: TestApp;
  let anna: StaffClient;
  let tom: StaffClient;
  const db = () => t.app.deps.db;
  let seq = 0;

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    anna = await loggedInNewStaff(t.app, testStaff.anna);
    tom = await loggedInNewStaff(t.app, testStaff.tom);
  });
  afterAll(() => t.close());

  const list = async (client: StaffClient) =>
    ((await client.request('GET', '/api/staff/insurers')).json() as { insurers: Insurer[] }).insurers;
  const named = async (name: string) => (await list(anna)).find((row) => row.name === name)!;

  it('lists every insurer of the forms with the default rules', async () => {
    const rows = await list(tom);
    expect(rows.map((row) => row.name).sort()).toEqual(
      insurerNames.filter((name) => name !== 'Andet forsikringsselskab').sort(),
    );
    expect(rows.find((row) => row.name === 'Tryg')).toMatchObject({
      claimsEmail: null,
      onSiteHours: null,
      firstResponseHours: null,
      reportRule: 'next-business-day',
      active: true,
    });
  });

  it('lets a koordinator set the claims address and rules, and notes the change', async () => {
    const tryg = await named('Tryg');
    const answer = await anna.request('PUT', `/api/staff/insurers/${tryg.id}`, {
      claimsEmail: ' skade@tryg.example ',
      onSiteHours: 2,
      firstResponseHours: 8,
      reportRule: 'same-business-day',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().insurer).toMatchObject({ claimsEmail: 'skade@tryg.example', onSiteHours: 2 });
    expect(await named('Tryg')).toMatchObject({
      reportRule: 'same-business-day',
      onSiteHours: 2,
      firstResponseHours: 8,
    });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'insurer-changed'));
    expect(entry).toMatchObject({ actor: testStaff.anna.email, details: { insurer: 'Tryg' } });

    const cleared = await anna.request('PUT', `/api/staff/insurers/${tryg.id}`, {
      claimsEmail: '',
      onSiteHours: null,
      reportRule: 'next-business-day',
    });
    // A body without the assignment rule leaves it as it was.
    expect(cleared.json().insurer).toMatchObject({
      claimsEmail: null,
      onSiteHours: null,
      firstResponseHours: 8,
    });
  });

  it('answers bad input field by field in Danish and changes nothing', async () => {
    const codan = await named('Codan');
    const answer = await anna.request('PUT', `/api/staff/insurers/${codan.id}`, {
      claimsEmail: 'ikke en adresse',
      onSiteHours: 0,
      firstResponseHours: 0,
      reportRule: 'naeste-uge',
    });
    expect(answer.statusCode).toBe(400);
    const errors = answer.json().errors as Record<string, string[]>;
    expect(errors.claimsEmail?.[0]).toMatch(/gyldig e-mailadresse/);
    expect(errors.onSiteHours?.[0]).toMatch(/1–72/);
    expect(errors.firstResponseHours?.[0]).toMatch(/arbejdstimer/);
    expect(errors.reportRule?.[0]).toMatch(/første rapport/);
    expect(await named('Codan')).toEqual(codan);
    const unknown = await anna.request('PUT', '/api/staff/insurers/00000000-0000-4000-8000-000000000000', {
      claimsEmail: null,
      onSiteHours: null,
      reportRule: 'next-business-day',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Ukendt forsikringsselskab.');
  });

  it('refuses a medarbejder the change', async () => {
    const codan = await named('Codan');
    const answer = await tom.request('PUT', `/api/staff/insurers/${codan.id}`, {
      claimsEmail: 'x@codan.example',
      onSiteHours: 1,
      reportRule: 'next-business-day',
    });
    expect(answer.statusCode).toBe(403);
    expect((await named('Codan')).claimsEmail).toBeNull();
  });

  async function caseOf(
    insurer: string,
    createdAt: Date,
    milestones: [string, Date][],
    status = 'new',
    kind: 'akut-skade' | 'rekvisition' = 'akut-skade',
  ) {
    seq += 1;
    const [row] = await db()
      .insert(leads)
      .values({
        kind,
        // A kind that always pages (an emergency); an assignment here is a normal one.
        pagesOnCall: leadKindRegistry[kind].paging === true,
        reference: `${referencePrefix(kind)}-IF${seq}`,
        name: 'Prøve',
        email: `proeve${seq}@example.dk`,
        status: status as 'new',
        createdAt,
        details: { forsikringsselskab: insurer, skadetype: 'vandskade' },
      })
      .returning({ id: leads.id });
    for (const [kind, at] of milestones)
      await db()
        .insert(leadMilestones)
        .values({ leadId: row!.id, kind: kind as 'skadestop', at });
    return row!.id;
  }

  it('counts the month per insurer from recorded milestones: medians and first reports on time', async () => {
    const day = (d: number, h: number, m = 0) => zonedTime(2026, 10, d, h, m);
    // Two GF cases: on site after 60 and 120 minutes, damage stopped after 90 and 150.
    // Monday 5 October: the report is due by the end of Tuesday; sent Tuesday (on time).
    await caseOf('GF Forsikring', day(5, 10), [
      ['paa-adressen', day(5, 11)],
      ['skadestop', day(5, 11, 30)],
      ['rapport-sendt', day(6, 9)],
    ]);
    // The insurer's own assignment counts with the rest. Friday 9 October: due by the end of
    // Monday 12; sent Tuesday 13 (late).
    const late = await caseOf(
      'GF Forsikring',
      day(9, 20),
      [
        ['paa-adressen', day(9, 22)],
        ['skadestop', day(9, 22, 30)],
        ['rapport-sendt', day(13, 8)],
      ],
      'new',
      'rekvisition',
    );
    // A withdrawn on-site counts nowhere; spam and other months are left out.
    await db()
      .insert(leadMilestones)
      .values({ leadId: late, kind: 'paa-adressen', at: day(9, 20, 5), withdrawnAt: day(9, 21) });
    await caseOf('GF Forsikring', day(10, 10), [['paa-adressen', day(10, 10, 5)]], 'spam');
    await caseOf('GF Forsikring', zonedTime(2026, 11, 1, 10), [
      ['paa-adressen', zonedTime(2026, 11, 1, 10, 5)],
    ]);
    await caseOf('Andet forsikringsselskab', day(20, 10), []);

    const answer = (
      await tom.request('GET', '/api/staff/insurers/figures?month=2026-10')
    ).json() as InsurerFiguresAnswer;
    expect(answer.rows).toEqual([
      {
        insurer: 'Andet forsikringsselskab',
        leads: 1,
        medianToOnSiteSeconds: null,
        medianToDamageStopSeconds: null,
        reportsDue: 0,
        reportsOnTime: 0,
      },
      {
        insurer: 'GF Forsikring',
        leads: 2,
        medianToOnSiteSeconds: 90 * 60,
        medianToDamageStopSeconds: 120 * 60,
        reportsDue: 2,
        reportsOnTime: 1,
      },
    ]);

    expect((await tom.request('GET', '/api/staff/insurers/figures.csv?month=2026-10')).statusCode).toBe(403);
    const csv = await anna.request('GET', '/api/staff/insurers/figures.csv?month=2026-10');
    expect(csv.headers['content-disposition']).toContain('forsikringsselskaber-2026-10.csv');
    expect(csv.body).toContain('GF Forsikring;2;90,0;120,0;2;1;50 %');
    expect((await tom.request('GET', '/api/staff/insurers/figures?month=2026-13')).statusCode).toBe(400);
  });
});
