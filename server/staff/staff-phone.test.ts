/**
 * The number on a staff account, on PGlite and PostgreSQL, from the inbox (PUT /api/staff/me/phone)
 * and the command line: one active account per number, and a number outside ONCALL_PHONE_COUNTRIES
 * only by a koordinator (the command line counts as one). Refusals in Danish, nothing stored.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { auditLog, users } from '../db/schema.ts';
import { setPhoneByCommand } from '../oncall/rota/rota-commands.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { password, publicUrl, StaffClient, loggedInNewStaff, testStaff } from '../test/staff-client.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from '../test/test-app.ts';
import { addStaff, disableStaff } from './accounts.ts';
import { phoneCountry } from './staff-phone.ts';

describe('ONCALL_PHONE_COUNTRIES', () => {
  const countries = (value?: string) =>
    loadConfig({
      SIGNING_SECRET: TEST_SIGNING_SECRET,
      ...(value === undefined ? {} : { ONCALL_PHONE_COUNTRIES: value }),
    }).oncall.phoneCountries;

  it('is DK unless set, and reads a comma list of ISO codes', () => {
    expect(countries()).toEqual(['DK']);
    expect(countries(' dk, se ,DK')).toEqual(['DK', 'SE']);
  });

  it('refuses a code that names no country, and a list of none', () => {
    for (const value of ['DK,XX', 'Danmark', ',', 'DK;SE']) {
      expect(() => countries(value), value).toThrow(/ONCALL_PHONE_COUNTRIES/);
    }
  });

  it('tells the country of a number', () => {
    expect(phoneCountry('+4520123456')).toBe('DK');
    expect(phoneCountry('+12684641234')).toBe('AG');
  });
});

describeEachDatabase('the number on a staff account', (target) => {
  let t: TestApp;
  let anna: StaffClient;
  let mia: StaffClient;
  let eva: StaffClient;
  const db = () => t.app.deps.db;
  const phoneOf = async (email: string) =>
    (await db().select({ phone: users.phone }).from(users).where(eq(users.email, email)))[0]!.phone;
  const setOwn = async (client: StaffClient, email: string, phone: string) =>
    client.request('PUT', '/api/staff/me/phone', { phone, code: await client.freshCode(email) });

  beforeAll(async () => {
    t = await createTestApp({ database: target, env: { PUBLIC_URL: publicUrl } });
    anna = await loggedInNewStaff(t.app, testStaff.anna);
    await addStaff(db(), { email: 'mia@example.dk', name: 'Mia Berg', password });
    await addStaff(db(), { email: 'eva@example.dk', name: 'Eva Lund', password });
    await addStaff(db(), { email: 'bo@example.dk', name: 'Bo Jensen', password });
    await addStaff(db(), { email: 'ole@example.dk', name: 'Ole Gammel', password });
    await db().update(users).set({ phone: '+4531313131' }).where(eq(users.email, 'mia@example.dk'));
    await db().update(users).set({ phone: '+4522222222' }).where(eq(users.email, 'bo@example.dk'));
    await db().update(users).set({ phone: '+4544444444' }).where(eq(users.email, 'ole@example.dk'));
    await disableStaff(db(), 'ole@example.dk', { actor: 'cli:test' });
    mia = new StaffClient(t.app, '127.0.0.2');
    await mia.logIn('mia@example.dk');
    eva = new StaffClient(t.app, '127.0.0.3');
    await eva.logIn('eva@example.dk');
  });
  afterAll(() => t.close());

  it("refuses a colleague's number with 409, in Danish, and keeps the old one", async () => {
    const answer = await setOwn(mia, 'mia@example.dk', '22 22 22 22');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      message: 'Nummeret bruges allerede af en anden aktiv konto. Vagt-SMS skal gå til én person.',
    });
    expect(await phoneOf('mia@example.dk')).toBe('+4531313131');
    // A koordinator cannot take it either.
    expect((await setOwn(anna, 'anna@example.dk', '+45 22 22 22 22')).statusCode).toBe(409);
  });

  it('refuses a number abroad from a medarbejder with 403 and takes it from a koordinator', async () => {
    const answer = await setOwn(mia, 'mia@example.dk', '+1 268 464 1234');
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({
      message: 'Et nummer uden for DK kan kun sættes af en koordinator.',
    });
    expect(await phoneOf('mia@example.dk')).toBe('+4531313131');
    // No code makes it allowed, and none is spent on asking.
    const codeless = await mia.request('PUT', '/api/staff/me/phone', { phone: '+12684641234' });
    expect(codeless.statusCode).toBe(403);
    expect(codeless.json().message).toBe('Et nummer uden for DK kan kun sættes af en koordinator.');
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'staff-phone-set'));
    expect(audited).toEqual([]);

    expect((await setOwn(anna, 'anna@example.dk', '+1 268 464 1234')).json()).toEqual({
      phone: '+12684641234',
    });
    expect(await phoneOf('anna@example.dk')).toBe('+12684641234');
  });

  it("takes a disabled account's old number and one's own again", async () => {
    expect((await setOwn(mia, 'mia@example.dk', '44 44 44 44')).json()).toEqual({ phone: '+4544444444' });
    expect((await setOwn(mia, 'mia@example.dk', '44 44 44 44')).json()).toEqual({ phone: '+4544444444' });
  });

  it('gives one number to one of two accounts asking at the same moment', async () => {
    const [first, second] = await Promise.all([
      setOwn(mia, 'mia@example.dk', '55 55 55 55'),
      setOwn(eva, 'eva@example.dk', '55 55 55 55'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const holders = await db().select().from(users).where(eq(users.phone, '+4555555555'));
    expect(holders).toHaveLength(1);
  });

  it("refuses a colleague's number on the command line and takes a number abroad there", async () => {
    const command = (email: string, phone: string) =>
      setPhoneByCommand(db(), { email, phone, now: new Date(), actor: 'cli:test' });
    await expect(command('eva@example.dk', '22 22 22 22')).rejects.toThrow(
      'Nummeret bruges allerede af en anden aktiv konto.',
    );
    expect(await command('eva@example.dk', '+46 70 123 45 67')).toBe('+46701234567');
    expect(await phoneOf('eva@example.dk')).toBe('+46701234567');
  });
});
