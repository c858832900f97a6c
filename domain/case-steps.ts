/**
 * What the customer's own case page (/sag/<token>) and the inbox's lead page call the state of a
 * case. Each of the five steps is a recorded fact, never a rung of a ladder over the inbox status:
 * a step is done only when its fact exists, so steps may be skipped (a contact lead goes straight
 * from "Modtaget" to "Afsluttet") and a skipped step is shown as not done.
 */
import { promises } from './constants.ts';
import type { LeadStatus } from './lead.ts';
import type { MilestoneKind } from './milestones.ts';
import { localParts } from './zoned-time.ts';

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
 * The facts of a lead the steps are made of. Only whether a time is recorded matters here, so the
 * server's dates and the inbox's ISO strings both do.
 */
export interface CaseFacts {
  status: LeadStatus;
  /** "Ringet op" was stamped (leads.called_back_at). */
  calledBackAt: Date | string | null;
  /** Staff recorded the time of the visit (leads.visit_at). */
  visitAt: Date | string | null;
  /**
   * Staff set the status "I gang" in the inbox (leads.work_started_at). The on-call
   * acknowledgement also moves the status, but records no such fact: taking a page is not work
   * at the customer's.
   */
  workStartedAt: Date | string | null;
  /**
   * The first milestone at the customer's (on the address, damage stopped, drying started or
   * ended), not withdrawn: work there is work on the case, whatever the status says.
   */
  onSiteAt?: Date | string | null;
}

/** The milestones that are work at the customer's: the first of them ticks "I gang". */
export const onSiteMilestones: readonly MilestoneKind[] = [
  'paa-adressen',
  'skadestop',
  'affugtning-startet',
  'affugtning-afsluttet',
];

export interface CaseProgress {
  /** Every step in order, each done only when its fact is recorded. */
  steps: { step: CaseStep; done: boolean }[];
  /** The last step done: where the case stands now. */
  current: CaseStep;
}

/**
 * The steps of a case from its facts. A lead filed as spam reads "Modtaget" and nothing else,
 * whatever else is recorded: the page never says spam.
 */
export function caseProgress(facts: CaseFacts): CaseProgress {
  const open = facts.status !== 'spam';
  const done: Record<CaseStep, boolean> = {
    received: true,
    called: open && Boolean(facts.calledBackAt),
    'visit-agreed': open && Boolean(facts.visitAt),
    'in-progress': open && Boolean(facts.workStartedAt || facts.onSiteAt),
    done: facts.status === 'done',
  };
  const steps = caseSteps.map((step) => ({ step, done: done[step] }));
  const current = steps.findLast((entry) => entry.done)?.step ?? 'received';
  return { steps, current };
}

/**
 * How the emergency promise ("we call within N minutes") stands for one case. `minutes` is the
 * time told; `after` the minutes from the lead to the stamped call, rounded up (15 min 26 s is 16
 * minutes: rounding down would call a late call kept). `estimate`: a wait longer than the normal
 * 15 minutes (surge), which the customer was told as an expected wait, not a promise.
 */
export type EmergencyPromise = { minutes: number; estimate: boolean } & (
  | { state: 'waiting'; deadline: Date }
  | { state: 'kept'; at: Date; after: number }
  | { state: 'late'; at: Date; after: number }
  | { state: 'missed'; deadline: Date }
);

/**
 * The promise measured by the call, not by the tap: only a callback stamp ("Ringet op") keeps
 * it; the on-call acknowledgement does not count. The promised time is the one announced when the
 * lead came in (longer in surge), else the usual 15 minutes. Kept when the stamp is at most the
 * promised time after the lead, as the on-call figures count it.
 */
export function emergencyPromise(
  lead: { createdAt: Date; calledBackAt: Date | null; announcedCallbackMinutes?: number | null },
  now: Date,
): EmergencyPromise {
  const minutes = lead.announcedCallbackMinutes ?? promises.emergencyCallbackMinutes;
  const estimate = minutes > promises.emergencyCallbackMinutes;
  const limitMs = minutes * 60_000;
  const at = lead.calledBackAt;
  if (at) {
    const elapsed = at.getTime() - lead.createdAt.getTime();
    const after = Math.max(1, Math.ceil(elapsed / 60_000));
    return { state: elapsed <= limitMs ? 'kept' : 'late', minutes, estimate, at, after };
  }
  const deadline = new Date(lead.createdAt.getTime() + limitMs);
  return now.getTime() <= deadline.getTime()
    ? { state: 'waiting', minutes, estimate, deadline }
    : { state: 'missed', minutes, estimate, deadline };
}

const weekdayNames = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'] as const;
const monthNames = [
  'jan.',
  'feb.',
  'mar.',
  'apr.',
  'maj',
  'jun.',
  'jul.',
  'aug.',
  'sep.',
  'okt.',
  'nov.',
  'dec.',
];

/**
 * A visit time in Danish time as the customer reads it: "torsdag 3. dec. kl. 10", with minutes
 * only when there are any ("kl. 10.30"). Written out by hand so the server and every browser
 * say the same.
 */
export function formatVisitTime(date: Date): string {
  const p = localParts(date);
  const clock = p.minute === 0 ? String(p.hour) : `${p.hour}.${String(p.minute).padStart(2, '0')}`;
  return `${weekdayNames[p.weekday]} ${p.day}. ${monthNames[p.month - 1]} kl. ${clock}`;
}

/** The visit as the case steps show it: "Besigtigelse torsdag 3. dec. kl. 10". */
export function visitText(date: Date): string {
  return `Besigtigelse ${formatVisitTime(date)}`;
}
