/**
 * Storing a lead: the lead row, its photos and its mail jobs are written together, so a lead is
 * never stored without its e-mails, nor an e-mail queued for a lead that was not stored.
 * A lead without photos is one statement; with photos, one transaction that also claims the
 * uploads it names (only uploads we issued, finished and not yet used).
 * A lead the spam checks suspect is stored the same way with status 'spam' and its reasons, but
 * without any mail job: no staff e-mail, no receipt.
 */
import { randomUUID } from 'node:crypto';
import { limits } from '../../domain/constants.ts';
import { referencePrefix, splitLead, type Lead, type LeadKind } from '../../domain/lead.ts';
import type { SpamReason } from '../../domain/spam.ts';
import { transactionSql, type Db, type SqlClient, type Statement } from '../db/client.ts';
import { leadImages } from '../db/schema.ts';
import { insertReturningReferenceWithMail, leadWithMailStatement, type MailJobKind } from '../mail/outbox.ts';
import { isPagedLead, pageJobCte } from '../oncall/pages.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import { withUniqueReference } from './reference.ts';
import { claimUploads } from './uploads.ts';

export interface LeadDeps {
  db: Db;
  /** The same database without the query builder (Database.sql), for the insert. */
  sql: SqlClient;
  storage: AnyObjectStore;
  mail: { notify(): void };
  /** On-call paging (server/oncall): woken after an emergency is stored. */
  oncall?: { notify(): void };
  now?: () => Date;
  /** Tests: force reference collisions. */
  generateReference?: (prefix: string) => string;
}

/** What the request tells about its sender, kept to stop misuse (the privacy policy says so). */
export interface LeadOrigin {
  clientIp?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * The e-mails every lead of a kind gets, in this order: the staff notification first, then the
 * sender's receipt (a resource request's receipt is the requested PDF).
 */
export const mailJobsOf: Record<LeadKind, readonly MailJobKind[]> = {
  kontakt: ['lead-notification', 'lead-receipt'],
  anmeldelse: ['lead-notification', 'lead-receipt'],
  'akut-skade': ['lead-notification', 'lead-receipt'],
  ressource: ['lead-notification', 'resource-delivery'],
};

const maxImagesOf: Record<LeadKind, number> = {
  kontakt: 0,
  anmeldelse: limits.reportMaxImages,
  'akut-skade': limits.emergencyMaxImages,
  ressource: 0,
};

// Spam reasons are fixed codes without commas (domain/spam.ts), sent as one text: the statement
// then needs no array parameter, which both drivers bind alike.
const insertLeadSql = `insert into leads (id, kind, reference, name, email, phone, details, client_ip, user_agent, created_at, last_contact_at, status, spam_reasons)
   values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, coalesce($10, now()), coalesce($10, now()), $11, string_to_array($12, ','))
   on conflict (reference) do nothing
   returning id, reference`;

/** One prepared statement per set of mail jobs (server/mail/outbox.ts), named after it. */
const statements = new Map<string, Statement>();
function insertStatement(jobs: readonly MailJobKind[], page = false): Statement {
  const name = ['insert_lead', ...jobs, ...(page ? ['page'] : [])].join('_').replaceAll('-', '_');
  let statement = statements.get(name);
  if (!statement) {
    statement =
      jobs.length > 0
        ? leadWithMailStatement(name, insertLeadSql, jobs, page ? [pageJobCte] : [])
        : { name, text: insertLeadSql };
    statements.set(name, statement);
  }
  return statement;
}

/** A user agent is kept for misuse checks only: short and printable is enough. */
function cleanUserAgent(value: string | undefined): string | null {
  if (!value) return null;
  // eslint-disable-next-line no-control-regex -- control characters are dropped, not stored
  return value.replace(/[\u0000-\u001F\u007F]/g, '').slice(0, 512) || null;
}

/**
 * Stores a lead with its photos and e-mails; with `spamReasons`, as spam without e-mails.
 * Resolves with the lead's id and reference either way.
 */
export async function createLead(
  deps: LeadDeps,
  lead: Lead,
  origin: LeadOrigin = {},
  spamReasons: readonly SpamReason[] = [],
): Promise<{ id: string; reference: string }> {
  const id = randomUUID();
  const { contact, details, images } = splitLead(lead);
  const spam = spamReasons.length > 0;
  // An emergency that is not spam pages the on-call chain: its page job commits with the lead.
  const page = !spam && isPagedLead(lead.kind);
  const statement = insertStatement(spam ? [] : mailJobsOf[lead.kind], page);
  const insert = (client: SqlClient) =>
    withUniqueReference(
      referencePrefix(lead.kind),
      (reference) =>
        insertReturningReferenceWithMail(client, statement, [
          id,
          lead.kind,
          reference,
          contact.name,
          contact.email,
          contact.phone ?? null,
          JSON.stringify(details),
          origin.clientIp ?? null,
          cleanUserAgent(origin.userAgent),
          deps.now?.() ?? null,
          spam ? 'spam' : 'new',
          spam ? spamReasons.join(',') : null,
        ]),
      deps.generateReference,
    );

  let reference: string;
  if (images.length === 0) {
    // One statement: the row and its mail jobs commit together without an explicit transaction.
    reference = await insert(deps.sql);
  } else {
    reference = await deps.db.transaction(async (tx) => {
      const stored = await insert(transactionSql(tx));
      const claimed = await claimUploads(
        { db: deps.db, storage: deps.storage, ...(deps.now ? { now: deps.now } : {}) },
        { urls: images, leadId: id, maxImages: maxImagesOf[lead.kind] },
        tx,
      );
      await tx.insert(leadImages).values(
        claimed.map((upload, position) => ({
          leadId: id,
          position,
          objectKey: upload.objectKey,
          contentType: upload.contentType,
          bytes: upload.size,
          originalName: upload.originalName,
        })),
      );
      return stored;
    });
  }
  if (!spam) deps.mail.notify();
  if (page) deps.oncall?.notify();
  return { id, reference };
}
