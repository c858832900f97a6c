/**
 * The text of a message to customers, written once for many leads: placeholders filled per lead.
 * Shared by the inbox (what staff see while writing) and the server (what each lead gets).
 */

/** The placeholders a message may use, and what each is filled with. */
export const messagePlaceholders = {
  reference: 'sagens reference, f.eks. SK-7F3K2Q',
  navn: 'kundens navn',
} as const;

const placeholderPattern = /\{([^{}\s]{1,30})\}/g;

/** Placeholders in the text that are not ours ({adresse}), each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(placeholderPattern)]
    .map((match) => match[1]!)
    .filter((name) => !(name in messagePlaceholders));
  return [...new Set(unknown)];
}

/** The text for one lead: every {reference} and {navn} replaced; anything else as written. */
export function fillMessage(text: string, values: { reference: string; name: string }): string {
  return text.replace(placeholderPattern, (whole, name: string) =>
    name === 'reference' ? values.reference : name === 'navn' ? values.name : whole,
  );
}
