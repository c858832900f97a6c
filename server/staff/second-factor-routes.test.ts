/**
 * The second factor against a guesser who knows the password and has many addresses (a cap per
 * account, with an e-mail to the owner and the company inbox), and against a session token
 * learned or planted before the second factor (a new token once it is done).
 */
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginAttempts, mailJobs, users } from '../db/schema.ts';
import { addStaff } from './accounts.ts';
import { clearLoginDelays } from './login.ts';
import { secondFactorAlertMail } from './login-mail.ts';
import { secondFactorCap } from './second-factor-cap.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  allowCodeAgain,
  code,
  composeQueuedMail,
  password,
  publicUrl,
  StaffClient,
} from '../test/staff-client.ts';

/** A 6-digit code that is none of the codes the server accepts now (the current step and its neighbours). */
function wrongCode(secret: string): string {
  const now = Date.now();
  const accepted = new Set([code(secret, now - 30_000), code(secret, now), code(secret, now + 30_000)]);
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!accepted.has(candidate)) return candidate;
  }
}

describeEachDatabase('the second factor', (target) => {
  let t: TestApp;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { PUBLIC_URL: publicUrl, MAIL_TO: 'kontor@example.dk', RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false },
    });
  });
  afterAll(() => t.close());

  /** A new browser at `ip` that has given the right password: the second factor comes next. */
  async function pastPassword(ip: string, email: string): Promise<StaffClient> {
    const client = new StaffClient(t.app, ip);
    const login = await client.request('POST', '/api/staff/login', { email, password });
    expect(login.statusCode).toBe(200);
    return client;
  }
  /** Moves an account's recorded attempts back in time, as if that much time had passed. */
  const age = (email: string, seconds: number) =>
    db().execute(
      sql`update login_attempts set created_at = created_at - make_interval(secs => ${seconds}) where email = ${email}`,
    );
  const secondFactorFailures = async (email: string) =>
    (
      await db()
        .select({ n: count() })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.email, email),
            eq(loginAttempts.succeeded, false),
            ne(loginAttempts.step, 'password'),
          ),
        )
    )[0]!.n;
  const alertsOf = async (email: string) =>
    (await db().select().from(mailJobs).where(eq(mailJobs.kind, secondFactorAlertMail.name))).filter(
      (job) => (job.payload as { email?: string }).email === email,
    );

  it('refuses the 11th wrong code from the 11th address with 429 and Retry-After, and the right code until the window allows again', async () => {
    const email = 'gaet@example.dk';
    await addStaff(db(), { email, password });
    const { secret, recoveryCodes } = await new StaffClient(t.app, '10.60.0.1').logIn(email);

    for (let i = 0; i < secondFactorCap.failures; i++) {
      const guesser = await pastPassword(`10.61.${i}.1`, email);
      const answer = await guesser.request('POST', '/api/staff/totp/verify', { code: wrongCode(secret) });
      expect(answer.statusCode, `guess ${i + 1}`).toBe(401);
    }
    const eleventh = await pastPassword('10.61.10.1', email);
    const capped = await eleventh.request('POST', '/api/staff/totp/verify', { code: wrongCode(secret) });
    expect(capped.statusCode).toBe(429);
    const retryAfter = Number(capped.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(secondFactorCap.windowMs / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(secondFactorCap.windowMs / 1000);
    expect(capped.json().message).toBe(
      'For mange forkerte koder til kontoen. Vent 15 minutter, og prøv igen.',
    );

    // The right code from a fresh address waits too, and so does a right recovery code.
    await allowCodeAgain(t.app, email);
    const owner = await pastPassword('10.62.0.1', email);
    expect((await owner.request('POST', '/api/staff/totp/verify', { code: code(secret) })).statusCode).toBe(
      429,
    );
    expect(
      (await owner.request('POST', '/api/staff/totp/verify', { recoveryCode: recoveryCodes[0] })).statusCode,
    ).toBe(429);
    expect((await owner.request('GET', '/api/staff/leads')).statusCode).toBe(401);
    // Refused tries are not counted, so they do not lengthen the wait.
    expect(await secondFactorFailures(email)).toBe(secondFactorCap.failures);

    // Once the window has passed, the right code from a new address logs in.
    await age(email, secondFactorCap.windowMs / 1000 + 1);
    await allowCodeAgain(t.app, email);
    const later = await pastPassword('10.62.0.2', email);
    expect((await later.request('POST', '/api/staff/totp/verify', { code: code(secret) })).statusCode).toBe(
      200,
    );
    expect((await later.request('GET', '/api/staff/leads')).statusCode).toBe(200);
  });

  it('e-mails the owner and the company inbox once when the cap is reached, not once per try', async () => {
    const email = 'varsel@example.dk';
    await addStaff(db(), { email, password });
    const { secret } = await new StaffClient(t.app, '10.63.0.1').logIn(email);
    for (let i = 0; i < secondFactorCap.failures - 1; i++) {
      const guesser = await pastPassword(`10.64.${i}.1`, email);
      await guesser.request('POST', '/api/staff/totp/verify', { code: wrongCode(secret) });
    }
    expect(await alertsOf(email)).toEqual([]);
    for (let i = 0; i < 5; i++) {
      const guesser = await pastPassword(`10.65.${i}.1`, email);
      await guesser.request('POST', '/api/staff/totp/verify', { code: wrongCode(secret) });
    }
    const queued = await alertsOf(email);
    expect(queued.map((job) => (job.payload as { recipient: string }).recipient).sort()).toEqual([
      'company',
      'owner',
    ]);
    const mails = await Promise.all(queued.map((job) => composeQueuedMail(t.app, job)));
    const toOwner = mails.find((mail) => mail.to === email)!;
    const toCompany = mails.find((mail) => mail.to === 'kontor@example.dk')!;
    expect(toOwner.subject).toBe('Login på din konto er sat på pause');
    expect(toOwner.text).toContain('10 forkerte koder til din konto');
    expect(toOwner.text).toContain('kendte adgangskoden');
    expect(toCompany.subject).toBe(`Login sat på pause for ${email}`);
    expect(toCompany.text).toContain(`npm run staff -- reset-password ${email}`);

    // A new round of failures after the wait, still within the alert's window, sends no more.
    await age(email, secondFactorCap.windowMs / 1000 + 1);
    for (let i = 0; i < secondFactorCap.failures + 1; i++) {
      const guesser = await pastPassword(`10.66.${i}.1`, email);
      await guesser.request('POST', '/api/staff/totp/verify', { code: wrongCode(secret) });
    }
    expect(await alertsOf(email)).toHaveLength(2);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row!.secondFactorAlertAt).not.toBeNull();
  });

  it('caps wrong recovery codes the same way', async () => {
    const email = 'gendan@example.dk';
    await addStaff(db(), { email, password });
    const { recoveryCodes } = await new StaffClient(t.app, '10.67.0.1').logIn(email);
    for (let i = 0; i < secondFactorCap.failures; i++) {
      const guesser = await pastPassword(`10.68.${i}.1`, email);
      const answer = await guesser.request('POST', '/api/staff/totp/verify', {
        recoveryCode: `AAAA-BBBB-CCCC-${String(i).padStart(4, '2')}`,
      });
      expect(answer.statusCode, `guess ${i + 1}`).toBe(401);
    }
    const owner = await pastPassword('10.69.0.1', email);
    const capped = await owner.request('POST', '/api/staff/totp/verify', { recoveryCode: recoveryCodes[0] });
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    await age(email, secondFactorCap.windowMs / 1000 + 1);
    const later = await pastPassword('10.69.0.2', email);
    expect(
      (await later.request('POST', '/api/staff/totp/verify', { recoveryCode: recoveryCodes[0] })).statusCode,
    ).toBe(200);
  });

  it('lets at most 10 of many tries racing from different addresses have their code checked', async () => {
    const email = 'storm@example.dk';
    await addStaff(db(), { email, password });
    const { secret } = await new StaffClient(t.app, '10.70.0.1').logIn(email);
    const guessers: StaffClient[] = [];
    for (let i = 0; i < 30; i++) guessers.push(await pastPassword(`10.71.${i}.1`, email));
    const answers = await Promise.all(
      guessers.map((guesser) =>
        guesser.request('POST', '/api/staff/totp/verify', { code: wrongCode(secret) }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(secondFactorCap.failures);
    expect(await secondFactorFailures(email)).toBeLessThanOrEqual(secondFactorCap.failures);
  });

  it('counts wrong codes at enrolment too, and unlock clears the cap', async () => {
    const email = 'tilmeld@example.dk';
    await addStaff(db(), { email, password });
    for (let i = 0; i < secondFactorCap.failures; i++) {
      const guesser = await pastPassword(`10.72.${i}.1`, email);
      const secret = (await guesser.request('GET', '/api/staff/totp/enrolment')).json<{ secret: string }>()
        .secret;
      const answer = await guesser.request('POST', '/api/staff/totp/enrol', { code: wrongCode(secret) });
      expect(answer.statusCode, `guess ${i + 1}`).toBe(401);
    }
    const owner = await pastPassword('10.73.0.1', email);
    const own = (await owner.request('GET', '/api/staff/totp/enrolment')).json<{ secret: string }>().secret;
    expect((await owner.request('POST', '/api/staff/totp/enrol', { code: code(own) })).statusCode).toBe(429);
    // `npm run staff -- unlock` clears the cap with the other waits.
    await clearLoginDelays(db(), { email, actor: 'cli:test' });
    expect((await owner.request('POST', '/api/staff/totp/enrol', { code: code(own) })).statusCode).toBe(200);
  });

  it('gives the session a new token when the second factor is done; the token from the password step opens nothing', async () => {
    const email = 'fiksering@example.dk';
    await addStaff(db(), { email, password });
    /** Logs in with the password, then `second`; returns the token before and the browser after. */
    async function secondFactor(ip: string, second: (client: StaffClient) => Promise<number>) {
      const client = await pastPassword(ip, email);
      const before = client.cookie;
      expect(before).toMatch(/^indbakke=.{40,}/);
      expect(await second(client)).toBe(200);
      expect(client.cookie).toMatch(/^indbakke=.{40,}/);
      expect(client.cookie).not.toBe(before);
      expect((await client.request('GET', '/api/staff/me')).json().secondFactor).toBe('done');
      expect((await client.request('GET', '/api/staff/leads')).statusCode).toBe(200);
      // Whoever kept or planted the first token has no session at all.
      const planted = new StaffClient(t.app, ip);
      planted.cookie = before;
      expect((await planted.request('GET', '/api/staff/me')).statusCode).toBe(401);
      expect((await planted.request('GET', '/api/staff/leads')).statusCode).toBe(401);
      expect((await planted.request('POST', '/api/staff/totp/verify', { code: '123456' })).statusCode).toBe(
        401,
      );
    }

    let secret = '';
    let recoveryCodes: string[] = [];
    await secondFactor('10.74.0.1', async (client) => {
      secret = (await client.request('GET', '/api/staff/totp/enrolment')).json<{ secret: string }>().secret;
      const enrolled = await client.request('POST', '/api/staff/totp/enrol', { code: code(secret) });
      recoveryCodes = enrolled.json<{ recoveryCodes: string[] }>().recoveryCodes;
      return enrolled.statusCode;
    });
    expect(recoveryCodes).toHaveLength(10);
    await secondFactor('10.74.0.2', async (client) => {
      await allowCodeAgain(t.app, email);
      return (await client.request('POST', '/api/staff/totp/verify', { code: code(secret) })).statusCode;
    });
    await secondFactor('10.74.0.3', async (client) => {
      const answer = await client.request('POST', '/api/staff/totp/verify', {
        recoveryCode: recoveryCodes[3],
      });
      return answer.statusCode;
    });
  });
});
