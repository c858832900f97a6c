/**
 * How long a job waits before its next try: the steps per kind of job are listed with the kind
 * (server/queue/job-kinds.ts); the pause after the n-th failed attempt is the n-th step (1-based),
 * past the end the last step repeats.
 */
import { jobKinds } from './job-kinds.ts';

const second = 1_000;
const minute = 60 * second;

export const backoffSteps = {
  'mail.message': jobKinds.mail.backoffMs,
  /**
   * The mail server could not be used at all: the pauses between rounds, not attempts of a
   * message (such a failure is never the message's fault).
   */
  'mail.server': [5 * second, 15 * second, 30 * second, minute],
  'oncall.sms': jobKinds['oncall.sms'].backoffMs,
  'messages.sms': jobKinds['messages.sms'].backoffMs,
  periodic: jobKinds.periodic.backoffMs,
} as const satisfies Record<string, readonly number[]>;

/** The pause after `failedAttempts` failures of a job with these steps (≤ 1 → the first step). */
export function backoffDelayMs(steps: readonly number[], failedAttempts: number): number {
  return steps[Math.min(Math.max(failedAttempts, 1), steps.length) - 1]!;
}
