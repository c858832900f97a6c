/**
 * The morning reminder that a first report is due today: sent from 07:00 Copenhagen time on the
 * due day to the assignee (or the koordinatorer), once whatever the runs (PGlite and PostgreSQL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { zonedTime } from '../../../domain/zoned-time.ts';
import { jobRuns, leadMilestones, leads, mailJobs, users } from '../../db/schema.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/databases.ts';
import { remindReportsDue, reportDueMail } from './report-reminder.ts';

// The damage stopped on Friday 27 November 2026 at 15:05: the report is due by the end of Monday.
const damageStop = zonedTime(2026, 11, 27, 15, 5);
const monday = (hour: number, minute = 0) => zonedTime(2026, 11, 30, hour, minute);

describeEachDatabase('the morning reminder of a first report due', (target) => {
  let database: TestDatabase;
  const ids = new Map<string, string>();
  let seq = 0;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await db().delete(mailJobs);
    await db().delete(jobRuns);
    await db().delete(leads);
    await db().delete(users);
    const rows = await db()
      .insert(users)
      .values([
        { email: 'mads@x.dk', name: 'Mads Tekniker', passwordHash: 'x', role: 'medarbejder' },
        { email: 'bo@x.dk', name: 'Bo Jensen', passwordHash: 'x', role: 'koordinator' },
        {
          email: 'kim@x.dk',
          name: 'Kim Lund',
          passwordHash: 'x',
          role: 'koordinator',
          disabledAt: monday(0),
        },
      ])
      .returning({ id: users.id, email: users.email });
    for (const row of rows) ids.set(row.email, row.id);
  });

  async function kase(options: { assignedTo?: string; reportSentAt?: Date; insurer?: string } = {}) {
    seq++;
    const [lead] = await db()
      .insert(leads)
      .values({
        kind: 'akut-skade',
        pagesOnCall: true,
        reference: `SK-${600_000 + seq}`,
        name: 'Kunde',
        email: `kunde${seq}@example.dk`,
        status: 'in-progress',
        details: { forsikringsselskab: options.insurer ?? 'Tryg' },
        assignedTo: options.assignedTo ?? null,
        createdAt: zonedTime(2026, 11, 27, 14),
      })
      .returning({ id: leads.id, reference: leads.reference });
    await db().insert(leadMilestones).values({ leadId: lead!.id, kind: 'skadestop', at: damageStop });
    if (options.reportSentAt) {
      await db()
        .insert(leadMilestones)
        .values({ leadId: lead!.id, kind: 'rapport-sendt', at: options.reportSentAt });
    }
    return lead!;
  }
  const queued = async () =>
    (await db().select().from(mailJobs).where(eq(mailJobs.kind, 'casework-report-due'))).map((job) =>
      reportDueMail.payload.parse(job.payload),
    );

  it('goes to the assignee at 07:00 on the due day, not before, and once', async () => {
    const lead = await kase({ assignedTo: ids.get('mads@x.dk')! });
    await kase({ reportSentAt: zonedTime(2026, 11, 27, 18) });
    expect(await remindReportsDue({ db: db() }, monday(6, 59))).toBe(0);
    expect(await remindReportsDue({ db: db() }, monday(7))).toBe(1);
    expect(await remindReportsDue({ db: db() }, monday(7, 15))).toBe(0);
    expect(await remindReportsDue({ db: db() }, zonedTime(2026, 12, 1, 7))).toBe(0);
    const payloads = await queued();
    expect(payloads).toEqual([
      {
        leadId: lead.id,
        to: { name: 'Mads Tekniker', address: 'mads@x.dk' },
        reference: lead.reference,
        insurer: 'Tryg',
        dueAt: zonedTime(2026, 12, 1, 0).toISOString(),
        damageStopAt: damageStop.toISOString(),
      },
    ]);
    const mail = await reportDueMail.compose(
      { mail: { from: 'a@x.dk', to: 'kontor@x.dk' }, publicUrl: 'https://skade.example.dk' } as never,
      { id: 'job-1', kind: 'casework-report-due', payload: payloads[0]!, attempts: 0 } as never,
      {} as never,
    );
    expect(mail.to).toEqual({ name: 'Mads Tekniker', address: 'mads@x.dk' });
    expect(mail.subject).toBe(`Rapport forfalden i dag: ${lead.reference} (Tryg)`);
    expect(mail.text).toContain('senest 30. november 2026 kl. 23.59');
    expect(mail.text).toContain(`https://skade.example.dk/indbakke/henvendelse/${lead.id}`);
  });

  it('goes to every active koordinator when nobody has the case', async () => {
    await kase();
    expect(await remindReportsDue({ db: db() }, monday(9))).toBe(1);
    expect((await queued()).map((p) => p.to.address)).toEqual(['bo@x.dk']);
  });

  it('two server copies running at the same moment send it once', async () => {
    await kase({ assignedTo: ids.get('mads@x.dk')! });
    const runs = await Promise.all([
      remindReportsDue({ db: db() }, monday(7, 1)),
      remindReportsDue({ db: db() }, monday(7, 1)),
    ]);
    expect(runs.reduce((a, b) => a + b)).toBe(1);
    expect(await queued()).toHaveLength(1);
  });
});
