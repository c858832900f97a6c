/**
 * What the customer's own case page (/sag/<token>) calls the state of their case. The inbox works
 * with four statuses and a few on-call facts; the customer sees five steps in their own words.
 * This is the one place that turns the one into the other (the page and the inbox read it).
 */
import { promises } from './constants.ts';
import type { LeadStatus } from './lead.ts';

export const caseSteps = ['received', 'called', 'visit-agreed', 'in-progress', 'done'] as const;
export type CaseStep = (typeof caseSteps)[number];

export const caseStepLabels: Record<CaseStep, string> = {
  received: 'Modtaget',
  called: 'Vi har ringet',
  'visit-agreed': 'Besigtigelse aftalt',
  'in-progress': 'I gang',
  done: 'Afsluttet',
};

/**
 * The step each internal status shows at least. Spam is never shown to anyone outside: such a
 * case reads "Modtaget" and never moves on.
 */
export const statusCaseStep: Record<LeadStatus, CaseStep> = {
  new: 'received',
  'in-progress': 'in-progress',
  done: 'done',
  spam: 'received',
};

/** The facts of a lead the customer's step is made of. */
export interface CaseStepFacts {
  status: LeadStatus;
  /** Staff marked the lead as a customer: an agreement is made, the visit comes next. */
  isCustomer: boolean;
  /** Someone pressed "Ringet op" in the inbox. */
  calledBackAt: Date | null;
}

/**
 * The customer's step. A lead still "new" in the inbox has come further when staff have called
 * the customer ("Vi har ringet") or marked them as a customer ("Besigtigelse aftalt": the inbox
 * has no status of its own for the visit, and the agreement is what precedes it). A lead filed as
 * spam stays "Modtaget" whatever else is recorded.
 */
export function customerCaseStep(facts: CaseStepFacts): CaseStep {
  const step = statusCaseStep[facts.status];
  if (facts.status !== 'new') return step;
  if (facts.isCustomer) return 'visit-agreed';
  if (facts.calledBackAt) return 'called';
  return step;
}

/** How the emergency promise ("we call within 15 minutes") went for one case. */
export type EmergencyPromise =
  | { state: 'waiting'; deadline: Date }
  | { state: 'kept'; at: Date; minutes: number }
  | { state: 'late'; at: Date; minutes: number }
  | { state: 'missed' };

/**
 * Whether the call came within the promised minutes: by the callback stamp ("Ringet op") or,
 * without one, by the on-call acknowledgement (someone took the case from the SMS). Before the
 * deadline without either, the promise is still running.
 */
export function emergencyPromise(
  lead: { createdAt: Date; calledBackAt: Date | null; acknowledgedAt: Date | null },
  now: Date,
): EmergencyPromise {
  const limitMs = promises.emergencyCallbackMinutes * 60_000;
  const at = lead.calledBackAt ?? lead.acknowledgedAt;
  if (at) {
    const minutes = Math.max(0, Math.round((at.getTime() - lead.createdAt.getTime()) / 60_000));
    return at.getTime() - lead.createdAt.getTime() <= limitMs
      ? { state: 'kept', at, minutes }
      : { state: 'late', at, minutes };
  }
  const deadline = new Date(lead.createdAt.getTime() + limitMs);
  return now.getTime() <= deadline.getTime() ? { state: 'waiting', deadline } : { state: 'missed' };
}
