/**
 * Storing a lead: the lead row, its photos and its mail jobs are written together, in one
 * transaction, so a lead is never stored without its e-mails, nor an e-mail queued for a lead
 * that was not stored. The same transaction spends the lead's form token (a token brings one
 * lead; a second lead with it is filed as spam), claims the uploads it names (only uploads we
 * issued, finished and not yet used), and gives the e-mail to the sender's typed address its
 * slot under the site's hourly cap (server/leads/visitor-mail.ts): past the cap the receipt
 * waits, the lead and the staff e-mail do not.
 * A lead with a strong spam reason is stored with status 'spam' and its reasons, but without any
 * mail job: no staff e-mail, no receipt. Weak reasons alone are stored with the lead, which is
 * handled like any other: staff see it marked "Mulig spam".
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { isPagingLead, referencePrefix, splitLead, type Lead, type LeadKind } from '../../domain/lead.ts';
import { leadKindRegistry, type LeadKindEntry, type SenderMail } from '../../domain/lead-kinds.ts';
import { addressKey } from '../../domain/duplicate-leads.ts';
import { isFiledAsSpam, type SpamReason } from '../../domain/spam.ts';
import { leadPriority, type LeadPriority, type Triage } from '../../domain/triage.ts';
import { urgentWorkRequestDetails } from '../../domain/urgent-work-request.ts';
import {
  normalCallbackMinutes,
  type AnnouncedCallback,
  type CallbackPromise,
  type CriticalCallback,
} from '../../domain/surge.ts';
import { announcedCallDue, firstResponseDue } from '../../domain/first-response.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { insurers, leadImages, mailJobs, spentFormTokens } from '../db/schema.ts';
import { insertLeadWithMails, leadWithMailsStatement, type LeadWithMailsStatement } from '../mail/outbox.ts';
import type { JobQueue } from '../queue/jobs.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import { withUniqueReference } from './reference.ts';
import { findOpenOriginal, type OpenOriginal } from './duplicates.ts';
import { cappedPriority, emergencyClientKey } from './client-cap.ts';
import { addSystemNote } from './system-notes.ts';
import { claimUploads } from '../uploads/uploads.ts';
import { reserveVisitorMailSlot, visitorMailKinds } from './visitor-mail.ts';
import { customerNotice } from './assignment-notice.ts';

export interface LeadDeps {
  db: Db;
  storage: AnyObjectStore;
  /** Named jobs (server/queue/jobs.ts): an emergency's on-call page is written through it. */
  jobs: Pick<JobQueue, 'enqueue'>;
  now?: () => Date;
  /** Tests: force reference collisions. */
  generateReference?: (prefix: string) => string;
  /** E-mails to visitor-typed addresses per hour across the site (RECEIPT_MAIL_MAX_PER_HOUR); 0 = no cap. */
  visitorMailPerHour?: number;
  /**
   * The callback time promised to a new emergency now (surge mode, given by the app: the on-call
   * feature computes it). Without it, the normal promise.
   */
  callbackPromise?: () => Promise<CallbackPromise>;
  /**
   * What a new danger to people is told, counted in its transaction (the on-call feature's
   * server/oncall/surge/critical-wait.ts). Without it, 15 minutes and first in line.
   */
  criticalCallback?: (tx: DbOrTx) => Promise<CriticalCallback>;
}

/** How the lead arrived: its spam reasons so far and the form token it was sent with. */
export interface LeadScreening {
  /** The reasons the request itself gave (server/leads/spam.ts). */
  spamReasons?: readonly SpamReason[];
  /** formTokenHash() of the lead's token, to spend it; absent when there was none to spend. */
  formTokenHash?: string | undefined;
}

/** What the request tells about its sender, kept to stop misuse (the privacy policy says so). */
export interface LeadOrigin {
  clientIp?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * The e-mails of a lead: the staff notification; the sender's receipt of a contact lead, damage
 * report or emergency (composed with its case page link by server/case/case-mail.ts, never for
 * spam); the requested PDF to the sender of a resource request; the receipt of whoever handed the
 * case over on the customer's behalf (an insurer's loss adjuster, ./requester-receipt.ts).
 */
export type LeadMailKind = 'lead-notification' | 'lead-receipt' | 'resource-delivery' | 'requester-receipt';

const senderMailKinds = {
  receipt: 'lead-receipt',
  'requested-pdf': 'resource-delivery',
} as const satisfies Record<SenderMail, LeadMailKind>;

/**
 * The e-mails a lead of a kind gets, in this order: the staff notification first, then the
 * sender's (its receipt, or the requested PDF of a resource request) when the lead has an address
 * (an insurer's assignment may reach the policyholder by phone alone), then the requester's.
 */
function mailJobsOf(kind: LeadKind, hasAddress: boolean): readonly LeadMailKind[] {
  const entry: LeadKindEntry = leadKindRegistry[kind];
  return [
    'lead-notification',
    ...(hasAddress ? [senderMailKinds[entry.senderMail]] : []),
    ...(entry.requester ? (['requester-receipt'] as const) : []),
  ];
}

// Spam reasons are fixed codes without commas (domain/spam.ts), sent as one text: the statement
// then needs no array parameter, which both drivers bind alike.
const insertLeadSql = `insert into leads (id, kind, reference, name, email, phone, details, client_ip, user_agent, created_at, last_contact_at, status, spam_reasons, priority, address_key, duplicate_of, assigned_to, announced_callback_minutes, announced_in_surge, first_response_due_at, client_key, announced_first_in_line, pages_on_call)
   values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, coalesce($10, now()), coalesce($10, now()), $11, string_to_array($12, ','), $13, $14, $15::uuid, $16::uuid, $17::integer, $18::boolean, $19::timestamptz, $20, $21::boolean, $22::boolean)
   on conflict (reference) do nothing
   returning id, reference`;

/** A job a stored lead queues: one of its e-mails, or the on-call page of an emergency. */
type LeadJob = { name: 'mail'; kind: LeadMailKind } | { name: 'oncall.page' };

/**
 * The jobs a stored lead queues with it: its e-mails and, for a lead that pages (an emergency, an
 * urgent assignment), the on-call page (the on-call feature runs it). A lead filed as spam queues
 * none; a duplicate of an open emergency (server/leads/duplicates.ts) no page: the original's
 * page covers it.
 */
function jobsOfLead(
  kind: LeadKind,
  lead: { pages: boolean; spam: boolean; duplicate: boolean; hasAddress: boolean },
): LeadJob[] {
  if (lead.spam) return [];
  const mail = mailJobsOf(kind, lead.hasAddress).map((mailKind): LeadJob => ({
    name: 'mail',
    kind: mailKind,
  }));
  return lead.pages && !lead.duplicate ? [...mail, { name: 'oncall.page' }] : mail;
}

/**
 * The lead's insert with its mails, one statement per set of mail kinds, named after it: written
 * by hand and run as one statement, as it measurably shortens the write path under load
 * (docs/decisions/submission-write-path.md).
 */
const statements = new Map<string, LeadWithMailsStatement>();
function insertStatement(mailKinds: readonly LeadMailKind[]): LeadWithMailsStatement {
  const name = ['insert_lead', ...mailKinds].join('_').replaceAll('-', '_');
  let statement = statements.get(name);
  if (!statement) {
    statement = leadWithMailsStatement(name, insertLeadSql, mailKinds);
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

/** Spends a form token in the lead's transaction: false when it already brought a lead. */
async function spendFormToken(tx: DbOrTx, tokenHash: string): Promise<boolean> {
  const spent = await tx
    .insert(spentFormTokens)
    .values({ tokenHash })
    .onConflictDoNothing()
    .returning({ tokenHash: spentFormTokens.tokenHash });
  return spent.length === 1;
}

/**
 * Stores a lead with its photos and e-mails; with a strong spam reason, as spam without e-mails.
 * Resolves with the lead's id, reference and every spam reason (the reused token included).
 */
export async function createLead(
  deps: LeadDeps,
  lead: Lead,
  origin: LeadOrigin = {},
  /** Or the spam reasons alone, for a lead without a token to spend. */
  screening: LeadScreening | readonly SpamReason[] = {},
): Promise<{
  id: string;
  reference: string;
  spamReasons: SpamReason[];
  /** The open emergency this one repeats (linked, not paged); null for any other lead. */
  duplicateOf: { id: string; reference: string } | null;
  /** What an emergency was told about its callback (stored with it); null for other kinds. */
  announced: AnnouncedCallback | null;
  /** It pages the on-call staff (stored with it as leads.pages_on_call). */
  pagesOnCall: boolean;
}> {
  const { spamReasons = [], formTokenHash } = Array.isArray(screening)
    ? { spamReasons: screening as readonly SpamReason[] }
    : (screening as LeadScreening);
  const id = randomUUID();
  const { contact, details: fields, images } = splitLead(lead);
  // A private person's express request for urgent work, with the wording's version and its time.
  const details = { ...fields, ...urgentWorkRequestDetails(lead, deps.now?.() ?? new Date()) };
  const emergency = isPagingLead(lead);
  const address = emergency ? addressKey(lead.adresse) : null;
  const clientKey = emergency ? emergencyClientKey(origin.clientIp) : null;
  // An emergency is told its callback time, an assignment's policyholder by when we call: both
  // from the callback state now (surge mode).
  const promise =
    emergency || leadKindRegistry[lead.kind].announcesCallTime ? await callbackPromiseNow(deps) : null;
  const values = (reference: string, reasons: readonly SpamReason[], paging: Paging) => [
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
    isFiledAsSpam(reasons) ? 'spam' : 'new',
    reasons.length > 0 ? reasons.join(',') : null,
    paging.priority,
    address,
    paging.original?.id ?? null,
    paging.original?.assignedTo ?? null,
    paging.announced?.minutes ?? null,
    paging.announced?.inSurge ?? false,
    // A repeat of an open emergency is answered by the original's callback: no deadline of its own.
    paging.original ? null : (paging.dueAt?.toISOString() ?? null),
    clientKey,
    paging.announced?.critical ?? false,
    emergency,
  ];

  const stored = await deps.db.transaction(async (tx) => {
    const reasons = [...spamReasons];
    if (formTokenHash && !(await spendFormToken(tx, formTokenHash))) {
      reasons.push('token-reused');
    }
    const spam = isFiledAsSpam(reasons);
    const paging = await pagingOf(tx, deps, { lead, spam, clientKey, addressKey: address, promise });
    const { original } = paging;
    // The lead's e-mails and (an emergency) its on-call page commit with the lead.
    const jobs = jobsOfLead(lead.kind, {
      pages: emergency,
      spam,
      duplicate: original !== null,
      hasAddress: contact.email !== '',
    });
    const statement = insertStatement(jobs.flatMap((job) => (job.name === 'mail' ? [job.kind] : [])));
    const reference = await withUniqueReference(
      referencePrefix(lead.kind),
      (candidate) => insertLeadWithMails(tx, statement, values(candidate, reasons, paging)),
      deps.generateReference,
    );
    if (jobs.some((job) => job.name === 'oncall.page'))
      await deps.jobs.enqueue(tx, 'oncall.page', { leadId: id });
    // The policyholder of an assignment is told by SMS too (never a lead with any spam reason).
    const notice =
      spam || reasons.length > 0
        ? null
        : customerNotice(lead.kind, contact, details, { due: paging.dueAt, announced: paging.announced });
    if (notice) {
      const writtenAt = deps.now?.() ?? new Date();
      await deps.jobs.enqueue(tx, 'messages.sms', { leadId: id, body: notice, writtenAt });
    }
    // Why it was paged as it was, for staff (never for its sender).
    for (const note of paging.staffNotes) await addSystemNote(tx, id, note, deps.now?.() ?? new Date());
    if (images.length > 0) {
      const claimed = await claimUploads(
        { db: deps.db, storage: deps.storage, ...(deps.now ? { now: deps.now } : {}) },
        { urls: images, leadId: id, maxImages: leadKindRegistry[lead.kind].maxPhotos },
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
    }
    // Last, as it holds a lock until the commit: the receipt's slot under the hourly cap.
    const visitorMail = jobs.flatMap((job) =>
      job.name === 'mail' && (visitorMailKinds as readonly string[]).includes(job.kind) ? [job.kind] : [],
    );
    // One slot per such e-mail: an assignment's receipts go to two typed addresses.
    for (const kind of (deps.visitorMailPerHour ?? 0) > 0 ? visitorMail : []) {
      const now = deps.now?.() ?? new Date();
      const at = await reserveVisitorMailSlot(tx, now, deps.visitorMailPerHour!);
      if (at.getTime() > now.getTime()) {
        await tx
          .update(mailJobs)
          .set({ runAt: at })
          .where(and(eq(mailJobs.leadId, id), inArray(mailJobs.kind, [kind])));
      }
    }
    return { reference, reasons, original, announced: paging.announced };
  });

  const { original } = stored;
  return {
    id,
    reference: stored.reference,
    spamReasons: stored.reasons,
    duplicateOf: original ? { id: original.id, reference: original.reference } : null,
    announced: stored.announced,
    pagesOnCall: emergency,
  };
}

/** How a new lead is paged: its priority, the original it repeats, its promise and deadline. */
interface Paging {
  priority: LeadPriority;
  original: OpenOriginal | null;
  announced: AnnouncedCallback | null;
  dueAt: Date | null;
  staffNotes: string[];
}

/**
 * In the lead's transaction: an emergency's priority under its client's cap
 * (server/leads/client-cap.ts), then the open emergency it repeats (spam is never linked; a
 * repeat goes to whoever has the original), then what it is told and its first-answer deadline.
 */
async function pagingOf(
  tx: DbOrTx,
  deps: LeadDeps,
  input: {
    lead: Lead;
    spam: boolean;
    clientKey: string | null;
    addressKey: string | null;
    promise: CallbackPromise | null;
  },
): Promise<Paging> {
  const { lead } = input;
  const now = deps.now?.() ?? new Date();
  if (!isPagingLead(lead)) {
    const facts = { kind: lead.kind, pagesOnCall: false, insurerResponseHours: await insurerRule(tx, lead) };
    return {
      priority: 'normal',
      original: null,
      announced: null,
      dueAt: announcedCallDue(facts, now, input.promise),
      staffNotes: [],
    };
  }
  // A kind without the triage questions (an urgent assignment) is paged as normal priority.
  const triaged = leadKindRegistry[lead.kind].triage ? leadPriority(lead as Triage) : 'normal';
  const capped = await cappedPriority(tx, { clientKey: input.clientKey, priority: triaged }, now);
  const repeat = input.spam
    ? { original: null, staffNote: null }
    : await findOpenOriginal(
        tx,
        {
          phone: lead.telefon || null,
          email: lead.email || null,
          addressKey: input.addressKey,
          priority: capped.priority,
        },
        deps.now?.() ?? null,
      );
  const critical =
    capped.priority === 'kritisk' ? ((await deps.criticalCallback?.(tx)) ?? firstInLine) : null;
  const announced = announcedCallback(input.promise, critical);
  return {
    priority: capped.priority,
    original: repeat.original,
    announced,
    // From this server's clock, within milliseconds of the stored arrival (the database's clock).
    dueAt: firstResponseDue(
      { kind: lead.kind, pagesOnCall: true, announcedCallbackMinutes: announced.minutes },
      now,
    ),
    staffNotes: [capped.staffNote, repeat.staffNote].filter((note): note is string => note !== null),
  };
}

/**
 * The business hours the lead's insurer gives us to call its policyholder (insurers, by the name
 * its form recorded), for a kind whose deadline follows that rule; null: the default.
 */
async function insurerRule(tx: DbOrTx, lead: Lead): Promise<number | null> {
  if (leadKindRegistry[lead.kind].firstResponse !== 'insurer-business-hours') return null;
  const name = 'forsikringsselskab' in lead ? lead.forsikringsselskab : undefined;
  if (!name) return null;
  const [row] = await tx
    .select({ hours: insurers.firstResponseHours })
    .from(insurers)
    .where(eq(insurers.name, name))
    .limit(1);
  return row?.hours ?? null;
}

/** The promise for a new emergency now (surge mode, given by the app); without it, the normal one. */
async function callbackPromiseNow(deps: LeadDeps): Promise<CallbackPromise> {
  return (
    (await deps.callbackPromise?.()) ?? { mode: 'normal', expectedCallbackMinutes: normalCallbackMinutes }
  );
}

/** A danger to people with none ahead of it. */
const firstInLine: CriticalCallback = { minutes: normalCallbackMinutes, firstInLine: true };

/**
 * What an emergency is told now, stored with it. A danger to people (`critical`) goes before the
 * others: its own wait over the dangers to people ahead of it, first in line only with none ahead.
 */
function announcedCallback(
  given: CallbackPromise | null,
  critical: CriticalCallback | null,
): AnnouncedCallback {
  const promise = given ?? { mode: 'normal', expectedCallbackMinutes: normalCallbackMinutes };
  return {
    minutes: critical ? critical.minutes : promise.expectedCallbackMinutes,
    inSurge: promise.mode === 'travlt',
    critical: critical?.firstInLine ?? false,
  };
}
