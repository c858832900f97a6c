/**
 * A browser of one staff member for app.inject() tests: keeps the session cookie, sends our
 * origin on state-changing calls, and logs in with password and TOTP.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { StaffRole } from '../../domain/staff-api/roles.ts';
import { users } from '../db/schema.ts';
import { mailComposers } from '../mail-composers.ts';
import { composeMail } from '../mail/compose.ts';
import type { ClaimedMailJob } from '../mail/outbox.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import { addStaff } from '../staff/accounts.ts';

export const password = 'en-lang-adgangskode-42';
export const publicUrl = 'http://127.0.0.1:3999';

export function code(secret: string, at = Date.now()): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });
}

/**
 * Lets an account's current code be used once more, as if its 30 seconds had passed: tests log
 * the same person in several times within one code's lifetime, which the server refuses.
 */
export async function allowCodeAgain(app: FastifyInstance, email: string): Promise<void> {
  await app.deps.db.update(users).set({ totpLastStep: null }).where(eq(users.email, email.toLowerCase()));
}

/** A browser of one staff member: keeps the session cookie and sends our origin. */
export class StaffClient {
  cookie = '';
  /** The account's TOTP secret, once logged in. */
  secret = '';
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method === 'GET' ? {} : { origin: publicUrl }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const set = response.headers['set-cookie'];
    const first = Array.isArray(set) ? set[0] : set;
    if (first) this.cookie = first.split(';')[0]!.endsWith('=') ? '' : first.split(';')[0]!;
    return response;
  }

  /** Logs in with password and TOTP (enrolling on the first login); returns the secret. */
  async logIn(email: string, secret?: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const login = await this.request('POST', '/api/staff/login', { email, password });
    expect(login.statusCode).toBe(200);
    if (login.json().next === 'enrol') {
      const enrolment = await this.request('GET', '/api/staff/totp/enrolment');
      const {
        secret: fresh,
        qrSvg,
        otpauthUrl,
      } = enrolment.json<{ secret: string; qrSvg: string; otpauthUrl: string }>();
      expect(qrSvg).toMatch(/^<svg/);
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      const enrolled = await this.request('POST', '/api/staff/totp/enrol', { code: code(fresh) });
      expect(enrolled.statusCode).toBe(200);
      this.secret = fresh;
      return { secret: fresh, recoveryCodes: enrolled.json().recoveryCodes };
    }
    await allowCodeAgain(this.app, email);
    const verified = await this.request('POST', '/api/staff/totp/verify', { code: code(secret!) });
    expect(verified.statusCode).toBe(200);
    this.secret = secret!;
    return { secret: secret!, recoveryCodes: [] };
  }

  /**
   * A current code for a change that asks for one (server/staff/step-up.ts), usable even when
   * this account's code of the moment was already taken by a login or an earlier change.
   */
  async freshCode(email: string): Promise<string> {
    await allowCodeAgain(this.app, email);
    return code(this.secret);
  }
}

/**
 * The staff members most API tests log in as: Anna the koordinator and Tom the technician (a
 * medarbejder). A test that needs Anna with the other role spreads her and sets it.
 */
export const testStaff = {
  anna: { email: 'anna@example.dk', name: 'Anna Holm', role: 'koordinator' },
  tom: { email: 'tom@example.dk', name: 'Tom Tekniker', role: 'medarbejder' },
  /** A medarbejder who is given cases. */
  bo: { email: 'bo@example.dk', name: 'Bo Berg', role: 'medarbejder' },
} as const satisfies Record<string, { email: string; name: string; role: StaffRole }>;

/**
 * Adds a staff account with the shared test `password` and answers its browser, logged in (from
 * `ip`, for tests of two people whose per-client limits must not add up).
 */
export async function loggedInNewStaff(
  app: FastifyInstance,
  account: { email: string; name: string; role?: StaffRole },
  ip?: string,
): Promise<StaffClient> {
  await addStaff(app.deps.db, { ...account, password });
  const client = new StaffClient(app, ip);
  await client.logIn(account.email);
  return client;
}

/** The id of the staff account with this e-mail. */
export async function staffIdOf(app: FastifyInstance, email: string): Promise<string> {
  const [row] = await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/**
 * Anna the koordinator and Bo the medarbejder, who is given cases, logged in (Bo from another
 * address), with Bo's id.
 */
export async function loggedInAnnaAndBo(
  app: FastifyInstance,
): Promise<{ koordinator: StaffClient; medarbejder: StaffClient; medarbejderId: string }> {
  const koordinator = await loggedInNewStaff(app, testStaff.anna);
  const medarbejder = await loggedInNewStaff(app, testStaff.bo, '127.0.0.2');
  return { koordinator, medarbejder, medarbejderId: await staffIdOf(app, testStaff.bo.email) };
}

/**
 * A queued e-mail job as the mail worker would compose it (sent from web@example.dk, the company's
 * inbox kontor@example.dk), for tests that read an e-mail to staff without sending it.
 */
export function composeQueuedMail(
  app: FastifyInstance,
  job: Pick<ClaimedMailJob, 'id' | 'kind' | 'payload'>,
): Promise<OutgoingMail> {
  return composeMail(
    mailComposers,
    {
      db: app.deps.db,
      storage: app.deps.storage,
      mail: { from: 'web@example.dk', to: 'kontor@example.dk' },
      publicUrl,
    },
    { id: job.id, kind: job.kind, payload: job.payload, attempts: 0 },
    { leads: new Map(), images: new Map() },
  );
}
