/**
 * The app for the paging tests, on a database location the test owns (so it can start a second
 * app on the same database, or restart one): lead forms without spam checks or rate limits, every
 * worker driven by hand, and the on-call worker on a test clock. Close it with `app.close()` and
 * then clean up the location.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { setChain } from '../oncall/rota/rota-store.ts';
import type { OncallWorkerOptions } from '../oncall/paging/worker.ts';
import type { SmsTransport } from '../sms/transport.ts';
import type { TestDatabaseLocation, TestDatabaseTarget } from './databases.ts';
import { emergencyBody } from './lead-bodies.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from './test-app.ts';

export interface PagingApp {
  app: FastifyInstance;
  db: Db;
  config: Readonly<Config>;
  clock: { now: Date };
}

export interface PagingAppOptions {
  /** The test clock the on-call worker reads; a new one at the current time by default. */
  clock?: { now: Date };
  mail?: BuildAppOptions['mail'];
  /** On-call options besides the hand-driven worker and the clock, e.g. `{ worker: { allHands: false } }`. */
  oncall?: Omit<NonNullable<BuildAppOptions['oncall']>, 'startWorker' | 'clock'>;
  /** People to put on call at once, from a second ago (see addOnCallStaff). */
  chain?: readonly OnCallPerson[];
}

/** `env` adds to the environment, e.g. the SMS provider (smsProviderEnv) or the escalation time. */
export async function startPagingApp(
  location: TestDatabaseLocation,
  env: Record<string, string>,
  options: PagingAppOptions = {},
): Promise<PagingApp> {
  const clock = options.clock ?? { now: new Date() };
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SIGNING_SECRET: TEST_SIGNING_SECRET,
    PUBLIC_URL: 'https://skade.example.dk',
    MAIL_TO: 'vagt@skade.example.dk',
    SPAM_CHECKS: 'off',
    RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
    ADDRESS_API_KIND: 'off',
    CLIENT_DIR: join(location.dataDir, 'no-client-build'),
    ...env,
    DATA_DIR: location.dataDir,
    ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
  });
  const app = await buildApp(config, {
    mail: options.mail ?? { startWorker: false },
    oncall: { ...options.oncall, startWorker: false, clock: () => clock.now },
  });
  await app.ready();
  const started = { app, db: app.deps.db, config, clock };
  // From a second ago by the real clock: a test's clock may stand anywhere after the last test.
  if (options.chain) await addOnCallStaff(app.deps.db, options.chain, new Date(Date.now() - 1000));
  return started;
}

export interface OnCallPerson {
  email: string;
  name: string;
  phone: string;
}

/** Anna first, then Bo: the short chain of the tests that need only someone to page. */
export const annaThenBo: readonly OnCallPerson[] = [
  { email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4521111111' },
  { email: 'bo@skade.example.dk', name: 'Bo Jensen', phone: '+4522222222' },
];

/**
 * Adds the people as staff and makes them the on-call chain in this order, from a second before
 * the test clock; answers their ids by e-mail.
 */
export function seedChain(h: PagingApp, people: readonly OnCallPerson[]): Promise<Map<string, string>> {
  return addOnCallStaff(h.db, people, new Date(h.clock.now.getTime() - 1000));
}

/**
 * Adds the people as staff and makes `chain` (all of them by default) the on-call chain, in its
 * order, from `since`; answers the people's ids by e-mail.
 */
export async function addOnCallStaff(
  db: Db,
  people: readonly OnCallPerson[],
  since: Date,
  chain: readonly OnCallPerson[] = people,
): Promise<Map<string, string>> {
  const rows = await db
    .insert(users)
    .values(people.map((person) => ({ ...person, passwordHash: 'not-used' })))
    .returning({ id: users.id, email: users.email });
  await setChain(db, { emails: chain.map((person) => person.email), now: since, actor: 'test' });
  return new Map(rows.map((row) => [row.email, row.id]));
}

export interface PagingTestAppOptions {
  /** ONCALL_ESCALATE_AFTER_SECONDS. */
  escalateAfterSeconds: number;
  /** PUBLIC_URL: https://skade.example.dk by default; a StaffClient needs its own (staff-client.ts). */
  publicUrl?: string;
  /** The SMS transport in place of the file one (DATA_DIR/sms). */
  sms?: SmsTransport;
  /** The test clock the on-call worker reads; the real time by default. */
  clock?: { now: Date };
  worker?: Partial<OncallWorkerOptions>;
}

/**
 * createTestApp for the paging tests that need no database of their own: lead forms without spam
 * checks or rate limits, the mail and on-call workers driven by hand.
 */
export function createPagingTestApp(
  target: TestDatabaseTarget,
  options: PagingTestAppOptions,
): Promise<TestApp> {
  const clock = options.clock;
  return createTestApp({
    database: target,
    env: {
      PUBLIC_URL: options.publicUrl ?? 'https://skade.example.dk',
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
      SPAM_CHECKS: 'off',
      ONCALL_ESCALATE_AFTER_SECONDS: String(options.escalateAfterSeconds),
    },
    mail: { startWorker: false },
    ...(options.sms ? { deps: { sms: options.sms } } : {}),
    oncall: { startWorker: false, ...(clock ? { clock: () => clock.now } : {}), worker: options.worker },
  });
}

/** Posts an emergency; the test clock then stands just after the database's now() that stamped its page. */
export async function postEmergency(
  h: PagingApp,
  payload: object = emergencyBody(),
): Promise<{ id: string; reference: string }> {
  const response = await h.app.inject({ method: 'POST', url: '/api/leads', payload });
  expect(response.statusCode, response.body).toBe(201);
  h.clock.now = new Date(Math.max(h.clock.now.getTime(), Date.now()) + 10);
  return response.json();
}
