import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadKindRegistry } from '../../../domain/lead-kinds.ts';
import { leadMessages, leads, users } from '../../db/schema.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/databases.ts';
import { composeFiguresMail, firstResponseLine } from './figures-mail.ts';
import { figuresCsv, monthFigures } from './figures.ts';

describeEachDatabase('the share answered by the first-response deadline', (target) => {
  let database: TestDatabase;
  let number = 0;

  /** A lead received at `local` with its deadline and first answer, minutes after it came in. */
  async function seed(
    local: string,
    lead: {
      kind: 'akut-skade' | 'anmeldelse' | 'kontakt' | 'ressource' | 'rekvisition';
      /** It paged the on-call staff (an emergency, an assignment marked urgent). */
      paged?: boolean;
      dueAfter: number | null;
      calledBackAfter?: number;
      status?: 'new' | 'done' | 'spam';
    },
  ) {
    const createdAt = new Date(local);
    const after = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);
    number += 1;
    const [row] = await database.db
      .insert(leads)
      .values({
        kind: lead.kind,
        pagesOnCall: lead.paged ?? leadKindRegistry[lead.kind].paging === true,
        reference: `SK-FR${number}`,
        name: `Kunde ${number}`,
        email: `kunde${number}@example.dk`,
        status: lead.status ?? 'new',
        createdAt,
        firstResponseDueAt: lead.dueAfter === null ? null : after(lead.dueAfter),
        calledBackAt: lead.calledBackAfter === undefined ? null : after(lead.calledBackAfter),
      })
      .returning({ id: leads.id });
    return { id: row!.id, after };
  }

  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
    const [anna] = await database.db
      .insert(users)
      .values({ email: 'anna@skade.example.dk', name: 'Anna Holm', passwordHash: 'x' })
      .returning({ id: users.id });
    // Emergencies: called back in 10 of 15 minutes (in time), in 20 of 15 (late), one in surge
    // told 60 minutes and called back after 45 (in time), one never called back (late).
    await seed('2026-03-02T10:00:00+01:00', { kind: 'akut-skade', dueAfter: 15, calledBackAfter: 10 });
    await seed('2026-03-03T10:00:00+01:00', { kind: 'akut-skade', dueAfter: 15, calledBackAfter: 20 });
    await seed('2026-03-04T10:00:00+01:00', { kind: 'akut-skade', dueAfter: 60, calledBackAfter: 45 });
    await seed('2026-03-05T10:00:00+01:00', { kind: 'akut-skade', dueAfter: 15, status: 'done' });
    // Reports: one answered by a staff message in time; one answered only by a batch update (late:
    // no answer); one whose deadline is still ahead on 31 March (pending, not in the share).
    const written = await seed('2026-03-09T09:00:00+01:00', { kind: 'anmeldelse', dueAfter: 24 * 60 });
    await database.db.insert(leadMessages).values({
      leadId: written.id,
      direction: 'out',
      channel: 'email',
      body: 'Vi har modtaget',
      authorId: anna!.id,
      authorName: 'Anna',
      createdAt: written.after(120),
    });
    const batched = await seed('2026-03-10T09:00:00+01:00', { kind: 'anmeldelse', dueAfter: 24 * 60 });
    await database.db.insert(leadMessages).values({
      leadId: batched.id,
      direction: 'out',
      channel: 'email',
      body: 'Alle venter',
      authorId: anna!.id,
      authorName: 'Anna',
      batchId: crypto.randomUUID(),
      createdAt: batched.after(60),
    });
    await seed('2026-03-30T12:00:00+02:00', { kind: 'anmeldelse', dueAfter: 24 * 60 });
    // Assignments: an urgent one called back in 10 of 15 minutes (in time), a normal one answered
    // after 5 hours of its 4 business hours (late): two rows, not one share of both.
    await seed('2026-03-16T10:00:00+01:00', {
      kind: 'rekvisition',
      paged: true,
      dueAfter: 15,
      calledBackAfter: 10,
    });
    await seed('2026-03-17T09:00:00+01:00', { kind: 'rekvisition', dueAfter: 240, calledBackAfter: 300 });
    // Not counted: a resource request (no deadline), spam, and a contact in April.
    await seed('2026-03-11T09:00:00+01:00', { kind: 'ressource', dueAfter: null });
    await seed('2026-03-12T09:00:00+01:00', { kind: 'kontakt', dueAfter: 60, status: 'spam' });
    await seed('2026-04-01T09:00:00+02:00', { kind: 'kontakt', dueAfter: 60, calledBackAfter: 5 });
  });
  afterAll(() => database.dispose());

  it('counts per kind: in time, late (answered after or never), pending while the deadline is ahead', async () => {
    const figures = await monthFigures(database.db, '2026-03', new Date('2026-03-31T09:00:00Z'));
    expect(figures.firstResponse).toEqual([
      { kind: 'akut-skade', counted: 4, inTime: 2, late: 2, pending: 0, inTimeShare: 0.5 },
      { kind: 'anmeldelse', counted: 2, inTime: 1, late: 1, pending: 1, inTimeShare: 0.5 },
      { kind: 'kontakt', counted: 0, inTime: 0, late: 0, pending: 0, inTimeShare: null },
      { kind: 'rekvisition', urgent: true, counted: 1, inTime: 1, late: 0, pending: 0, inTimeShare: 1 },
      { kind: 'rekvisition', counted: 1, inTime: 0, late: 1, pending: 0, inTimeShare: 0 },
    ]);
  });

  it('counts a lead still unanswered as late once its deadline has passed', async () => {
    const figures = await monthFigures(database.db, '2026-03', new Date('2026-04-02T09:00:00Z'));
    expect(figures.firstResponse?.[1]).toEqual({
      kind: 'anmeldelse',
      counted: 3,
      inTime: 1,
      late: 2,
      pending: 0,
      inTimeShare: 1 / 3,
    });
  });

  it('carries the shares into the CSV, under the people, and into the weekly e-mail', async () => {
    const figures = await monthFigures(database.db, '2026-03', new Date('2026-03-31T09:00:00Z'));
    expect(figuresCsv(figures).split('\r\n').slice(-8)).toEqual([
      '',
      'Første svar til tiden;Med frist;Til tiden;For sent;Andel til tiden;Frist ikke nået',
      'Akut skade;4;2;2;50 %;0',
      'Skadeanmeldelse;2;1;1;50 %;1',
      'Kontaktformular;0;0;0;;0',
      'Akut rekvisition;1;1;0;100 %;0',
      'Rekvisition;1;0;1;0 %;0',
      '',
    ]);
    expect(firstResponseLine(figures)).toBe(
      'Første svar til tiden: Akut skade 2 af 4 (50 %); Skadeanmeldelse 1 af 2 (50 %), 1 med frist senere; Akut rekvisition 1 af 1 (100 %); Rekvisition 0 af 1 (0 %). Uden svar efter fristen tæller som for sent.',
    );
    const mail = composeFiguresMail(
      {
        mail: { from: 'no-reply@skade.example.dk', to: 'leads@skade.example.dk' },
        publicUrl: 'https://skade.example.dk',
      },
      { id: crypto.randomUUID(), kind: 'oncall-figures', payload: { leadId: null, figures }, attempts: 0 },
    );
    expect(mail.text).toContain('Første svar til tiden: Akut skade 2 af 4 (50 %)');
    expect(mail.html).toContain('<p style="margin:0 0 16px">Første svar til tiden: Akut skade 2 af 4 (50 %)');
    // A week queued before the deadlines existed has none to tell.
    expect(firstResponseLine({})).toBeNull();
  });
});
