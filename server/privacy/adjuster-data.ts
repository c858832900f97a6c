/**
 * The person as a loss adjuster (taksator): the links to the adjuster's page staff gave them
 * (adjuster_links), the messages they wrote us from the page, their satisfaction answers and the
 * page opens the audit log noted. Found by the link's address as the person's leads are (trimmed,
 * lower-cased, without a `+tag`); a link has no number, so a search by phone finds none. The
 * case's own data (the customer's name, address, photos) is the customer's and is never listed.
 *
 * An adjuster's message is not tied to its link (server/casework/adjuster/adjuster-thread.ts keeps
 * the link's name as its author): a message is the link's when it came in on the adjuster's thread
 * of the link's lead, under the link's name, while the link was open.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { adjusterLinkView } from '../../domain/staff-api/adjuster.ts';
import type { Person, PersonAdjusterLink } from '../../domain/staff-api/personal-data.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  adjusterLinks,
  adjusterSatisfaction,
  auditLog,
  leadMessages,
  leads,
  mailJobs,
} from '../db/schema.ts';
import { sameEmailSql } from './email-match.ts';

/** What an erased link and its messages are signed with instead of the adjuster's name. */
export const erasedAdjusterName = 'Slettet taksator';

type LinkRow = typeof adjusterLinks.$inferSelect;
type MessageRow = Pick<typeof leadMessages.$inferSelect, 'leadId' | 'authorName' | 'createdAt'>;

/** The links given to the person, oldest first, with their lead's reference. */
async function linksOfAdjuster(db: DbOrTx, person: Person) {
  if (!('email' in person)) return [];
  return db
    .select({ link: adjusterLinks, leadReference: leads.reference })
    .from(adjusterLinks)
    .innerJoin(leads, eq(leads.id, adjusterLinks.leadId))
    .where(sameEmailSql(sql`${adjusterLinks.email}`, person.email))
    .orderBy(asc(adjusterLinks.createdAt), asc(adjusterLinks.id));
}

/** The adjusters' messages from the page on these leads, oldest first. */
function adjusterMessagesOf(db: DbOrTx, leadIds: readonly string[]) {
  return db
    .select()
    .from(leadMessages)
    .where(
      and(
        inArray(leadMessages.leadId, [...leadIds]),
        eq(leadMessages.channel, 'taksator'),
        eq(leadMessages.direction, 'in'),
      ),
    )
    .orderBy(asc(leadMessages.createdAt), asc(leadMessages.id));
}

/** The message was written through the link: its lead, its name, while it was open. */
function writtenThrough(link: LinkRow, message: MessageRow): boolean {
  const closedAt = link.revokedAt ?? link.expiresAt;
  return (
    message.leadId === link.leadId &&
    message.authorName === link.name &&
    message.createdAt >= link.createdAt &&
    message.createdAt <= closedAt
  );
}

const linkIdInDetails = sql<string>`${auditLog.details}->>'linkId'`;
/** The link a mail job is about (the link's mail, our answers to it, its messages to us). */
const linkIdInPayload = sql<string>`${mailJobs.payload}->>'linkId'`;

/** Everything stored about the person as an adjuster; empty for a phone number. */
export async function findAdjusterData(
  db: Db,
  person: Person,
  now = new Date(),
): Promise<PersonAdjusterLink[]> {
  const found = await linksOfAdjuster(db, person);
  if (found.length === 0) return [];
  const ids = found.map((row) => row.link.id);
  const [messages, answers, opens] = await Promise.all([
    adjusterMessagesOf(
      db,
      found.map((row) => row.link.leadId),
    ),
    db.select().from(adjusterSatisfaction).where(inArray(adjusterSatisfaction.adjusterLinkId, ids)),
    db
      .select({ at: auditLog.at, ip: auditLog.ip, linkId: linkIdInDetails })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adjuster-page-opened'), inArray(linkIdInDetails, ids)))
      .orderBy(asc(auditLog.at)),
  ]);
  return found.map(({ link, leadReference }) => ({
    leadReference,
    ...adjusterLinkView(
      link,
      now,
      answers.find((row) => row.adjusterLinkId === link.id),
    ),
    messages: messages
      .filter((message) => writtenThrough(link, message))
      .map((message) => ({ body: message.body, createdAt: message.createdAt.toISOString() })),
    opens: opens
      .filter((open) => open.linkId === link.id)
      .map((open) => ({ at: open.at.toISOString(), ip: open.ip })),
  }));
}

/** The ids of the links given to the person (none for a phone number). */
export async function adjusterLinkIdsOf(db: DbOrTx, person: Person): Promise<string[]> {
  return (await linksOfAdjuster(db, person)).map((row) => row.link.id);
}

/** Every mail job about these links (the link's mail, our answers to it, its messages to us). */
export async function mailJobIdsOfLinks(db: DbOrTx, linkIds: readonly string[]): Promise<string[]> {
  if (linkIds.length === 0) return [];
  const rows = await db
    .select({ id: mailJobs.id })
    .from(mailJobs)
    .where(inArray(linkIdInPayload, [...linkIds]));
  return rows.map((row) => row.id);
}

/**
 * Erases the person as an adjuster, in the caller's transaction: each link is closed (its page
 * answers the 404 of any closed link) and keeps neither their name nor address, their
 * satisfaction answers go, a mail to them not yet sent is dropped, and their messages are signed
 * `erasedAdjusterName`. A message's text stays: it is part of the case file the company keeps
 * about the customer's claim (what the insurer's adjuster asked and was told), not data about the
 * adjuster. The audit log's notes of their page opens stay as well: the log is append-only (a
 * database trigger refuses any change), the record of who saw the case. Answers how many links.
 */
export async function eraseAdjusterLinks(tx: DbOrTx, linkIds: readonly string[], now: Date): Promise<number> {
  if (linkIds.length === 0) return 0;
  const links = await tx
    .select()
    .from(adjusterLinks)
    .where(inArray(adjusterLinks.id, [...linkIds]))
    .for('update');
  if (links.length === 0) return 0;
  const messages = await adjusterMessagesOf(
    tx,
    links.map((link) => link.leadId),
  );
  const theirs = messages.filter((message) => links.some((link) => writtenThrough(link, message)));
  if (theirs.length > 0)
    await tx
      .update(leadMessages)
      .set({ authorName: erasedAdjusterName })
      .where(
        inArray(
          leadMessages.id,
          theirs.map((message) => message.id),
        ),
      );
  const ids = links.map((link) => link.id);
  await tx.delete(adjusterSatisfaction).where(inArray(adjusterSatisfaction.adjusterLinkId, ids));
  // The link's mail and our answers are addressed to the link when sent: to nobody once blanked.
  // Their messages to us stay queued (they reach our own inbox, signed as erased).
  await tx
    .delete(mailJobs)
    .where(
      and(inArray(linkIdInPayload, ids), ne(mailJobs.status, 'sent'), ne(mailJobs.kind, 'adjuster-message')),
    );
  for (const link of links)
    await tx
      .update(adjusterLinks)
      .set({ name: erasedAdjusterName, email: '', revokedAt: link.revokedAt ?? now })
      .where(eq(adjusterLinks.id, link.id));
  return links.length;
}
