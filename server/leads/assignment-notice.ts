/**
 * What the policyholder of an insurer's assignment (kind 'rekvisition') is told at once, in the
 * receipt e-mail and by SMS: who asked us to help, the claim number, and by when we call (the
 * lead's deadline, surge mode included: domain/first-response.ts). Never the access details (key,
 * door code) the adjuster gave: those are for staff only.
 */
import { company } from '../../domain/company.ts';
import { deadlineText } from '../../domain/first-response.ts';
import type { LeadContact, LeadDetails, LeadKind } from '../../domain/lead.ts';
import { leadKindRegistry } from '../../domain/lead-kinds.ts';
import { isDanishMobile } from '../../domain/phone.ts';

/** "Tryg har bedt Skadekompagniet om at hjælpe med din skade (skadenr. 123). Vi ringer til dig inden mandag 30.11. kl. 16.00." */
export function assignmentNotice(details: LeadDetails, due: Date | null): string {
  const insurer = details.forsikringsselskab ?? 'Dit forsikringsselskab';
  const claim = details.skadeNr ? ` (skadenr. ${details.skadeNr})` : '';
  const call = due ? ` Vi ringer til dig inden ${deadlineText(due)}.` : '';
  return `${insurer} har bedt ${company.name} om at hjælpe med din skade${claim}.${call}`;
}

/**
 * The SMS a new lead's customer gets at once: for a kind that tells its customer by when we call,
 * to a Danish mobile number; null for any other lead.
 */
export function customerNotice(
  kind: LeadKind,
  contact: LeadContact,
  details: LeadDetails,
  due: Date | null,
): string | null {
  if (!leadKindRegistry[kind].announcesCallTime || !isDanishMobile(contact.phone)) return null;
  return assignmentNotice(details, due);
}
