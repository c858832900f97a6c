/**
 * A fresh second factor for the changes that decide who is woken at night and where the SMS go:
 * the on-call chain, a cover, a mobile number (docs/decisions/staff-roles.md). A session may be
 * hours old or left open on a shared screen; the request must carry a current code from the
 * person's app. It is checked as the login's code is: written as a try first and counted under
 * the account's cap on wrong codes (./second-factor-cap.ts, 429 beyond it), taken once (a code
 * used for a login or an earlier change does not count again). Missing or wrong: 403, noted in
 * the audit log.
 */
import { eq } from 'drizzle-orm';
import { acceptedTotpStep } from '../auth/totp.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../plugins/errors.ts';
import { auditBy, recordAudit, type StaffActor } from './audit.ts';
import { spendTotpStep } from './login.ts';
import { alertWhenCapped, reserveSecondFactorTry, settleSecondFactorSuccess } from './second-factor-cap.ts';

export const stepUpMessages = {
  missing: 'Bekræft ændringen med en ny kode fra din app.',
  wrong: 'Koden er forkert. Skriv den nye kode fra din app, og prøv igen.',
} as const;

/** What was about to change, for the audit row of a refused code. */
export type StepUpChange = 'oncall-chain' | 'oncall-override' | 'phone';

/** Refuses (403) unless `code` is the account's current code, not used before. */
export async function confirmStepUp(
  deps: { db: Db; clock: () => Date },
  actor: StaffActor,
  code: string | undefined,
  change: StepUpChange,
): Promise<void> {
  const now = deps.clock();
  const refuse = async (message: string) => {
    await recordAudit(deps.db, auditBy(actor, { action: 'step-up-failed', details: { change } }), now);
    return new HttpError('step-up-refused', message, { code: [message] });
  };
  if (!code?.trim()) throw await refuse(stepUpMessages.missing);
  const attempt = await reserveSecondFactorTry(
    deps.db,
    { email: actor.email, ip: actor.ip, step: 'totp' },
    now,
  );
  const [user] = await deps.db
    .select({ id: users.id, secret: users.totpSecret })
    .from(users)
    .where(eq(users.id, actor.userId));
  const step = user?.secret ? acceptedTotpStep(user.secret, code, now) : null;
  if (step === null || !(await spendTotpStep(deps.db, actor.userId, step))) {
    await alertWhenCapped(deps.db, { userId: actor.userId, email: actor.email }, now);
    throw await refuse(stepUpMessages.wrong);
  }
  await settleSecondFactorSuccess(deps.db, attempt);
}
