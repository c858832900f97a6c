/**
 * Logging staff in: password, then the second factor (TOTP, enrolled at the first login, with 10
 * one-time recovery codes). Failures are counted in the database, so the limits hold across
 * server copies. There is no lock on an account that anyone could set off: after 5 failures for
 * one account from one IP, that pair waits 1, 2, 4 … at most 15 minutes between attempts, while
 * the right password from elsewhere still works; 20 failures from one IP within 15 minutes stop
 * that IP whatever the account. When failures for an account pile up (20 in an hour), its owner
 * gets one e-mail, and `npm run staff -- unlock` clears the account's delays. Wrong codes are also
 * capped per account across every address (./second-factor-cap.ts). A session gets a new token
 * when its second factor is done, so the token issued after the password never becomes a full one.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { hashSecret, verifyPasswordInConstantTime, verifySecret } from '../auth/passwords.ts';
import { completeSecondFactor, createSession, endSession, type StaffSession } from '../auth/sessions.ts';
import { acceptedTotpStep, newTotpSecret, totpEnrolment } from '../auth/totp.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { loginAttempts, recoveryCodes, staffSessions, users } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { loginAlertMail } from './login-mail.ts';
import { recordAudit } from './audit.ts';
import {
  alertWhenCapped,
  reserveSecondFactorTry,
  settleSecondFactorSuccess,
  withdrawSecondFactorTry,
} from './second-factor-cap.ts';
import { staffMessages } from './session.ts';
import { clientKey } from '../plugins/client-key.ts';
import { LoginRefused } from './errors.ts';

export const loginLimits = {
  /** Failures for one account from one IP before that pair has to wait. */
  freeFailuresPerPair: 5,
  /** The first wait; each further failure doubles it, up to maxDelayMs. */
  firstDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
  /** How far back a pair's failures count (a full login from the pair starts it afresh). */
  pairMemoryMs: 24 * 60 * 60_000,
  /** Failures from one IP, whatever the account, within ipWindowMs. */
  perIp: 20,
  ipWindowMs: 15 * 60_000,
  /** The owner is e-mailed once this many failures for the account fall within alertWindowMs. */
  alertFailures: 20,
  alertWindowMs: 60 * 60_000,
  recoveryCodes: 10,
} as const;

export const loginMessages = {
  wrongPassword: 'Forkert e-mail eller adgangskode.',
  wrongCode: 'Koden er forkert. Prøv igen.',
  locked: 'For mange forsøg. Vent lidt, og prøv igen.',
  alreadyEnrolled: 'Totrinsbekræftelsen er allerede sat op.',
  notEnrolled: 'Totrinsbekræftelsen er ikke sat op endnu.',
  noEnrolment: 'Hent en ny QR-kode, og prøv igen.',
} as const;

/** The mail job that tells an account's owner that failed logins pile up. */
export interface LoginDeps {
  db: Db;
  now?: () => Date;
}

export interface Origin {
  ip: string;
  userAgent?: string | undefined;
}

const clock = (deps: LoginDeps) => deps.now?.() ?? new Date();

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/** The wait after `failures` failures of one pair: none for the first few, then 1, 2, 4 … 15 min. */
export function pairDelayMs(failures: number): number {
  if (failures < loginLimits.freeFailuresPerPair) return 0;
  const doublings = failures - loginLimits.freeFailuresPerPair;
  return Math.min(loginLimits.maxDelayMs, loginLimits.firstDelayMs * 2 ** Math.min(doublings, 20));
}

/**
 * Seconds until a login may be tried again from this client for this account, or null when it may
 * now: the pair's growing delay, and the client's limit across accounts. A client is an IPv4
 * address or an IPv6 /64 (../plugins/client-key.ts), which is what login_attempts.ip holds.
 */
async function waitFor(deps: LoginDeps, email: string, ip: string): Promise<number | null> {
  const now = clock(deps);
  const client = clientKey(ip);
  const [pair, ipFailures] = await Promise.all([
    deps.db
      .select({ at: loginAttempts.createdAt, succeeded: loginAttempts.succeeded })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, email),
          eq(loginAttempts.ip, client),
          gte(loginAttempts.createdAt, new Date(now.getTime() - loginLimits.pairMemoryMs)),
        ),
      )
      .orderBy(desc(loginAttempts.createdAt))
      .limit(100),
    deps.db
      .select({ at: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.ip, client),
          eq(loginAttempts.succeeded, false),
          gte(loginAttempts.createdAt, new Date(now.getTime() - loginLimits.ipWindowMs)),
        ),
      )
      .orderBy(desc(loginAttempts.createdAt))
      .limit(loginLimits.perIp),
  ]);
  const waits: number[] = [];
  const lastSuccess = pair.findIndex((attempt) => attempt.succeeded);
  const failures = lastSuccess === -1 ? pair : pair.slice(0, lastSuccess);
  const delay = pairDelayMs(failures.length);
  if (delay > 0 && failures[0]!.at.getTime() + delay > now.getTime()) {
    waits.push(secondsUntil(failures[0]!.at.getTime() + delay, now));
  }
  const oldest = ipFailures[loginLimits.perIp - 1];
  if (oldest && oldest.at.getTime() + loginLimits.ipWindowMs > now.getTime()) {
    waits.push(secondsUntil(oldest.at.getTime() + loginLimits.ipWindowMs, now));
  }
  return waits.length > 0 ? Math.max(...waits) : null;
}

async function refuseWhileWaiting(deps: LoginDeps, email: string, ip: string): Promise<void> {
  const wait = await waitFor(deps, email, ip);
  if (wait !== null) throw new LoginRefused('login-locked', loginMessages.locked, wait);
}

/**
 * Notes a wrong password (a wrong code is written before it is checked: ./second-factor-cap.ts);
 * when it is one of `alertFailures` for an existing account within the hour, the owner is
 * e-mailed through the outbox — once: the conditional UPDATE lets one request of the hour, and
 * only one, queue the mail.
 */
async function recordFailure(deps: LoginDeps, email: string, ip: string, userId: string | undefined) {
  await deps.db
    .insert(loginAttempts)
    .values({ email, ip: clientKey(ip), succeeded: false, createdAt: clock(deps) });
  if (userId) await alertOnPileUp(deps, email, userId);
}

async function alertOnPileUp(deps: LoginDeps, email: string, userId: string) {
  const now = clock(deps);
  const since = new Date(now.getTime() - loginLimits.alertWindowMs);
  const [counted] = await deps.db
    .select({ failures: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.succeeded, false),
        gte(loginAttempts.createdAt, since),
      ),
    );
  const failures = Number(counted?.failures ?? 0);
  if (failures < loginLimits.alertFailures) return;
  await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(users)
      .set({ loginAlertAt: now })
      .where(and(eq(users.id, userId), or(isNull(users.loginAlertAt), lt(users.loginAlertAt, since))))
      .returning({ id: users.id });
    if (claimed.length === 0) return;
    await enqueueMail(tx, loginAlertMail, { userId, email, failures });
  });
}

/** After a wrong code or recovery code: the alerts of piled-up failures and of the reached cap. */
async function secondFactorFailed(deps: LoginDeps, session: StaffSession) {
  await alertOnPileUp(deps, session.email, session.userId);
  await alertWhenCapped(deps.db, { userId: session.userId, email: session.email }, clock(deps));
}

/** `npm run staff -- unlock`: forgets the account's failures, so no delay holds it back. Audited. */
export async function clearLoginDelays(
  db: Db,
  input: { email: string; actor: string; now?: Date },
): Promise<number> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const cleared = await tx
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)))
      .returning({ id: loginAttempts.id });
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    await recordAudit(
      tx,
      {
        userId: user?.id,
        actor: input.actor,
        action: 'login-delays-cleared',
        details: { person: email, count: cleared.length },
      },
      input.now ?? new Date(),
    );
    return cleared.length;
  });
}

/** Step one: e-mail and password. Returns the new session's token and what comes next. */
export async function logIn(
  deps: LoginDeps,
  input: { email: string; password: string },
  origin: Origin,
): Promise<{ token: string; next: 'enrol' | 'verify' }> {
  const email = input.email.trim().toLowerCase();
  await refuseWhileWaiting(deps, email, origin.ip);
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const passwordOk = await verifyPasswordInConstantTime(user?.passwordHash, input.password);
  if (!user || !passwordOk || user.disabledAt) {
    await recordFailure(deps, email, origin.ip, user?.id);
    await recordAudit(deps.db, { actor: email, action: 'login-failed', ip: origin.ip }, clock(deps));
    throw new LoginRefused('login-wrong-credentials', loginMessages.wrongPassword);
  }
  const token = await createSession(deps.db, user.id, origin, clock(deps));
  return { token, next: user.totpConfirmedAt ? 'verify' : 'enrol' };
}

/**
 * The QR code and secret for a first login: a fresh secret each time, kept with this session
 * only, until enrol() confirms it. Someone else who knows the password gets a secret of their
 * own, which is worthless once the owner has enrolled.
 */
export async function startEnrolment(deps: LoginDeps, session: StaffSession, siteName: string) {
  if (session.totpConfirmed) throw new LoginRefused('login-wrong-step', loginMessages.alreadyEnrolled);
  const secret = newTotpSecret();
  await deps.db
    .update(staffSessions)
    .set({ totpSecret: secret })
    .where(eq(staffSessions.tokenHash, session.tokenHash));
  return totpEnrolment(secret, session.email, siteName);
}

/** A recovery code as people read it: four groups of four letters and digits. */
function newRecoveryCode(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  let code = '';
  for (let i = 0; i < 16; i++) code += alphabet[randomInt(alphabet.length)];
  return code.match(/.{4}/g)!.join('-');
}

function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/**
 * Confirms enrolment with a first code for the secret this session was shown: the secret becomes
 * the account's, the session's second factor is done, and there are 10 fresh recovery codes.
 * Only one session can confirm: the UPDATE takes effect only while the account is not enrolled.
 */
export async function enrol(
  deps: LoginDeps,
  session: StaffSession,
  code: string,
  origin: Origin,
): Promise<{ token: string; recoveryCodes: string[] }> {
  if (session.totpConfirmed) throw new LoginRefused('login-wrong-step', loginMessages.alreadyEnrolled);
  await refuseWhileWaiting(deps, session.email, origin.ip);
  const [pending] = await deps.db
    .select({ secret: staffSessions.totpSecret })
    .from(staffSessions)
    .where(eq(staffSessions.tokenHash, session.tokenHash));
  const secret = pending?.secret;
  if (!secret) throw new LoginRefused('login-wrong-step', loginMessages.noEnrolment);
  const attempt = await reserveSecondFactorTry(
    deps.db,
    { email: session.email, ip: origin.ip, step: 'totp' },
    clock(deps),
  );
  const step = acceptedTotpStep(secret, code, clock(deps));
  if (step === null) {
    await secondFactorFailed(deps, session);
    throw new LoginRefused('login-wrong-credentials', loginMessages.wrongCode);
  }
  const codes = Array.from({ length: loginLimits.recoveryCodes }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashSecret(normaliseRecoveryCode(c))));
  const token = await deps.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(users)
      .set({ totpSecret: secret, totpConfirmedAt: clock(deps), totpLastStep: step })
      .where(and(eq(users.id, session.userId), isNull(users.totpConfirmedAt)))
      .returning({ id: users.id });
    if (confirmed.length === 0) return null;
    // Every secret handed out for this account, to this session or another, is spent.
    await tx.update(staffSessions).set({ totpSecret: null }).where(eq(staffSessions.userId, session.userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, session.userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId: session.userId, codeHash })));
    const renewed = await completeSecondFactor(tx, session.tokenHash, clock(deps));
    // The session ended meanwhile (logout, account disabled): nothing of the enrolment stays.
    if (!renewed) throw new LoginRefused('login-wrong-credentials', staffMessages.unauthorized);
    return renewed;
  });
  if (!token) {
    // Another session enrolled first: this code was right, only late, and counts as no failure.
    await withdrawSecondFactorTry(deps.db, attempt);
    throw new LoginRefused('login-wrong-step', loginMessages.alreadyEnrolled);
  }
  await settleSecondFactorSuccess(deps.db, attempt);
  await recordAudit(
    deps.db,
    { userId: session.userId, actor: session.email, action: 'totp-enrolled', ip: origin.ip },
    clock(deps),
  );
  await recordAudit(
    deps.db,
    { userId: session.userId, actor: session.email, action: 'login', ip: origin.ip },
    clock(deps),
  );
  return { token, recoveryCodes: codes };
}

/**
 * Takes a TOTP code once: stores its time step unless a code of that step or a later one was
 * already accepted. One conditional UPDATE, so of two logins racing with the same code only
 * one gets the row back.
 */
export async function spendTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const marked = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return marked.length === 1;
}

/**
 * The second factor of a later login: a current code, or a recovery code (each works once).
 * Returns the session's new token.
 */
export async function verifySecondFactor(
  deps: LoginDeps,
  session: StaffSession,
  input: { code?: string | undefined; recoveryCode?: string | undefined },
  origin: Origin,
): Promise<string> {
  if (!session.totpConfirmed) throw new LoginRefused('login-wrong-step', loginMessages.notEnrolled);
  await refuseWhileWaiting(deps, session.email, origin.ip);
  const attempt = await reserveSecondFactorTry(
    deps.db,
    { email: session.email, ip: origin.ip, step: input.code ? 'totp' : 'recovery' },
    clock(deps),
  );
  const [user] = await deps.db.select().from(users).where(eq(users.id, session.userId));
  let ok = false;
  let usedRecoveryCode = false;
  if (user?.totpSecret && input.code) {
    const step = acceptedTotpStep(user.totpSecret, input.code, clock(deps));
    ok = step !== null && (await spendTotpStep(deps.db, user.id, step));
  } else if (user && input.recoveryCode) {
    const given = normaliseRecoveryCode(input.recoveryCode);
    const unused = await deps.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
    for (const candidate of unused) {
      if (!(await verifySecret(candidate.codeHash, given))) continue;
      // Only the request that marks it used may log in with it.
      const marked = await deps.db
        .update(recoveryCodes)
        .set({ usedAt: clock(deps) })
        .where(and(eq(recoveryCodes.id, candidate.id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      ok = marked.length === 1;
      usedRecoveryCode = ok;
      break;
    }
  }
  if (!ok) {
    await secondFactorFailed(deps, session);
    await recordAudit(
      deps.db,
      {
        userId: session.userId,
        actor: session.email,
        action: 'login-failed',
        details: { step: 'totp' },
        ip: origin.ip,
      },
      clock(deps),
    );
    throw new LoginRefused('login-wrong-credentials', loginMessages.wrongCode);
  }
  const token = await completeSecondFactor(deps.db, session.tokenHash, clock(deps));
  // The session ended while its code was checked (logout, account disabled).
  if (!token) throw new LoginRefused('login-wrong-credentials', staffMessages.unauthorized);
  await settleSecondFactorSuccess(deps.db, attempt);
  if (usedRecoveryCode) {
    await recordAudit(
      deps.db,
      { userId: session.userId, actor: session.email, action: 'recovery-code-used', ip: origin.ip },
      clock(deps),
    );
  }
  await recordAudit(
    deps.db,
    { userId: session.userId, actor: session.email, action: 'login', ip: origin.ip },
    clock(deps),
  );
  return token;
}

/** Ends the session on the server and notes the logout, together. */
export async function logOut(deps: LoginDeps, session: StaffSession, origin: Origin): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await endSession(tx, session.tokenHash);
    await recordAudit(
      tx,
      { userId: session.userId, actor: session.email, action: 'logout', ip: origin.ip },
      clock(deps),
    );
  });
}
