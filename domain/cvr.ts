/**
 * Danish CVR numbers: 8 digits whose weighted sum (weights 2,7,6,5,4,3,2,1) is divisible by 11.
 * People sometimes write them with spaces ('12 34 56 74') or a 'DK' prefix; both are accepted.
 */
const weights = [2, 7, 6, 5, 4, 3, 2, 1] as const;

/** The 8 digits, or null when the text is not a valid CVR number. */
export function normaliseCvr(input: string): string | null {
  const compact = input.replace(/\s/g, '').replace(/^DK/i, '');
  if (!/^\d{8}$/.test(compact)) return null;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(compact[i]) * weights[i]!;
  return sum % 11 === 0 ? compact : null;
}

export function isValidCvr(input: string): boolean {
  return normaliseCvr(input) !== null;
}

export const cvrMessages = {
  required: 'CVR-nummer er påkrævet',
  invalid: 'Indtast et gyldigt CVR-nummer (8 cifre)',
} as const;
