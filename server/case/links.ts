/**
 * The links to the customer's case page: `/sag/<token>`, the token 32 random bytes (256 bits) in
 * base64url. Only its SHA-256 is stored (case_links), so neither the database nor a backup of it
 * opens a case page; the raw token exists only in the e-mail that carries it. A token is made
 * when that e-mail is composed by the mail worker, one per mail job: composing the same job again
 * (after the mail server refused it) replaces the job's token, so a link that was never delivered
 * does not stay valid. A link works until staff close it or the lead is gone (erasure, retention:
 * the rows go with the lead).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { caseLinks, mailJobs } from '../db/schema.ts';

export const casePathPrefix = '/sag/';

/** The e-mails that make a link when they are composed. */
export const caseLinkMailKinds = ['lead-receipt', 'case-link'] as const;

/** 43 base64url characters: the only shape a token can have (anything else is not looked up). */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function hashCaseToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function caseUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${casePathPrefix}${token}`;
}

/**
 * A new token for the e-mail of `mailJobId`, stored as its hash; replaces the token an earlier
 * composition of the same e-mail stored. Null when staff closed the lead's links meanwhile (the
 * e-mail then goes without a link).
 */
export async function issueCaseToken(
  db: DbOrTx,
  input: { leadId: string; mailJobId: string },
): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashCaseToken(token);
  const rows = await db
    .insert(caseLinks)
    .values({ tokenHash, leadId: input.leadId, mailJobId: input.mailJobId })
    .onConflictDoUpdate({
      target: caseLinks.mailJobId,
      set: { tokenHash, createdAt: sql`now()` },
      where: isNull(caseLinks.revokedAt),
    })
    .returning({ tokenHash: caseLinks.tokenHash });
  return rows.length === 1 ? token : null;
}

/** The lead a token opens, or null: malformed, unknown, closed, or the lead is gone. */
export async function leadIdOfCaseToken(db: DbOrTx, token: string): Promise<string | null> {
  if (!tokenPattern.test(token)) return null;
  const [row] = await db
    .select({ leadId: caseLinks.leadId })
    .from(caseLinks)
    .where(and(eq(caseLinks.tokenHash, hashCaseToken(token)), isNull(caseLinks.revokedAt)));
  return row?.leadId ?? null;
}

/**
 * Closes every open link of a lead, and the links of its e-mails still waiting to go (a row,
 * closed, for each such e-mail, so composing it later makes no link). Returns how many links were
 * open.
 */
export async function revokeCaseLinks(db: DbOrTx, leadId: string, now: Date): Promise<number> {
  const rows = await db
    .update(caseLinks)
    .set({ revokedAt: now })
    .where(and(eq(caseLinks.leadId, leadId), isNull(caseLinks.revokedAt)))
    .returning({ tokenHash: caseLinks.tokenHash });
  const waiting = await waitingLinkMails(db, leadId);
  if (waiting.length > 0) {
    await db
      .insert(caseLinks)
      .values(
        waiting.map((job) => ({
          // A hash of nothing anyone holds: this row only closes the e-mail's link in advance.
          tokenHash: hashCaseToken(randomBytes(32).toString('base64url')),
          leadId,
          mailJobId: job.id,
          createdAt: now,
          revokedAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  return rows.length;
}

/** The lead's e-mails that will carry a case link and have not gone yet. */
function waitingLinkMails(db: DbOrTx, leadId: string) {
  return db
    .select({ id: mailJobs.id })
    .from(mailJobs)
    .where(
      and(
        eq(mailJobs.leadId, leadId),
        eq(mailJobs.status, 'pending'),
        inArray(mailJobs.kind, [...caseLinkMailKinds]),
      ),
    );
}

/**
 * Whether the lead has an open link (or an e-mail that will carry one is still waiting to go),
 * and when the newest link was made.
 */
export async function caseLinkState(
  db: DbOrTx,
  leadId: string,
): Promise<{ open: boolean; lastSentAt: Date | null }> {
  const [rows, waiting] = await Promise.all([
    db
      .select({
        createdAt: caseLinks.createdAt,
        revokedAt: caseLinks.revokedAt,
        mailJobId: caseLinks.mailJobId,
      })
      .from(caseLinks)
      .where(eq(caseLinks.leadId, leadId)),
    waitingLinkMails(db, leadId),
  ]);
  const settled = new Set(rows.map((row) => row.mailJobId));
  const open = rows.some((row) => row.revokedAt === null) || waiting.some((job) => !settled.has(job.id));
  const lastSentAt = rows
    // Rows made closed (for e-mails that had not gone yet) carried no link.
    .filter((row) => row.revokedAt === null || row.revokedAt.getTime() !== row.createdAt.getTime())
    .reduce<Date | null>(
      (latest, row) => (latest === null || row.createdAt > latest ? row.createdAt : latest),
      null,
    );
  return { open, lastSentAt };
}
