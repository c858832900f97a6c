/**
 * The staff login against the attacks it has to withstand: a code used twice, an enrolment
 * secret fetched by someone else, an account locked by strangers, and text typed into the
 * e-mail field that should never reach the audit log.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginAttempts, mailJobs, users } from '../db/schema.ts';
import { addStaff } from './accounts.ts';
import { clearLoginDelays, loginLimits, pairDelayMs } from './login.ts';
import { loginAlertMail } from './login-mail.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { type TestApp } from '../test/test-app.ts';
import { allowCodeAgain, code, composeQueuedMail, password, StaffClient } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';

describe('the wait after failed logins of one account from one IP', () => {
  it('is nothing for the first 5 failures, then 1, 2, 4, 8 and at most 15 minutes', () => {
    const minutes = Array.from({ length: 12 }, (_, failures) => pairDelayMs(failures) / 60_000);
    expect(minutes).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 15, 15, 15]);
    expect(pairDelayMs(10_000)).toBe(loginLimits.maxDelayMs);
  });
});

describeEachDatabase('the staff login', (target) => {
  let t: TestApp;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await createStaffTestApp(target);
  });
  afterAll(() => t.close());

  const login = (ip: string, email: string, secret = password) =>
    new StaffClient(t.app, ip).request('POST', '/api/staff/login', { email, password: secret });
  const auditRows = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
  const attemptRows = async () => (await db().select({ n: count() }).from(loginAttempts))[0]!.n;
  /** Moves an account's recorded attempts back in time, as if that much time had passed. */
  const age = (email: string, seconds: number) =>
    db().execute(
      sql`update login_attempts set created_at = created_at - make_interval(secs => ${seconds}) where email = ${email}`,
    );

  it('refuses a code that already completed a login, even within its 30 seconds', async () => {
    await addStaff(db(), { email: 'replay@example.dk', password });
    const { secret } = await new StaffClient(t.app, '10.10.0.1').logIn('replay@example.dk');
    const used = code(secret);
    // The code the enrolment was confirmed with opens no second session.
    const second = new StaffClient(t.app, '10.10.0.2');
    expect(
      (await second.request('POST', '/api/staff/login', { email: 'replay@example.dk', password })).statusCode,
    ).toBe(200);
    const replay = await second.request('POST', '/api/staff/totp/verify', { code: used });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Koden er forkert. Prøv igen.');
    expect((await second.request('GET', '/api/staff/leads')).statusCode).toBe(401);
    // Nor does a code of an earlier step than the last one accepted.
    const [row] = await db().select().from(users).where(eq(users.email, 'replay@example.dk'));
    expect(row!.totpLastStep).toBeGreaterThan(0);
    const earlier = code(secret, (row!.totpLastStep! - 1) * 30_000);
    expect((await second.request('POST', '/api/staff/totp/verify', { code: earlier })).statusCode).toBe(401);
  });

  /** A new account logged in once from `net`.1, and two more browsers past its password from .2 and .3. */
  async function twoLoginsOf(email: string, net: string) {
    await addStaff(db(), { email, password });
    const first = await new StaffClient(t.app, `${net}.1`).logIn(email);
    const clients = [new StaffClient(t.app, `${net}.2`), new StaffClient(t.app, `${net}.3`)];
    for (const client of clients) await client.request('POST', '/api/staff/login', { email, password });
    return { ...first, clients };
  }

  it('lets only one of two logins racing with the same code through', async () => {
    const { secret, clients } = await twoLoginsOf('race@example.dk', '10.11.0');
    await allowCodeAgain(t.app, 'race@example.dk');
    const current = code(secret);
    const answers = await Promise.all(
      clients.map((client) => client.request('POST', '/api/staff/totp/verify', { code: current })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('accepts a recovery code once even when two logins race with it', async () => {
    const { recoveryCodes, clients } = await twoLoginsOf('spare@example.dk', '10.12.0');
    const answers = await Promise.all(
      clients.map((client) =>
        client.request('POST', '/api/staff/totp/verify', { recoveryCode: recoveryCodes[1] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it("keeps a secret fetched by someone who knows a new account's password worthless once the owner enrols", async () => {
    await addStaff(db(), { email: 'ny@example.dk', password });
    const intruder = new StaffClient(t.app, '10.13.0.1');
    expect(
      (await intruder.request('POST', '/api/staff/login', { email: 'ny@example.dk', password })).json(),
    ).toEqual({
      next: 'enrol',
    });
    const stolen = (await intruder.request('GET', '/api/staff/totp/enrolment')).json<{ secret: string }>()
      .secret;

    const owner = new StaffClient(t.app, '10.13.0.2');
    await owner.request('POST', '/api/staff/login', { email: 'ny@example.dk', password });
    const first = (await owner.request('GET', '/api/staff/totp/enrolment')).json<{ secret: string }>().secret;
    const fresh = (await owner.request('GET', '/api/staff/totp/enrolment')).json<{ secret: string }>().secret;
    expect(new Set([stolen, first, fresh]).size).toBe(3);
    // Each fetch replaces the session's secret: the first QR code no longer confirms.
    expect((await owner.request('POST', '/api/staff/totp/enrol', { code: code(first) })).statusCode).toBe(
      401,
    );
    expect((await owner.request('POST', '/api/staff/totp/enrol', { code: code(fresh) })).statusCode).toBe(
      200,
    );

    // Enrolment is over for the account, and the intruder's secret opens nothing.
    expect((await intruder.request('POST', '/api/staff/totp/enrol', { code: code(stolen) })).statusCode).toBe(
      409,
    );
    expect((await intruder.request('GET', '/api/staff/totp/enrolment')).statusCode).toBe(409);
    const later = new StaffClient(t.app, '10.13.0.1');
    expect(
      (await later.request('POST', '/api/staff/login', { email: 'ny@example.dk', password })).json(),
    ).toEqual({
      next: 'verify',
    });
    expect((await later.request('POST', '/api/staff/totp/verify', { code: code(stolen) })).statusCode).toBe(
      401,
    );
    expect((await later.request('GET', '/api/staff/leads')).statusCode).toBe(401);
    const [row] = await db().select().from(users).where(eq(users.email, 'ny@example.dk'));
    expect(row!.totpSecret).toBe(fresh);
  });

  it('lets only one of two sessions racing to enrol an account confirm it', async () => {
    await addStaff(db(), { email: 'tvilling@example.dk', password });
    const clients = [new StaffClient(t.app, '10.14.0.1'), new StaffClient(t.app, '10.14.0.2')];
    const secrets: string[] = [];
    for (const client of clients) {
      await client.request('POST', '/api/staff/login', { email: 'tvilling@example.dk', password });
      secrets.push(
        (await client.request('GET', '/api/staff/totp/enrolment')).json<{ secret: string }>().secret,
      );
    }
    const answers = await Promise.all(
      clients.map((client, i) =>
        client.request('POST', '/api/staff/totp/enrol', { code: code(secrets[i]!) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    const [row] = await db().select().from(users).where(eq(users.email, 'tvilling@example.dk'));
    expect(row!.totpSecret).toBe(secrets[winner]);
  });

  it('makes one account and IP wait longer after each failure, while the right password from elsewhere works', async () => {
    await addStaff(db(), { email: 'bo@example.dk', password });
    for (let i = 0; i < loginLimits.freeFailuresPerPair; i++) {
      expect((await login('10.20.0.1', 'bo@example.dk', 'forkert-forkert')).statusCode).toBe(401);
    }
    const waiting = await login('10.20.0.1', 'bo@example.dk');
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(waiting.json().message).toMatch(/For mange forsøg/);
    // The owner, elsewhere, is not locked out.
    expect((await login('10.20.0.2', 'bo@example.dk')).statusCode).toBe(200);
    // After the minute one more try; a wrong one doubles the wait.
    await age('bo@example.dk', 61);
    expect((await login('10.20.0.1', 'bo@example.dk', 'forkert-forkert')).statusCode).toBe(401);
    const longer = await login('10.20.0.1', 'bo@example.dk');
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(110);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(120);
    // Wrong codes count like wrong passwords, for the pair.
    const { secret } = await new StaffClient(t.app, '10.20.0.3').logIn('bo@example.dk');
    const guesser = new StaffClient(t.app, '10.20.0.4');
    await guesser.request('POST', '/api/staff/login', { email: 'bo@example.dk', password });
    for (let i = 0; i < loginLimits.freeFailuresPerPair; i++) {
      expect((await guesser.request('POST', '/api/staff/totp/verify', { code: '000000' })).statusCode).toBe(
        401,
      );
    }
    await allowCodeAgain(t.app, 'bo@example.dk');
    expect((await guesser.request('POST', '/api/staff/totp/verify', { code: code(secret) })).statusCode).toBe(
      429,
    );
  });

  it('e-mails the owner once when failures pile up, not once per failure', async () => {
    await addStaff(db(), { email: 'cecilie@example.dk', password });
    const alerts = () => db().select().from(mailJobs).where(eq(mailJobs.kind, loginAlertMail.name));
    for (let i = 0; i < loginLimits.alertFailures - 1; i++) {
      expect((await login(`10.30.${i}.1`, 'cecilie@example.dk', 'forkert-forkert')).statusCode).toBe(401);
    }
    expect(await alerts()).toEqual([]);
    for (let i = 0; i < 5; i++) {
      expect((await login(`10.31.${i}.1`, 'cecilie@example.dk', 'forkert-forkert')).statusCode).toBe(401);
    }
    const queued = await alerts();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.payload).toMatchObject({
      email: 'cecilie@example.dk',
      failures: loginLimits.alertFailures,
    });
    expect(queued[0]!.leadId).toBeNull();
    const job = queued[0]!;
    const mail = await composeQueuedMail(t.app, job);
    expect(mail.to).toBe('cecilie@example.dk');
    expect(mail.subject).toBe('Mange mislykkede login på din konto');
    expect(mail.text).toContain(`${loginLimits.alertFailures} gange uden held`);
    // An unknown address has no owner to tell.
    for (let i = 0; i < loginLimits.alertFailures + 1; i++) {
      await login(`10.32.${i}.1`, 'ingen@example.dk', 'forkert-forkert');
    }
    expect(await alerts()).toHaveLength(1);
  });

  it('clears an account’s waits with unlock, in the audit log', async () => {
    await addStaff(db(), { email: 'dorte@example.dk', password });
    for (let i = 0; i < loginLimits.freeFailuresPerPair + 1; i++) {
      await login('10.40.0.1', 'dorte@example.dk', 'forkert-forkert');
    }
    expect((await login('10.40.0.1', 'dorte@example.dk')).statusCode).toBe(429);
    const cleared = await clearLoginDelays(db(), { email: 'Dorte@example.dk', actor: 'cli:test' });
    expect(cleared).toBe(loginLimits.freeFailuresPerPair);
    expect((await login('10.40.0.1', 'dorte@example.dk')).statusCode).toBe(200);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login-delays-cleared'), eq(auditLog.actor, 'cli:test')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toEqual({
      person: 'dorte@example.dk',
      count: loginLimits.freeFailuresPerPair,
    });
  });

  it('answers a malformed login e-mail with 400 in Danish before anything is looked up or logged', async () => {
    const audits = await auditRows();
    const attempts = await attemptRows();
    const malformed = [
      'ikke en adresse',
      'anna@example.dk\n2026-01-01 login admin@example.dk',
      '<script>alert(1)</script>@example.dk',
      `${'a'.repeat(250)}@example.dk`,
      '',
    ];
    for (const email of malformed) {
      const answer = await login('10.50.0.1', email);
      expect(answer.statusCode, email).toBe(400);
      expect(answer.json().message).toMatch(/ugyldige/);
      expect(answer.json().errors.email).toEqual(['Skriv en gyldig e-mailadresse.']);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    expect(await auditRows()).toBe(audits);
    expect(await attemptRows()).toBe(attempts);
    // A well-formed address with spaces around it is still read as that address.
    expect((await login('10.50.0.2', '  nobody@example.dk ')).statusCode).toBe(401);
  });
});
