/**
 * Staff sessions, kept in the database. The cookie carries 32 random bytes; the table keeps only
 * their SHA-256, so a copy of the database opens no session. A session ends after 8 hours
 * without use or 7 days after login, whichever comes first, at logout, and when its account is
 * disabled or its password reset. The second factor gives the session a new token: the one issued
 * after the password stops working.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { StaffRole } from '../../domain/staff-api/roles.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { staffSessions, users } from '../db/schema.ts';

export const sessionLimits = {
  idleMs: 8 * 60 * 60_000,
  absoluteMs: 7 * 24 * 60 * 60_000,
  /** last_seen_at is written at most this often. */
  touchEveryMs: 60_000,
} as const;

export function sessionCookieName(secure: boolean): string {
  // The __Host- prefix makes browsers refuse the cookie unless it is Secure, host-only and Path=/.
  return secure ? '__Host-indbakke' : 'indbakke';
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface StaffSession {
  tokenHash: string;
  userId: string;
  email: string;
  name: string | null;
  secondFactorDone: boolean;
  totpConfirmed: boolean;
  /** Read with the session on every request, so a changed role counts at once. */
  role: StaffRole;
}

export async function createSession(
  db: DbOrTx,
  userId: string,
  origin: { ip?: string | undefined; userAgent?: string | undefined },
  now: Date,
): Promise<string> {
  const token = newToken();
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    ip: origin.ip ?? null,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

/** The live session of a cookie token, or null (an expired one is deleted on the way). */
export async function loadSession(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      tokenHash: staffSessions.tokenHash,
      userId: staffSessions.userId,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      secondFactorAt: staffSessions.secondFactorAt,
      email: users.email,
      name: users.name,
      disabledAt: users.disabledAt,
      totpConfirmedAt: users.totpConfirmedAt,
      role: users.role,
    })
    .from(staffSessions)
    .innerJoin(users, eq(users.id, staffSessions.userId))
    .where(eq(staffSessions.tokenHash, tokenHash));
  if (!row) return null;
  const idle = now.getTime() - row.lastSeenAt.getTime() > sessionLimits.idleMs;
  const old = now.getTime() - row.createdAt.getTime() > sessionLimits.absoluteMs;
  if (idle || old || row.disabledAt) {
    await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > sessionLimits.touchEveryMs) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
  }
  return {
    tokenHash,
    userId: row.userId,
    email: row.email,
    name: row.name,
    secondFactorDone: row.secondFactorAt !== null,
    totpConfirmed: row.totpConfirmedAt !== null,
    role: row.role,
  };
}

/**
 * Marks the session's second factor done under a new token, returned for the new cookie; the
 * token issued after the password opens nothing from then on (whoever learned or planted it
 * before the second factor gains no full session). One UPDATE of the key: of two requests
 * completing the same session only one gets a token. Null when the session is gone.
 */
export async function completeSecondFactor(db: DbOrTx, tokenHash: string, now: Date): Promise<string | null> {
  const token = newToken();
  const renewed = await db
    .update(staffSessions)
    .set({ tokenHash: hashToken(token), secondFactorAt: now, lastSeenAt: now, totpSecret: null })
    .where(eq(staffSessions.tokenHash, tokenHash))
    .returning({ tokenHash: staffSessions.tokenHash });
  return renewed.length === 1 ? token : null;
}

export async function endSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

export async function endSessionsOf(db: DbOrTx, userId: string): Promise<number> {
  const ended = await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.userId, userId)))
    .returning({ tokenHash: staffSessions.tokenHash });
  return ended.length;
}
