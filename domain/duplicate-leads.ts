/**
 * Duplicate emergencies (docs/decisions/duplicate-emergencies.md): an emergency sent while an open
 * one from the same phone number or the same address is less than `duplicateWindowMinutes` old is
 * linked to it instead of paging the phone on call again. Pure facts both sides need: how an
 * address is compared, and what the sender is told.
 */

/** How long after an emergency a second one for the same phone or address counts as the same. */
export const duplicateWindowMinutes = 30;

/**
 * An address as compared for duplicates: lower case (the Danish letters too), without punctuation
 * or spacing differences, so 'Strandvejen 1, 2. th., 2900 Hellerup' and 'strandvejen 1 2th
 * 2900  hellerup' are the same: words and numbers in their order, one space apart, a number
 * always apart from the letters next to it ('2.th', '2. th' and '2 th'; '12B' and '12 b'). The
 * numbers stay apart from each other, so no. 1, 2nd floor is not no. 12. Null when nothing is left.
 */
export function addressKey(address: string | null | undefined): string | null {
  if (!address) return null;
  const key = address
    .normalize('NFKC')
    .toLowerCase()
    // "2." (a floor) and "st." are the same without their dots; commas, dashes, slashes are spacing.
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    // Split digits from letters ("2th" → "2 th", "12b" → "12 b") so spacing never matters.
    .replace(/(\p{N})(?=\p{L})|(\p{L})(?=\p{N})/gu, '$1$2 ')
    .trim()
    .replace(/\s+/g, ' ');
  return key.length > 0 ? key : null;
}

/**
 * What the sender of a duplicate is told, in place of the callback promise. Never the earlier
 * emergency's reference: whoever typed the same phone number or e-mail need not be its sender.
 */
export function duplicateNotice(): string {
  return 'Vi har allerede en akut henvendelse fra dig – vi ringer til dig så hurtigt som muligt.';
}

/** The staff e-mail's and the inbox's mark on a duplicate. */
export function duplicateOfLabel(originalReference: string): string {
  return `Dublet af ${originalReference}`;
}
