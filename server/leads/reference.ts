/**
 * Short human-friendly reference numbers shown on the confirmation and used in e-mails, e.g.
 * 'SK-7F3K2Q'. The alphabet leaves out 0/O and 1/I/L, which are easy to mix up on the phone.
 * 31^6 ≈ 890 million combinations; the unique index catches the rare collision and the caller
 * draws again.
 */
import { randomInt } from 'node:crypto';

export const referenceAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const referenceLength = 6;

export function generateReference(prefix: string): string {
  let code = '';
  for (let i = 0; i < referenceLength; i++) code += referenceAlphabet[randomInt(referenceAlphabet.length)];
  return `${prefix}-${code}`;
}

export const referencePattern = /^[A-Z]{2}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

/**
 * Runs `insert(reference)` until it reports success (false = the reference was taken, e.g. with
 * ON CONFLICT DO NOTHING returning no row). Gives up after a few draws, which would mean a bug.
 */
export async function withUniqueReference<T>(
  prefix: string,
  insert: (reference: string) => Promise<T | null>,
  generate: (prefix: string) => string = generateReference,
): Promise<T> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const result = await insert(generate(prefix));
    if (result !== null) return result;
  }
  throw new Error(`could not find a free ${prefix} reference`);
}
