/** The inbox's words for duplicate emergencies (server/leads/duplicates.ts). */
import { duplicateOfLabel } from '../../domain/duplicate-leads';

export const inboxDuplicateText = {
  /** On the duplicate: list badge and lead page, "Dublet af SK-…". */
  duplicateOf: duplicateOfLabel,
  /** The same words before the original's link on the duplicate's page. */
  duplicateOfPrefix: 'Dublet af',
  /** Before the original's links to its duplicates on its lead page. */
  duplicates: 'Dubletter:',
  /** What the link means, for whoever wonders why one emergency shows up twice. */
  hint: 'Samme telefonnummer eller e-mail inden for 30 minutter: vagttelefonen er kun kaldt op én gang, og den, der tager den første, får også dubletterne.',
} as const;
