/**
 * The inbox's words for the customer's steps on the lead page: the same five steps the case
 * page shows (domain/case-steps.ts), and the agreed visit staff record there.
 */
export const caseStepsText = {
  heading: 'Kundens trin',
  intro: 'Sådan ser kunden sagen på sin sagsside. Et trin er kun flueben, når det er registreret.',
  done: 'gennemført',
  notDone: 'ikke registreret',
  current: 'nu',
  /** An acknowledgement moved the status to "I gang"; the customer's step "I gang" waits for staff. */
  notStarted: 'Vagten har taget sagen. Kunden ser stadig »Modtaget«, indtil I melder arbejdet i gang.',
  startWork: 'Meld arbejdet i gang',
  visitLabel: 'Besigtigelse (dato og klokkeslæt)',
  visitHint: 'Dansk tid. Kunden ser tidspunktet på sin sagsside.',
  visitSave: 'Gem besigtigelse',
  notifyOnVisit: 'Send kunden en besked med tidspunktet',
  visitClear: 'Fjern besigtigelse',
  visitSaved: (when: string) => `Besigtigelsen er gemt: ${when}.`,
  visitCleared: 'Besigtigelsen er fjernet.',
  visitMissing: 'Vælg dato og klokkeslæt for besigtigelsen.',
  saving: 'Gemmer …',
} as const;
