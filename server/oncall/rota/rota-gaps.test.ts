/**
 * Gaps in the rota: the times in the next 7 days when nobody with a working phone is first on
 * call, found at every handover and cover boundary; answered by the rota API's view and e-mailed
 * to the active koordinatorer once per gap (PGlite and PostgreSQL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zonedTime } from '../../../domain/zoned-time.ts';
import { mailJobs, oncallChains, oncallGapNotices, oncallOverrides, users } from '../../db/schema.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/databases.ts';
import { rotaView } from './inbox-rota.ts';
import { announceRotaGaps, rotaGapMailComposer, rotaGaps, type RotaGap } from './rota-gaps.ts';
import type { StaffPerson } from './rota-store.ts';
import { recordJobWakes } from '../../test/job-wakes.ts';

// Monday 30 November 2026 08:00 is a handover; "now" is the Thursday before.
const now = zonedTime(2026, 11, 26, 12);
const handover = zonedTime(2026, 11, 30, 8);
const horizon = new Date(now.getTime() + 7 * 24 * 60 * 60_000);
const person = (id: string, phone: string | null, disabled = false): StaffPerson => ({
  id,
  email: `${id}@x.dk`,
  name: id,
  phone,
  disabled,
});
const chain = (memberIds: string[]) => ({
  effectiveFrom: zonedTime(2026, 11, 1, 8),
  memberIds,
  handoverWeekday: 0,
  handoverHour: 8,
});
const iso = (gaps: RotaGap[]) =>
  gaps.map((gap) => ({ from: gap.from.toISOString(), to: gap.to.toISOString(), onCall: gap.onCall }));

describe('gaps in the rota', () => {
  const people = new Map([
    ['anna', person('anna', '+4521111111')],
    ['bo', person('bo', null)],
    ['cai', person('cai', '+4523333333', true)],
  ]);

  it('finds the week after a handover when the one first on call has no phone', () => {
    // 1 Nov to 26 Nov: four handovers, so [anna, bo] is anna first now, bo after Monday.
    expect(iso(rotaGaps({ chains: [chain(['anna', 'bo'])], overrides: [] }, people, now))).toEqual([
      { from: handover.toISOString(), to: horizon.toISOString(), onCall: 'bo' },
    ]);
  });

  it('a cover by someone with a phone splits the gap; a disabled account is no cover', () => {
    const cover = (userId: string, from: Date, to: Date) => ({
      userId,
      startsAt: from,
      endsAt: to,
      createdAt: now,
    });
    const tuesday = zonedTime(2026, 12, 1, 8);
    const wednesday = zonedTime(2026, 12, 2, 8);
    const gaps = rotaGaps(
      {
        chains: [chain(['anna', 'bo'])],
        overrides: [cover('anna', tuesday, wednesday), cover('cai', now, zonedTime(2026, 11, 27, 8))],
      },
      people,
      now,
    );
    expect(iso(gaps)).toEqual([
      { from: now.toISOString(), to: zonedTime(2026, 11, 27, 8).toISOString(), onCall: 'cai' },
      { from: handover.toISOString(), to: tuesday.toISOString(), onCall: 'bo' },
      { from: wednesday.toISOString(), to: horizon.toISOString(), onCall: 'bo' },
    ]);
  });

  it('no chain at all is one gap over the whole week; a working rota has none', () => {
    expect(iso(rotaGaps({ chains: [], overrides: [] }, people, now))).toEqual([
      { from: now.toISOString(), to: horizon.toISOString(), onCall: null },
    ]);
    expect(rotaGaps({ chains: [chain(['anna'])], overrides: [] }, people, now)).toEqual([]);
  });
});

describeEachDatabase('rota gaps in the database', (target) => {
  let database: TestDatabase;
  const notified: string[] = [];
  const ids = new Map<string, string>();

  let stopRecording = () => {};

  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
    stopRecording = recordJobWakes(database.db, notified);
  });
  afterAll(async () => {
    stopRecording();
    await database.dispose();
  });
  beforeEach(async () => {
    notified.length = 0;
    await database.db.delete(mailJobs);
    await database.db.delete(oncallGapNotices);
    await database.db.delete(oncallOverrides);
    await database.db.delete(oncallChains);
    await database.db.delete(users);
    const rows = await database.db
      .insert(users)
      .values([
        { email: 'anna@x.dk', name: 'Anna Holm', phone: '+4521111111', passwordHash: 'x' },
        { email: 'bo@x.dk', name: 'Bo Jensen', phone: null, passwordHash: 'x', role: 'koordinator' },
        { email: 'kim@x.dk', name: 'Kim Lund', passwordHash: 'x', role: 'koordinator', disabledAt: now },
      ])
      .returning({ id: users.id, email: users.email });
    for (const row of rows) ids.set(row.email, row.id);
    await database.db.insert(oncallChains).values({
      effectiveFrom: zonedTime(2026, 11, 1, 8),
      memberIds: [ids.get('anna@x.dk')!, ids.get('bo@x.dk')!],
      handoverWeekday: 0,
      handoverHour: 8,
      createdBy: 'test',
    });
  });

  const deps = () => ({ db: database.db });

  it('the rota view answers the gaps for the inbox page', async () => {
    const view = await rotaView(database.db, now, { userId: ids.get('anna@x.dk')!, role: 'koordinator' });
    expect(view.gaps).toEqual([
      { from: handover.toISOString(), to: horizon.toISOString(), onCall: ids.get('bo@x.dk') },
    ]);
  });

  it('e-mails each active koordinator once per gap, and again for a new gap', async () => {
    expect(await announceRotaGaps(deps(), now)).toBe(1);
    const jobs = await database.db.select().from(mailJobs);
    expect(jobs.map((job) => job.payload)).toEqual([
      {
        leadId: null,
        to: { name: 'Bo Jensen', address: 'bo@x.dk' },
        from: handover.toISOString(),
        until: horizon.toISOString(),
        onCallName: 'Bo Jensen',
      },
    ]);
    expect(notified).toEqual(['mail']);
    const mail = await rotaGapMailComposer.compose(
      { mail: { from: 'a@x.dk', to: 'kontor@x.dk' }, publicUrl: 'https://skade.example.dk' } as never,
      { id: 'job-1', kind: 'oncall-rota-gap', payload: jobs[0]!.payload, attempts: 0 },
      {} as never,
    );
    expect(mail.to).toEqual({ name: 'Bo Jensen', address: 'bo@x.dk' });
    expect(mail.subject).toMatch(/^Hul i vagtplanen fra /);
    expect(mail.text).toContain('Bo Jensen står først på vagt, men har intet virkende mobilnummer');
    expect(mail.text).toContain('https://skade.example.dk/indbakke/vagtplan');

    // The next day the same gap (now reaching a day further) is not e-mailed again.
    expect(await announceRotaGaps(deps(), new Date(now.getTime() + 24 * 60 * 60_000))).toBe(0);
    expect(await database.db.select().from(mailJobs)).toHaveLength(1);

    // Anna's account disabled: the time until the handover is a new gap.
    await database.db.update(users).set({ disabledAt: now }).where(eq(users.email, 'anna@x.dk'));
    expect(await announceRotaGaps(deps(), new Date(now.getTime() + 25 * 60 * 60_000))).toBe(1);
    expect(await database.db.select().from(mailJobs)).toHaveLength(2);
  });
});
