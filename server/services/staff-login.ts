/**
 * Logging staff in: password, then the second factor (TOTP, enrolled at the first login, with 10
 * one-time recovery codes). Failures are counted in the database, so the lockout holds across
 * server copies: 5 failures for an account or 20 from an IP within 15 minutes lock further
 * attempts until the window has passed.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gte, isNull, type SQL } from 'drizzle-orm';
import { hashSecret, verifyPasswordInConstantTime, verifySecret } from '../auth/passwords.ts';
import { completeSecondFactor, createSession, endSession, type StaffSession } from '../auth/sessions.ts';
import { isValidTotpCode, newTotpSecret, totpEnrolment } from '../auth/totp.ts';
import type { Db } from '../db/client.ts';
import { loginAttempts, recoveryCodes, users } from '../db/schema.ts';
import { recordAudit } from './audit.ts';
import { LoginRefused } from './service-errors.ts';

export const loginLimits = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perIp: 20,
  recoveryCodes: 10,
} as const;

export const loginMessages = {
  wrongPassword: 'Forkert e-mail eller adgangskode.',
  wrongCode: 'Koden er forkert. Prøv igen.',
  locked: 'For mange forsøg. Vent et kvarter, og prøv igen.',
  alreadyEnrolled: 'Totrinsbekræftelsen er allerede sat op.',
  notEnrolled: 'Totrinsbekræftelsen er ikke sat op endnu.',
} as const;

export interface LoginDeps {
  db: Db;
  now?: () => Date;
}

export interface Origin {
  ip: string;
  userAgent?: string | undefined;
}

const clock = (deps: LoginDeps) => deps.now?.() ?? new Date();

/**
 * Seconds until a login may be tried again, or null when it may now: locked while the account
 * (or the IP) has `limit` failures in the window, until the oldest of them ages out.
 */
async function lockedFor(deps: LoginDeps, email: string, ip: string): Promise<number | null> {
  const now = clock(deps);
  const since = new Date(now.getTime() - loginLimits.windowMs);
  const waitFor = async (key: SQL, limit: number): Promise<number | null> => {
    const recent = await deps.db
      .select({ at: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(and(key, eq(loginAttempts.succeeded, false), gte(loginAttempts.createdAt, since)))
      .orderBy(desc(loginAttempts.createdAt))
      .limit(limit);
    const oldest = recent[limit - 1];
    if (!oldest) return null;
    return Math.max(1, Math.ceil((oldest.at.getTime() + loginLimits.windowMs - now.getTime()) / 1000));
  };
  const waits = await Promise.all([
    waitFor(eq(loginAttempts.email, email), loginLimits.perAccount),
    waitFor(eq(loginAttempts.ip, ip), loginLimits.perIp),
  ]);
  const locked = waits.filter((wait): wait is number => wait !== null);
  return locked.length > 0 ? Math.max(...locked) : null;
}

async function recordAttempt(deps: LoginDeps, email: string, ip: string, succeeded: boolean) {
  await deps.db.insert(loginAttempts).values({ email, ip, succeeded, createdAt: clock(deps) });
}

/** Step one: e-mail and password. Returns the new session's token and what comes next. */
export async function logIn(
  deps: LoginDeps,
  input: { email: string; password: string },
  origin: Origin,
): Promise<{ token: string; next: 'enrol' | 'verify' }> {
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const wait = await lockedFor(deps, email, origin.ip);
  if (wait !== null) throw new LoginRefused(429, loginMessages.locked, wait);
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const passwordOk = await verifyPasswordInConstantTime(user?.passwordHash, input.password);
  if (!user || !passwordOk || user.disabledAt) {
    await recordAttempt(deps, email, origin.ip, false);
    await recordAudit(deps.db, { actor: email, action: 'login-failed', ip: origin.ip }, clock(deps));
    throw new LoginRefused(401, loginMessages.wrongPassword);
  }
  const token = await createSession(deps.db, user.id, origin, clock(deps));
  return { token, next: user.totpConfirmedAt ? 'verify' : 'enrol' };
}

/** The QR code and secret for a first login; the secret is kept, unconfirmed, until enrol(). */
export async function startEnrolment(deps: LoginDeps, session: StaffSession, siteName: string) {
  if (session.totpConfirmed) throw new LoginRefused(409, loginMessages.alreadyEnrolled);
  const [user] = await deps.db.select().from(users).where(eq(users.id, session.userId));
  let secret = user?.totpSecret;
  if (!secret) {
    secret = newTotpSecret();
    await deps.db
      .update(users)
      .set({ totpSecret: secret })
      .where(and(eq(users.id, session.userId), isNull(users.totpConfirmedAt)));
  }
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

/** Confirms enrolment with a first code: the session's second factor is done; 10 recovery codes. */
export async function enrol(
  deps: LoginDeps,
  session: StaffSession,
  code: string,
  origin: Origin,
): Promise<{ recoveryCodes: string[] }> {
  if (session.totpConfirmed) throw new LoginRefused(409, loginMessages.alreadyEnrolled);
  const [user] = await deps.db.select().from(users).where(eq(users.id, session.userId));
  if (!user?.totpSecret || !isValidTotpCode(user.totpSecret, code, clock(deps))) {
    await recordAttempt(deps, session.email, origin.ip, false);
    throw new LoginRefused(401, loginMessages.wrongCode);
  }
  const codes = Array.from({ length: loginLimits.recoveryCodes }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashSecret(normaliseRecoveryCode(c))));
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpConfirmedAt: clock(deps) })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId: user.id, codeHash })));
    await completeSecondFactor(tx, session.tokenHash, clock(deps));
  });
  await recordAttempt(deps, session.email, origin.ip, true);
  await recordAudit(
    deps.db,
    { userId: user.id, actor: session.email, action: 'totp-enrolled', ip: origin.ip },
    clock(deps),
  );
  await recordAudit(
    deps.db,
    { userId: user.id, actor: session.email, action: 'login', ip: origin.ip },
    clock(deps),
  );
  return { recoveryCodes: codes };
}

/** The second factor of a later login: a current code, or a recovery code (each works once). */
export async function verifySecondFactor(
  deps: LoginDeps,
  session: StaffSession,
  input: { code?: string | undefined; recoveryCode?: string | undefined },
  origin: Origin,
): Promise<void> {
  if (!session.totpConfirmed) throw new LoginRefused(409, loginMessages.notEnrolled);
  const wait = await lockedFor(deps, session.email, origin.ip);
  if (wait !== null) throw new LoginRefused(429, loginMessages.locked, wait);
  const [user] = await deps.db.select().from(users).where(eq(users.id, session.userId));
  let ok = false;
  let usedRecoveryCode = false;
  if (user?.totpSecret && input.code) ok = isValidTotpCode(user.totpSecret, input.code, clock(deps));
  else if (user && input.recoveryCode) {
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
    await recordAttempt(deps, session.email, origin.ip, false);
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
    throw new LoginRefused(401, loginMessages.wrongCode);
  }
  await completeSecondFactor(deps.db, session.tokenHash, clock(deps));
  await recordAttempt(deps, session.email, origin.ip, true);
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
