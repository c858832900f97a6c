/**
 * Short links for on-call SMS: `https://host/v/<16 characters>` instead of the ~100-character
 * signed link, so a page SMS fits in one part. The id is 12 random bytes (96 bits, base64url);
 * only its SHA-256 is stored, with the person (and the emergency) it is for and its expiry, the
 * signed link's 24 hours. Opening it redirects to the signed link it stands for, made again from
 * the row with the row's own time, so the page, its form token and every check behind it are the
 * signed link's: only that person, until that expiry. The signed links stay valid as before.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { oncallLinks } from '../../db/schema.ts';
import type { PeriodicJob } from '../../queue/periodic.ts';
import { ackLinkTtlSeconds, ackPathPrefix, ackToken, queuePathPrefix, queueToken } from './ack-link.ts';

export const shortPathPrefix = '/v/';
const idBytes = 12;
const idPattern = /^[A-Za-z0-9_-]{16}$/;

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

export type ShortLinkTarget =
  { purpose: 'page'; leadId: string; userId: string } | { purpose: 'queue'; userId: string };

/** Stores a new short link in the caller's transaction; its full URL. */
export async function shortLink(
  tx: DbOrTx,
  publicUrl: string,
  target: ShortLinkTarget,
  now: Date,
): Promise<string> {
  const id = randomBytes(idBytes).toString('base64url');
  await tx.insert(oncallLinks).values({
    idHash: hashOf(id),
    purpose: target.purpose,
    leadId: target.purpose === 'page' ? target.leadId : null,
    userId: target.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ackLinkTtlSeconds * 1000),
  });
  return `${publicUrl}${shortPathPrefix}${id}`;
}

export type ShortLinkCheck =
  { status: 'ok'; userId: string; path: string } | { status: 'expired' | 'invalid' };

/** The signed path a short id stands for, or why there is none. */
export async function resolveShortLink(
  db: DbOrTx,
  secret: string,
  id: string,
  now: Date,
): Promise<ShortLinkCheck> {
  if (!idPattern.test(id)) return { status: 'invalid' };
  const [row] = await db
    .select()
    .from(oncallLinks)
    .where(eq(oncallLinks.idHash, hashOf(id)));
  if (!row) return { status: 'invalid' };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  // Made with the row's time: the signed link expires when the short one does.
  const path =
    row.purpose === 'page' && row.leadId
      ? `${ackPathPrefix}${ackToken(secret, row.leadId, row.userId, row.createdAt)}`
      : `${queuePathPrefix}${queueToken(secret, row.userId, row.createdAt)}`;
  return { status: 'ok', userId: row.userId, path };
}

/** Forgets short links a day after they expired (their answer turns from 410 into 403), daily. */
export function shortLinkPurgeJob(deps: { db: Db }): PeriodicJob {
  return {
    id: 'oncall-short-links-purge',
    name: 'deleting expired on-call short links',
    intervalMs: 24 * 60 * 60_000,
    firstRunAfterMs: 15 * 60_000,
    async run(now) {
      await deps.db
        .delete(oncallLinks)
        .where(lt(oncallLinks.expiresAt, new Date(now.getTime() - 24 * 60 * 60_000)));
    },
  };
}
