/**
 * Staff passwords and recovery codes, hashed with argon2id (@node-rs/argon2, its recommended
 * parameters). Nothing here is hand-written cryptography.
 */
import { hash, verify } from '@node-rs/argon2';

export const minPasswordLength = 12;

export const passwordMessages = {
  tooShort: `Adgangskoden skal være mindst ${minPasswordLength} tegn.`,
} as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against an account's hash, or — when there is no such account — against a
 * dummy hash, so an unknown e-mail takes about as long to refuse as a wrong password.
 */
export async function verifyPasswordInConstantTime(
  hashed: string | undefined,
  password: string,
): Promise<boolean> {
  if (hashed) return verifySecret(hashed, password);
  dummyHash ??= hashSecret('no account has this password, it only costs time');
  await verifySecret(await dummyHash, password);
  return false;
}
