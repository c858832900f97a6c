/**
 * Danish CVR numbers: 8 digits whose weighted sum (weights 2,7,6,5,4,3,2,1) is divisible by 11.
 * People sometimes write them with spaces ('12 34 56 74') or a 'DK' prefix; both are accepted.
 */
const weights = [2, 7, 6, 5, 4, 3, 2, 1] as const;

function compactCvr(input: string): string {
  return input.replace(/\s/g, '').replace(/^DK/i, '');
}

/** The 8 digits, or null when the text is not a valid CVR number. */
export function normaliseCvr(input: string): string | null {
  const compact = compactCvr(input);
  return cvrProblem(input) === null ? compact : null;
}

export function isValidCvr(input: string): boolean {
  return normaliseCvr(input) !== null;
}

/**
 * What is wrong with a CVR number: 'format' when it is not 8 digits, 'checkDigit' when it is 8
 * digits that fail the modulus-11 check (a typo, most likely), null when it is valid.
 */
export function cvrProblem(input: string): 'format' | 'checkDigit' | null {
  const compact = compactCvr(input);
  if (!/^\d{8}$/.test(compact)) return 'format';
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(compact[i]) * weights[i]!;
  return sum % 11 === 0 ? null : 'checkDigit';
}

export const cvrMessages = {
  required: 'CVR-nummer er påkrævet',
  invalid: 'Indtast et gyldigt CVR-nummer (8 cifre)',
  checkDigit: 'CVR-nummeret findes ikke – tjek cifrene',
} as const;

/** The message for a CVR number that is not valid (format or check digit); null when it is valid. */
export function cvrMessage(input: string): string | null {
  const problem = cvrProblem(input);
  return problem === null ? null : problem === 'format' ? cvrMessages.invalid : cvrMessages.checkDigit;
}
