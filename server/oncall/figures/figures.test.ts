/**
 * The promise measured, against figures computed by hand for a seeded March 2026 (Copenhagen
 * time, across the change to summer time), on PGlite and PostgreSQL; the CSV and the weekly
 * e-mail's claim.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, mailJobs, users } from '../../db/schema.ts';
import { composeFiguresMail, figuresMail, queueWeeklyFigures } from './figures-mail.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/databases.ts';
import {
  figuresCsv,
  minutesText,
  monthFigures,
  monthRange,
  percentile,
  previousWeek,
  shareText,
} from './figures.ts';

describe('percentile', () => {
  it('interpolates between the closest ranks', () => {
    expect(percentile([60, 120, 240, 480], 0.5)).toBe(180);
    expect(percentile([60, 120, 240, 480], 0.9)).toBeCloseTo(408, 9);
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([], 0.5)).toBeNull();
  });
});

describe('periods in Copenhagen time', () => {
  it('gives a month from its first local midnight to the next', () => {
    expect(monthRange('2026-03')).toEqual({
      from: new Date('2026-02-28T23:00:00Z'),
      to: new Date('2026-03-31T22:00:00Z'),
    });
    expect(monthRange('2026-12').to).toEqual(new Date('2026-12-31T23:00:00Z'));
    expect(() => monthRange('2026-13')).toThrow(RangeError);
  });

  it('gives last week from Monday to Monday, across the change to summer time', () => {
    expect(previousWeek(new Date('2026-03-30T06:00:00Z'))).toEqual({
      weekStart: '2026-03-23',
      from: new Date('2026-03-22T23:00:00Z'),
      to: new Date('2026-03-29T22:00:00Z'),
    });
    // Sunday evening still belongs to the week before.
    expect(previousWeek(new Date('2026-03-29T21:59:00Z')).weekStart).toBe('2026-03-16');
  });

  it('writes minutes and shares the Danish way', () => {
    expect(minutesText(408)).toBe('6,8');
    expect(minutesText(720)).toBe('12,0');
    expect(minutesText(null)).toBe('');
    expect(shareText(0.5)).toBe('50 %');
    expect(shareText(1 / 3)).toBe('33,3 %');
  });
});

describeEachDatabase('on-call figures', (target) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};
  let number = 0;

  /** A lead received at `local` (ISO with offset), with times in seconds after it. */
  async function seed(
    local: string,
    times: {
      kind?: 'akut-skade' | 'kontakt';
      status?: 'new' | 'spam' | 'in-progress';
      ack?: [number, string];
      callback?: [number, string];
      assigned?: string;
    },
  ) {
    const createdAt = new Date(local);
    const later = (seconds: number) => new Date(createdAt.getTime() + seconds * 1000);
    number++;
    const owner = times.assigned ?? times.callback?.[1] ?? times.ack?.[1];
    await database.db.insert(leads).values({
      kind: times.kind ?? 'akut-skade',
      pagesOnCall: (times.kind ?? 'akut-skade') === 'akut-skade',
      reference: `SK-FIG${String(number).padStart(3, '2')}`,
      name: `Kunde ${number}`,
      email: `kunde${number}@example.dk`,
      status: times.status ?? 'in-progress',
      details: { skadetype: 'vand' },
      createdAt,
      lastContactAt: createdAt,
      acknowledgedAt: times.ack ? later(times.ack[0]) : null,
      acknowledgedBy: times.ack ? ids[times.ack[1]]! : null,
      calledBackAt: times.callback ? later(times.callback[0]) : null,
      calledBackBy: times.callback ? ids[times.callback[1]]! : null,
      assignedTo: owner ? ids[owner]! : null,
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
    const rows = await database.db
      .insert(users)
      .values([
        { email: 'anna@skade.example.dk', name: 'Anna Holm', passwordHash: 'x' },
        { email: 'bo@skade.example.dk', name: 'Bo Jensen', passwordHash: 'x' },
      ])
      .returning({ id: users.id, email: users.email });
    for (const row of rows) ids[row.email.split('@')[0]!] = row.id;
    // 1: acknowledged by Anna after 2 min, called back by her after 6 min.
    await seed('2026-03-02T10:00:00+01:00', { ack: [120, 'anna'], callback: [360, 'anna'] });
    // 2: Bo, 4 min and 20 min (too late).
    await seed('2026-03-10T03:00:00+01:00', { ack: [240, 'bo'], callback: [1200, 'bo'] });
    // 3: Anna, 1 min and 10 min.
    await seed('2026-03-15T12:00:00+01:00', { ack: [60, 'anna'], callback: [600, 'anna'] });
    // 4: half an hour into March in Copenhagen (still February in UTC): Bo acknowledged after
    // 8 min, nobody called back.
    await seed('2026-03-01T00:30:00+01:00', { ack: [480, 'bo'] });
    // 5: never acknowledged; Bo called back after 14 min.
    await seed('2026-03-20T18:00:00+01:00', { callback: [840, 'bo'] });
    // 6: nothing at all, nobody's (after the change to summer time).
    await seed('2026-03-31T23:30:00+02:00', {});
    // Not counted: spam, a contact lead, and half an hour into April (March in UTC).
    await seed('2026-03-05T10:00:00+01:00', { status: 'spam', ack: [10, 'anna'], callback: [20, 'anna'] });
    await seed('2026-03-05T11:00:00+01:00', { kind: 'kontakt', ack: [10, 'bo'], callback: [20, 'bo'] });
    await seed('2026-04-01T00:30:00+02:00', { ack: [10, 'bo'], callback: [20, 'bo'] });
  });
  afterAll(() => database.dispose());

  it('measures the month in all and per person as computed by hand', async () => {
    const figures = await monthFigures(database.db, '2026-03');
    // Acknowledged: 60, 120, 240, 480 s. Called back: 360, 600, 840, 1200 s; within 15 min: 3 of 6.
    expect(figures.total).toEqual({
      emergencies: 6,
      acknowledged: { count: 4, median: 180, p90: expect.closeTo(408, 6) },
      calledBack: { count: 4, median: 720, p90: expect.closeTo(1092, 6) },
      within: 3,
      counted: 6,
      waiting: 0,
      withinShare: 0.5,
    });
    expect(figures.people).toEqual([
      {
        userId: ids.anna,
        name: 'Anna Holm',
        // 60, 120 s; 360, 600 s; answers for 1 and 3, both within.
        emergencies: 2,
        acknowledged: { count: 2, median: 90, p90: expect.closeTo(114, 6) },
        calledBack: { count: 2, median: 480, p90: expect.closeTo(576, 6) },
        within: 2,
        counted: 2,
        waiting: 0,
        withinShare: 1,
      },
      {
        userId: ids.bo,
        name: 'Bo Jensen',
        // 240, 480 s; 840, 1200 s; answers for 2 (late), 4 (never called back) and 5 (within).
        emergencies: 3,
        acknowledged: { count: 2, median: 360, p90: expect.closeTo(456, 6) },
        calledBack: { count: 2, median: 1020, p90: expect.closeTo(1164, 6) },
        within: 1,
        counted: 3,
        waiting: 0,
        withinShare: 1 / 3,
      },
    ]);
    expect(figures.from).toBe('2026-02-28T23:00:00.000Z');
  });

  it('counts an emergency not yet called back only once its 15 minutes have passed, the others apart', async () => {
    // Ten minutes after emergency 6 came in: nobody has called, but its time has not passed.
    const figures = await monthFigures(database.db, '2026-03', new Date('2026-03-31T23:40:00+02:00'));
    expect(figures.total).toMatchObject({
      emergencies: 6,
      within: 3,
      counted: 5,
      waiting: 1,
      withinShare: 0.6,
    });
    // Nobody answers for it yet: no person's share moves.
    expect(figures.people.map((p) => [p.name, p.counted, p.waiting])).toEqual([
      ['Anna Holm', 2, 0],
      ['Bo Jensen', 3, 0],
    ]);
    expect(figuresCsv(figures).split('\r\n')[3]).toBe('I alt;6;4;3,0;6,8;4;12,0;18,2;3;60 %;1');
  });

  it('writes the same figures as a CSV for Excel in Danish', async () => {
    const csv = figuresCsv(await monthFigures(database.db, '2026-03'));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Medarbejder;Akutte skader;Kvitteret;Kvittering, median (min);Kvittering, 90 % (min);Ringet op;Opringning, median (min);Opringning, 90 % (min);Ringet op inden for 15 min;Andel inden for 15 min;Venter, tiden ikke gået',
      'Anna Holm;2;2;1,5;1,9;2;8,0;9,6;2;100 %;0',
      'Bo Jensen;3;2;6,0;7,6;2;17,0;19,4;1;33,3 %;0',
      'I alt;6;4;3,0;6,8;4;12,0;18,2;3;50 %;0',
      '',
      'Første svar til tiden;Med frist;Til tiden;For sent;Andel til tiden;Frist ikke nået',
      'Akut skade;0;0;0;;0',
      'Skadeanmeldelse;0;0;0;;0',
      'Kontaktformular;0;0;0;;0',
      'Akut rekvisition;0;0;0;;0',
      'Rekvisition;0;0;0;;0',
      '',
    ]);
  });

  it('gives an empty month', async () => {
    const figures = await monthFigures(database.db, '2025-01');
    expect(figures.total).toEqual({
      emergencies: 0,
      acknowledged: { count: 0, median: null, p90: null },
      calledBack: { count: 0, median: null, p90: null },
      within: 0,
      counted: 0,
      waiting: 0,
      withinShare: null,
    });
    expect(figures.people).toEqual([]);
  });

  it('queues last week’s e-mail once, however many server copies try', async () => {
    // Monday 16 March: the week of 9–15 March holds emergencies 2 and 3.
    const clock = () => new Date('2026-03-16T08:00:00+01:00');
    const claims = await Promise.all([
      queueWeeklyFigures({ db: database.db, clock }),
      queueWeeklyFigures({ db: database.db, clock }),
      queueWeeklyFigures({ db: database.db, clock }),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await queueWeeklyFigures({ db: database.db, clock })).toBe(false);
    const jobs = await database.db.select().from(mailJobs).where(eq(mailJobs.kind, 'oncall-figures'));
    expect(jobs).toHaveLength(1);
    const payload = figuresMail.payload.parse(jobs[0]!.payload);
    expect(payload.figures).toMatchObject({
      period: '2026-03-09',
      total: { emergencies: 2, within: 1, withinShare: 0.5 },
    });
    const mail = composeFiguresMail(
      {
        mail: { from: 'no-reply@skade.example.dk', to: 'leads@skade.example.dk' },
        publicUrl: 'https://skade.example.dk',
      },
      { id: jobs[0]!.id, kind: 'oncall-figures', payload, attempts: 0 },
    );
    expect(mail.to).toBe('leads@skade.example.dk');
    expect(mail.subject).toBe('Beredskab 9. marts 2026 – 15. marts 2026: 50 % ringet op inden for 15 min');
    expect(mail.text).toContain('Anna Holm: 1 akut skade');
    expect(mail.text).toContain('Ringet op inden for 15 min: 1 af 2 (50 %)');
    expect(mail.text).toContain('https://skade.example.dk/indbakke/beredskab');
    expect(mail.html).toContain(
      '<th scope="row" style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right;text-align:left">I alt</th>',
    );
    expect(mail.text).toContain('CVR');
  });
});
