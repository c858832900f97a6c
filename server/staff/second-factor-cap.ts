/**
 * The cap on second-factor tries for one account, whatever the address: the per-IP waits in
 * ./login.ts do not stop a guesser with many addresses, and whoever reaches this step already
 * knows the password. After 10 wrong codes or recovery codes (one counter) within 15 minutes,
 * every further try for the account, the right code included, answers 429 until the oldest of
 * them ages out; the owner and the company inbox are e-mailed once a window.
 *
 * A try is written as a failure before its code is checked, then counted: of tries racing in
 * parallel, at most 10 within a window get a code checked (each sees every try written before its
 * count, so an 11th would see 11). A refused try removes its row, so tries during the wait do not
 * lengthen it.
 */
import { and, desc, eq, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginAttempts, users, type LoginStep } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { secondFactorAlertMail } from './login-mail.ts';
import { clientKey } from '../plugins/client-key.ts';
import { LoginRefused } from './errors.ts';

export const secondFactorCap = {
  /** Wrong codes and recovery codes for one account, from any address, within windowMs. */
  failures: 10,
  windowMs: 15 * 60_000,
} as const;

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'sekund' : 'sekunder'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minut' : 'minutter'}`;
}

export function secondFactorCappedMessage(seconds: number): string {
  return `For mange forkerte koder til kontoen. Vent ${formatWait(seconds)}, og prøv igen.`;
}

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

const failedSecondFactor = (email: string, since: Date) =>
  and(
    eq(loginAttempts.email, email),
    eq(loginAttempts.succeeded, false),
    ne(loginAttempts.step, 'password'),
    gte(loginAttempts.createdAt, since),
  );

/**
 * Writes a second-factor try for the account as a failure and returns its id, or, when the
 * account already has its 10 failures within the window, removes it again and refuses with 429
 * and the seconds until the oldest of them ages out.
 */
export async function reserveSecondFactorTry(
  db: Db,
  input: { email: string; ip: string; step: Exclude<LoginStep, 'password'> },
  now: Date,
): Promise<string> {
  const [reserved] = await db
    .insert(loginAttempts)
    .values({
      email: input.email,
      ip: clientKey(input.ip),
      step: input.step,
      succeeded: false,
      createdAt: now,
    })
    .returning({ id: loginAttempts.id });
  const id = reserved!.id;
  const recent = await db
    .select({ id: loginAttempts.id, at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(failedSecondFactor(input.email, new Date(now.getTime() - secondFactorCap.windowMs)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(secondFactorCap.failures + 1);
  if (recent.length <= secondFactorCap.failures) return id;
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
  const others = recent.filter((attempt) => attempt.id !== id);
  const oldest = others[secondFactorCap.failures - 1]!.at.getTime();
  const wait = secondsUntil(oldest + secondFactorCap.windowMs, now);
  throw new LoginRefused('login-locked', secondFactorCappedMessage(wait), wait);
}

/** The reserved try was the right code: it counts as the pair's success, not as a failure. */
export async function settleSecondFactorSuccess(db: Db, id: string): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
}

/** The reserved try decided nothing about the code (another session enrolled first): it leaves no trace. */
export async function withdrawSecondFactorTry(db: Db, id: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/**
 * After a wrong code: when the account's failures reach the cap, the owner and the company inbox
 * are told through the outbox, once a window (a conditional UPDATE claims it, so of racing
 * requests only one queues the mails).
 */
export async function alertWhenCapped(
  db: Db,
  account: { userId: string; email: string },
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - secondFactorCap.windowMs);
  const [counted] = await db
    .select({ failures: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(failedSecondFactor(account.email, since));
  const failures = Number(counted?.failures ?? 0);
  if (failures < secondFactorCap.failures) return;
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(users)
      .set({ secondFactorAlertAt: now })
      .where(
        and(
          eq(users.id, account.userId),
          or(isNull(users.secondFactorAlertAt), lt(users.secondFactorAlertAt, since)),
        ),
      )
      .returning({ id: users.id });
    if (claimed.length === 0) return;
    const windowMinutes = secondFactorCap.windowMs / 60_000;
    await enqueueMail(
      tx,
      secondFactorAlertMail,
      (['owner', 'company'] as const).map((recipient) => ({
        ...account,
        recipient,
        failures,
        windowMinutes,
      })),
    );
  });
}
