/**
 * What the policyholder of an insurer's assignment (kind 'rekvisition') is told at once, in the
 * receipt e-mail and by SMS: who asked us to help, the claim number, and when we call: an urgent
 * assignment pages the on-call staff and is told the emergencies' callback (15 minutes, or the
 * expected wait in surge mode), any other by when (the lead's deadline, surge mode included:
 * domain/first-response.ts). Never the access details (key, door code) the adjuster gave: those
 * are for staff only.
 */
import { company } from '../../domain/company.ts';
import { deadlineText } from '../../domain/first-response.ts';
import type { LeadContact, LeadDetails, LeadKind } from '../../domain/lead.ts';
import { leadKindRegistry } from '../../domain/lead-kinds.ts';
import { isDanishMobile } from '../../domain/phone.ts';
import { announcedCallbackText, type AnnouncedCallback } from '../../domain/surge.ts';

/** When the notice says we call: the callback told to a lead that pages, else its deadline. */
export interface NoticeCall {
  due: Date | null;
  /** What a lead that pages the on-call staff was told (stored with it); null for any other. */
  announced: AnnouncedCallback | null;
}

/**
 * "Tryg har bedt Skadekompagniet om at hjælpe med din skade (skadenr. 123). Vi ringer til dig inden
 * mandag 30.11. kl. 16.00."; urgent: "… Vi ringer til dig inden for 15 minutter."
 */
export function assignmentNotice(details: LeadDetails, call: NoticeCall): string {
  const insurer = details.forsikringsselskab ?? 'Dit forsikringsselskab';
  const claim = details.skadeNr ? ` (skadenr. ${details.skadeNr})` : '';
  const when = call.announced
    ? ` ${announcedCallbackText(call.announced)}`
    : call.due
      ? ` Vi ringer til dig inden ${deadlineText(call.due)}.`
      : '';
  return `${insurer} har bedt ${company.name} om at hjælpe med din skade${claim}.${when}`;
}

/**
 * The SMS a new lead's customer gets at once: for a kind that tells its customer by when we call,
 * to a Danish mobile number; null for any other lead.
 */
export function customerNotice(
  kind: LeadKind,
  contact: LeadContact,
  details: LeadDetails,
  call: NoticeCall,
): string | null {
  if (!leadKindRegistry[kind].announcesCallTime || !isDanishMobile(contact.phone)) return null;
  return assignmentNotice(details, call);
}
