/**
 * What a danger to people is told, through HTTP on PGlite and PostgreSQL: first in line with 15
 * minutes only when no other danger to people waits; behind others, the surge formula over those
 * ahead of it (never under 15), stored with it, so the receipt and /tak say the same.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads, users } from '../../db/schema.ts';
import { addStaff } from '../../staff/accounts.ts';
import { setChain } from '../rota/rota-store.ts';
import { surgeCacheMs } from './surge.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { password } from '../../test/staff-client.ts';
import { type TestApp } from '../../test/test-app.ts';
import { createStaffTestApp } from '../../test/staff-test-app.ts';

const firstInLine = 'Du er forrest i køen';

describeEachDatabase('the wait of a danger to people', (target) => {
  let t: TestApp;
  let offset = 0;
  /** When set, every reading of the clock is past the kept surge state. */
  let ticking = false;
  const clock = () => {
    if (ticking) offset += surgeCacheMs + 1_000;
    return new Date(Date.now() + offset);
  };
  const db = () => t.app.deps.db;
  let sent = 0;
  /** A new emergency from its own client (one client makes one danger to people an hour critical). */
  const postEmergency = async (body: object = {}) => {
    sent += 1;
    // Past the kept surge state: each one is told from the counts now.
    offset += surgeCacheMs + 1_000;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: `10.7.0.${sent}`,
      payload: {
        ...emergencyBody(),
        telefon: `20 55 34 ${String(sent).padStart(2, '0')}`,
        adresse: `Kystvejen ${sent}, 8000 Aarhus C`,
        email: `kunde${sent}@example.dk`,
        ...body,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const stored = async (id: string) => {
    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    return row!;
  };

  beforeAll(async () => {
    t = await createStaffTestApp(target, {
      oncall: { startWorker: false, clock },
    });
    // One person on call: 10 minutes a call, one after another.
    await addStaff(db(), { email: 'anna@example.dk', name: 'Anna Holm', password, role: 'koordinator' });
    await db().update(users).set({ phone: '+4511111111' }).where(eq(users.email, 'anna@example.dk'));
    await setChain(db(), { emails: ['anna@example.dk'], now: new Date(Date.now() - 60_000), actor: 'test' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells only the first danger to people that it is first in line', async () => {
    const first = await postEmergency({ personfare: 'ja' });
    expect(first.callback).toEqual({ minutes: 15, inSurge: false, critical: true });
    expect(first.message).toContain(firstInLine);
    expect(await stored(first.id)).toMatchObject({ priority: 'kritisk', announcedFirstInLine: true });

    // One danger to people ahead: 10 minutes of calls, so still 15 minutes, but not first.
    const second = await postEmergency({ personfare: 'ja' });
    expect(second.callback).toMatchObject({ minutes: 15, critical: false });
    expect(second.message).toBe('Vi ringer til dig inden for 15 minutter.');
    expect(await stored(second.id)).toMatchObject({ priority: 'kritisk', announcedFirstInLine: false });
  });

  it('behind two dangers to people, waits its share of their calls: 20 minutes, told as 30', async () => {
    // A water damage without danger does not go before it.
    await postEmergency();
    const third = await postEmergency({ personfare: 'ja' });
    expect(third.callback).toMatchObject({ minutes: 30, critical: false });
    expect(third.message).not.toContain(firstInLine);
    expect(third.message).not.toContain('15 minutter');
    expect(third.message).toContain('forventet ventetid: ca. 30 minutter');
    expect(await stored(third.id)).toMatchObject({
      announcedCallbackMinutes: 30,
      announcedFirstInLine: false,
    });
  });

  it('is first again once the dangers to people ahead are taken', async () => {
    await db().update(leads).set({ acknowledgedAt: clock() }).where(eq(leads.priority, 'kritisk'));
    const next = await postEmergency({ personfare: 'ja' });
    expect(next.callback).toMatchObject({ minutes: 15, critical: true });
    expect(next.message).toContain(firstInLine);
  });

  it('is stored and answered when the kept surge state runs out during its own transaction', async () => {
    // A surge count read beside the lead's transaction instead of through it would, on the embedded
    // database's one connection, wait for the transaction, which waits for the count: no answer ever.
    await db().update(leads).set({ acknowledgedAt: clock() }).where(eq(leads.priority, 'kritisk'));
    ticking = true;
    try {
      const lead = await postEmergency({ personfare: 'ja' });
      expect(lead.callback).toMatchObject({ minutes: 15, critical: true });
      expect(await stored(lead.id)).toMatchObject({ priority: 'kritisk', announcedFirstInLine: true });
    } finally {
      ticking = false;
    }
  });
});
