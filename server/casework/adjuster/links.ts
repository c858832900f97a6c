/**
 * The loss adjuster's links, `/taksator/<token>`: the token is an HMAC-SHA256 of the link's id
 * under the server's signing secret (43 base64url characters), and only the token's SHA-256 is
 * stored (adjuster_links). Neither the database nor a backup opens a page; every e-mail to the
 * adjuster can carry the same link (the composer signs the id again), and revoking or expiry closes
 * it for all of them. A wrong, closed or expired token finds nothing: the same answer for each.
 */
import { createHash, createHmac } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adjusterLinks } from '../../db/schema.ts';

export const adjusterPathPrefix = '/taksator/';

/** 43 base64url characters: the only shape a token can have (anything else is not looked up). */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function adjusterToken(signingSecret: string, linkId: string): string {
  return createHmac('sha256', signingSecret).update(`adjuster-link:${linkId}`).digest('base64url');
}

export function hashAdjusterToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function adjusterUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${adjusterPathPrefix}${token}`;
}

export interface OpenAdjusterLink {
  id: string;
  leadId: string;
  name: string;
  email: string;
  insurer: string | null;
}

/** The link a token opens at `now`, or null: malformed, unknown, revoked or expired. */
export async function openAdjusterLink(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<OpenAdjusterLink | null> {
  if (!tokenPattern.test(token)) return null;
  const [row] = await db
    .select({
      id: adjusterLinks.id,
      leadId: adjusterLinks.leadId,
      name: adjusterLinks.name,
      email: adjusterLinks.email,
      insurer: adjusterLinks.insurer,
    })
    .from(adjusterLinks)
    .where(
      and(
        eq(adjusterLinks.tokenHash, hashAdjusterToken(token)),
        isNull(adjusterLinks.revokedAt),
        gt(adjusterLinks.expiresAt, now),
      ),
    );
  return row ?? null;
}
