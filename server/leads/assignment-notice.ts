/**
 * What the policyholder of an insurer's assignment (kind 'rekvisition') is told, by e-mail and by
 * SMS: who asked us to help, the claim number, and by when we call. Never the access details
 * (key, door code) the adjuster gave: those are for staff only.
 */
import { company } from '../../domain/company.ts';
import { deadlineText } from '../../domain/first-response.ts';
import type { LeadDetails } from '../../domain/lead.ts';

/** "Tryg har bedt Skadekompagniet om at hjælpe med din skade (skadenr. 123). Vi ringer til dig inden mandag 30.11. kl. 16.00." */
export function assignmentNotice(details: LeadDetails, due: Date | null): string {
  const insurer = details.forsikringsselskab ?? 'Dit forsikringsselskab';
  const claim = details.skadeNr ? ` (skadenr. ${details.skadeNr})` : '';
  const call = due ? ` Vi ringer til dig inden ${deadlineText(due)}.` : '';
  return `${insurer} har bedt ${company.name} om at hjælpe med din skade${claim}.${call}`;
}
