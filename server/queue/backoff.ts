/**
 * How long a job waits before its next try, per kind of job: the pause after the n-th failed
 * attempt is the n-th step of its row (1-based); past the end the last step repeats.
 */
const second = 1_000;
const minute = 60 * second;

export const backoffSteps = {
  /** A message the mail server refused (or that could not be built): growing, at most 15 min. */
  'mail.message': [5 * second, 15 * second, minute, 2 * minute, 5 * minute, 10 * minute, 15 * minute],
  /**
   * The mail server could not be used at all: the pauses between rounds, not attempts of a
   * message (such a failure is never the message's fault).
   */
  'mail.server': [5 * second, 15 * second, 30 * second, minute],
  /** An on-call SMS the gateway did not take: quickly, the person on call is waiting. */
  'oncall.sms': [5 * second, 10 * second, 20 * second, 30 * second],
  /** The SMS copy of a message to a customer: the case page and the e-mail carry it meanwhile. */
  'messages.sms': [10 * second, 30 * second, minute, 2 * minute, 5 * minute],
  /** A periodic job whose run failed: sooner than its interval, at most 15 min. */
  periodic: [minute, 5 * minute, 15 * minute],
} as const satisfies Record<string, readonly number[]>;

/** The pause after `failedAttempts` failures of a job with these steps (≤ 1 → the first step). */
export function backoffDelayMs(steps: readonly number[], failedAttempts: number): number {
  return steps[Math.min(Math.max(failedAttempts, 1), steps.length) - 1]!;
}
