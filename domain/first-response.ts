/**
 * When a customer must have had a first answer from us (docs/decisions/first-response-deadlines.md):
 * an emergency (any lead that pages the on-call staff, an urgent assignment too) within the
 * callback time it was told (15 minutes; in surge mode the announced wait), a damage report or a
 * contact within 24 weekday hours, an insurer's other assignment within its insurer's business
 * hours (domain/business-hours.ts), a resource request never (it is answered by the PDF it asked for).
 */
import { addBusinessHours, addWeekdayHours } from './business-hours.ts';
import { promises } from './constants.ts';
import { insurerDefaults } from './insurers.ts';
import { kindsWithDeadline, leadKindLabels, leadKindRegistry, type LeadKind } from './lead-kinds.ts';
import type { CallbackPromise } from './surge.ts';
import { localParts } from './zoned-time.ts';

/** What a lead's deadline depends on besides its arrival. */
export interface DeadlineFacts {
  kind: LeadKind;
  /** It pages the on-call staff (leads.pages_on_call): its deadline is its callback. */
  pagesOnCall: boolean;
  /** An emergency's announced callback time (leads.announced_callback_minutes); null: the normal 15. */
  announcedCallbackMinutes?: number | null;
  /** Its insurer's rule in business hours (insurers.first_response_hours); null: the default 4. */
  insurerResponseHours?: number | null;
}

/** The deadline of a lead that arrived at `arrivedAt`; null for a kind without one. */
export function firstResponseDue(lead: DeadlineFacts, arrivedAt: Date): Date | null {
  const rule = lead.pagesOnCall ? 'callback' : leadKindRegistry[lead.kind].firstResponse;
  switch (rule) {
    case 'callback': {
      const minutes = lead.announcedCallbackMinutes ?? promises.emergencyCallbackMinutes;
      return new Date(arrivedAt.getTime() + minutes * 60_000);
    }
    case 'weekday-hours':
      return addWeekdayHours(arrivedAt, promises.replyHours);
    case 'insurer-business-hours':
      return addBusinessHours(arrivedAt, lead.insurerResponseHours ?? insurerDefaults.firstResponseHours);
    case 'none':
      return null;
  }
}

/**
 * The deadline of a lead of a kind that tells its customer by when we call (an insurer's
 * assignment, `announcesCallTime`): its deadline, or in surge mode the emergencies' expected wait
 * when that is later, since those calls come first. Other kinds: firstResponseDue.
 */
export function announcedCallDue(
  lead: DeadlineFacts,
  arrivedAt: Date,
  promise: CallbackPromise | null,
): Date | null {
  const due = firstResponseDue(lead, arrivedAt);
  if (!due || !leadKindRegistry[lead.kind].announcesCallTime || promise?.mode !== 'travlt') return due;
  const wait = new Date(arrivedAt.getTime() + promise.expectedCallbackMinutes * 60_000);
  return wait > due ? wait : due;
}

/**
 * One row of the first-response figures: a kind's leads, or, for a kind only some of whose leads
 * page the on-call staff (an insurer's assignment marked urgent), its paged leads (`urgent`) and
 * the others apart: a 15-minute callback and four business hours make no share together.
 */
export interface FirstResponseRowKey {
  kind: LeadKind;
  urgent?: true;
}

/** The figures' rows in their order: a kind with paging by a field twice, its urgent leads first. */
export const firstResponseRowKeys: readonly FirstResponseRowKey[] = kindsWithDeadline.flatMap((kind) =>
  typeof leadKindRegistry[kind].paging === 'object'
    ? [{ kind, urgent: true as const }, { kind }]
    : [{ kind }],
);

/** A row's name in the figures, the CSV and the weekly e-mail: "Rekvisition", "Akut rekvisition". */
export function firstResponseRowLabel(row: FirstResponseRowKey): string {
  const label = leadKindLabels[row.kind];
  return row.urgent ? `Akut ${label.toLowerCase()}` : label;
}

/** True when the lead was answered by its deadline; a lead without an answer was not (yet). */
export function answeredInTime(dueAt: Date, firstResponseAt: Date | null): boolean {
  return firstResponseAt !== null && firstResponseAt.getTime() <= dueAt.getTime();
}

const weekdayNames = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'] as const;

/**
 * A deadline in Danish time as a person reads it: "mandag 30.11. kl. 16.00". One at midnight is
 * the end of the day before ("mandag 30.11. kl. 24.00"): the day the answer is due, as the inbox
 * shows it.
 */
export function deadlineText(due: Date): string {
  const midnight = localParts(due).hour === 0 && localParts(due).minute === 0;
  const p = localParts(midnight ? new Date(due.getTime() - 60_000) : due);
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = midnight ? '24.00' : `${two(p.hour)}.${two(p.minute)}`;
  return `${weekdayNames[p.weekday]} ${p.day}.${p.month}. kl. ${clock}`;
}
