/**
 * The insurers' API keys: `ik_<public id>_<secret>`, one insurer each, made and revoked on the
 * command line (`npm run staff -- insurer-key …`). The key is printed once; only the SHA-256 of
 * the whole key is kept, found by its public id and compared in constant time. The secret is 32
 * random bytes, so a plain hash is enough (no password hashing: nothing to guess).
 * Making and revoking a key is audited; a use counts on the key (last used, how many times) and
 * each assignment it makes has its own audit row (./assignments.ts), not each read.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { insurers } from '../../domain/enums.ts';
import { insurerApiKeys, insurers as insurerRows } from '../db/schema.ts';
import { insurerNamed, listInsurers } from '../casework/insurers/insurers.ts';
import { recordAudit } from '../staff/audit.ts';
import { keyMessages } from './copy.ts';
import { InsurerKeyInvalid, InsurerKeyRefused } from './errors.ts';

const apiInsurers: readonly string[] = insurers.filter((name) => name !== 'Andet forsikringsselskab');

const keyPattern = /^ik_([0-9a-f]{16})_[A-Za-z0-9_-]{43}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hashKey = (key: string) => createHash('sha256').update(key).digest();

/** The key a request authenticated with. */
export interface InsurerKey {
  id: string;
  insurerId: string;
  /** The insurer's name as the insurers table has it (the lead's `forsikringsselskab`). */
  insurer: string;
  label: string | null;
  publicId: string;
}

export interface InsurerKeyListing extends InsurerKey {
  createdAt: Date;
  createdBy: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  useCount: number;
}

/** Makes a key for the insurer named (any case); the key itself is in the answer and nowhere else. */
export async function createInsurerKey(
  db: Db,
  input: { insurer: string; label?: string | undefined; actor: string; now?: Date },
): Promise<InsurerKey & { key: string }> {
  const insurer = await insurerNamed(db, input.insurer);
  // The lead records the insurer by the forms' names: a row by another name (or "Andet
  // forsikringsselskab") could never make a valid assignment.
  if (!insurer || !apiInsurers.includes(insurer.name)) {
    const known = (await listInsurers(db))
      .map((row) => row.name)
      .filter((name) => apiInsurers.includes(name));
    throw new InsurerKeyRefused(keyMessages.unknownInsurer(input.insurer, known));
  }
  const publicId = randomBytes(8).toString('hex');
  const key = `ik_${publicId}_${randomBytes(32).toString('base64url')}`;
  const now = input.now ?? new Date();
  const label = input.label?.trim() || null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(insurerApiKeys)
      .values({
        insurerId: insurer.id,
        publicId,
        secretHash: hashKey(key).toString('hex'),
        label,
        createdAt: now,
        createdBy: input.actor,
      })
      .returning({ id: insurerApiKeys.id });
    await recordAudit(
      tx,
      {
        actor: input.actor,
        action: 'insurer-key-created',
        details: { keyId: row!.id, insurer: insurer.name, ...(label ? { label } : {}) },
      },
      now,
    );
    return { id: row!.id, insurerId: insurer.id, insurer: insurer.name, label, publicId, key };
  });
}

const listingColumns = {
  id: insurerApiKeys.id,
  insurerId: insurerApiKeys.insurerId,
  insurer: insurerRows.name,
  label: insurerApiKeys.label,
  publicId: insurerApiKeys.publicId,
  createdAt: insurerApiKeys.createdAt,
  createdBy: insurerApiKeys.createdBy,
  revokedAt: insurerApiKeys.revokedAt,
  lastUsedAt: insurerApiKeys.lastUsedAt,
  useCount: insurerApiKeys.useCount,
};

export async function listInsurerKeys(db: DbOrTx): Promise<InsurerKeyListing[]> {
  return db
    .select(listingColumns)
    .from(insurerApiKeys)
    .innerJoin(insurerRows, eq(insurerRows.id, insurerApiKeys.insurerId))
    .orderBy(asc(insurerRows.name), asc(insurerApiKeys.createdAt));
}

/** Revokes a key at once (its next request is refused); revoking it again changes nothing. */
export async function revokeInsurerKey(
  db: Db,
  id: string,
  input: { actor: string; now?: Date },
): Promise<{ key: InsurerKeyListing; revokedNow: boolean }> {
  if (!uuidPattern.test(id)) throw new InsurerKeyRefused(keyMessages.unknownKey(id));
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(listingColumns)
      .from(insurerApiKeys)
      .innerJoin(insurerRows, eq(insurerRows.id, insurerApiKeys.insurerId))
      .where(eq(insurerApiKeys.id, id))
      .for('update', { of: insurerApiKeys });
    if (!before) throw new InsurerKeyRefused(keyMessages.unknownKey(id));
    if (before.revokedAt) return { key: before, revokedNow: false };
    await tx.update(insurerApiKeys).set({ revokedAt: now }).where(eq(insurerApiKeys.id, id));
    await recordAudit(
      tx,
      { actor: input.actor, action: 'insurer-key-revoked', details: { keyId: id, insurer: before.insurer } },
      now,
    );
    return { key: { ...before, revokedAt: now }, revokedNow: true };
  });
}

/** The token of an `Authorization: Bearer …` header ('' for none; linear: \S and \s are disjoint). */
function bearerToken(authorization: string | undefined): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
}

/**
 * The key an `Authorization: Bearer …` header names, counted as used; InsurerKeyInvalid (401)
 * when it is missing, malformed, unknown or revoked.
 */
export async function authenticateInsurerKey(
  db: Db,
  authorization: string | undefined,
  now = new Date(),
): Promise<InsurerKey> {
  const key = bearerToken(authorization);
  const publicId = keyPattern.exec(key)?.[1];
  if (!publicId) throw new InsurerKeyInvalid();
  const [row] = await db
    .select({ ...listingColumns, secretHash: insurerApiKeys.secretHash })
    .from(insurerApiKeys)
    .innerJoin(insurerRows, eq(insurerRows.id, insurerApiKeys.insurerId))
    .where(eq(insurerApiKeys.publicId, publicId));
  if (!row || row.revokedAt || !timingSafeEqual(hashKey(key), Buffer.from(row.secretHash, 'hex')))
    throw new InsurerKeyInvalid();
  await db
    .update(insurerApiKeys)
    .set({ lastUsedAt: now, useCount: sql`${insurerApiKeys.useCount} + 1` })
    .where(eq(insurerApiKeys.id, row.id));
  return {
    id: row.id,
    insurerId: row.insurerId,
    insurer: row.insurer,
    label: row.label,
    publicId: row.publicId,
  };
}

/**
 * How a request is counted by the rate limit: by its key (hashed: a public id alone, which is not
 * secret, could not spend another's budget), or by its client when it has no well-formed key.
 */
export function rateLimitKeyOf(authorization: string | undefined, client: string): string {
  const key = bearerToken(authorization);
  return keyPattern.test(key) ? `insurer-key:${hashKey(key).toString('hex')}` : `insurer-api:${client}`;
}
