/**
 * The database schema. SQL must run on PostgreSQL 15 and PGlite.
 */
import { sql } from 'drizzle-orm';
import { clockDeadlineKinds } from '../../domain/lead-kinds.ts';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LeadDetails, LeadKind, LeadStatus } from '../../domain/lead.ts';
import type { LeadPriority } from '../../domain/triage.ts';
import type { ReportRule } from '../../domain/insurers.ts';
import type { MilestoneKind } from '../../domain/milestones.ts';
import type { MoistureUnit } from '../../domain/moisture.ts';
import type { StaffRole } from '../../domain/staff-api/roles.ts';

/**
 * Every lead from the four forms. The columns every kind has are columns; the kind's own fields
 * (validated by its schema in domain/) are `details`, by the names its form uses.
 */
/**
 * Lead kinds as SQL literals, for an index's predicate (which takes no parameters): the list
 * follows domain/lead-kinds.ts, in alphabetical order as the migrations write it, so a change to
 * it needs a new migration.
 */
function sqlKindList(kinds: readonly LeadKind[]) {
  return sql.raw(
    [...kinds]
      .sort()
      .map((kind) => `'${kind}'`)
      .join(', '),
  );
}

export const leads = pgTable(
  'leads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').$type<LeadKind>().notNull(),
    /** Short human-friendly reference shown to the visitor and used in e-mails. */
    reference: text('reference').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    /**
     * It pages the on-call staff (an emergency, or an insurer's assignment marked urgent): decided
     * once when it is stored, from its kind's `paging` (domain/lead-kind-pages.ts). Whatever is
     * about emergencies (surge, the queue, repeats, figures, the callback promise) reads this.
     */
    pagesOnCall: boolean('pages_on_call').notNull().default(false),
    /** Who is called first (domain/triage.ts): from an emergency's triage answers; others 'normal'. */
    priority: text('priority').$type<LeadPriority>().notNull().default('normal'),
    /** The open emergency this one repeats (same phone or e-mail within 30 minutes, not more urgent): not paged again. */
    duplicateOf: uuid('duplicate_of').references((): AnyPgColumn => leads.id, { onDelete: 'set null' }),
    /** An emergency's address as compared for duplicates (domain/duplicate-leads.ts); null otherwise. */
    addressKey: text('address_key'),
    details: jsonb('details').$type<LeadDetails>().notNull().default({}),
    /** Why the spam checks found the lead suspect; null when they did not. */
    spamReasons: text('spam_reasons').array(),
    /** Kept to stop misuse, as the privacy policy says. */
    clientIp: text('client_ip'),
    /**
     * An emergency's sender as one client (IPv4 address, IPv6 /64): caps what one client makes
     * critical or counts in surge (server/leads/client-cap.ts); emptied after a day.
     */
    clientKey: text('client_key'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who moved the lead to its current status, and when (null: nobody yet). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Marked by staff when the lead became a customer: kept under the customer retention period. */
    isCustomer: boolean('is_customer').notNull().default(false),
    /** The latest contact with the sender; the retention period runs from here. */
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who took the lead (on-call acknowledgement or, later, assignment in the inbox), and when. */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who pressed "Ringet op" in the inbox (called the customer back), and when: the first time only. */
    calledBackAt: timestamp('called_back_at', { withTimezone: true }),
    calledBackBy: uuid('called_back_by').references(() => users.id, { onDelete: 'set null' }),
    /** When staff agreed to visit the customer (set and cleared in the inbox): "Besigtigelse aftalt". */
    visitAt: timestamp('visit_at', { withTimezone: true }),
    /**
     * The mail job of the receipt (a resource request: of its PDF), set by a trigger on mail_jobs
     * when it is queued: the customer thread's e-mails are threaded on its Message-ID.
     */
    receiptMailJobId: uuid('receipt_mail_job_id'),
    /**
     * Who first set the status "I gang" in the inbox, and when: the case page's "I gang". The
     * on-call acknowledgement moves the status too but leaves these empty (domain/case-steps.ts).
     */
    workStartedAt: timestamp('work_started_at', { withTimezone: true }),
    workStartedBy: uuid('work_started_by').references(() => users.id, { onDelete: 'set null' }),
    /** An emergency's callback time as told when it came in (minutes; null for other kinds), and whether in surge. */
    announcedCallbackMinutes: integer('announced_callback_minutes'),
    announcedInSurge: boolean('announced_in_surge').notNull().default(false),
    /** Told it is first in line (a danger to people with none ahead of it, domain/surge.ts). */
    announcedFirstInLine: boolean('announced_first_in_line').notNull().default(false),
    /** When the customer must have had a first answer (domain/first-response.ts); null: no deadline. */
    firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }),
    /** The first callback stamp or staff message, kept by triggers (0027_first_response_deadlines.sql). */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /**
     * What the inbox's free-text search looks through, kept by the database: lower-cased, the
     * Danish letters too whatever the server's locale (lower() folds only ASCII under the C locale).
     * The sender, the reference (also without its dash: "sk1234"), address, message, insurer,
     * policy and claim numbers, and the requester's name, e-mail, phone and company.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(translate(name || ' ' || email || ' ' || reference || ' ' || replace(reference, '-', '') || ' ' || coalesce(phone, '') || ' ' || coalesce(details->>'adresse', '') || ' ' || coalesce(details->>'besked', '') || ' ' || coalesce(details->>'message', '') || ' ' || coalesce(details->>'forsikringsselskab', '') || ' ' || coalesce(details->>'policeNr', '') || ' ' || coalesce(details->>'skadeNr', '') || ' ' || coalesce(details->>'rekvirentNavn', '') || ' ' || coalesce(details->>'rekvirentEmail', '') || ' ' || coalesce(details->>'rekvirentTelefon', '') || ' ' || coalesce(details->>'virksomhedsnavn', '') || ' ' || coalesce(details->>'companyName', ''), 'ÆØÅÄÖÜÉ', 'æøåäöüé'))`,
    ),
  },
  (table) => [
    // The list's order: created_at DESC NULLS LAST, id DESC NULLS LAST (queries must say so too).
    index('leads_created_at_id_idx').on(table.createdAt.desc(), table.id.desc()),
    index('leads_status_created_at_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    index('leads_kind_created_at_idx').on(table.kind, table.createdAt.desc(), table.id.desc()),
    index('leads_priority_created_at_idx').on(table.priority, table.createdAt.desc(), table.id.desc()),
    // The leads that paged (the inbox's urgent block and its `akut=ja` filter), newest first.
    index('leads_pages_on_call_created_at_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.pagesOnCall}`),
    index('leads_email_idx').on(table.email),
    index('leads_phone_idx').on(table.phone),
    index('leads_duplicate_of_idx')
      .on(table.duplicateOf)
      .where(sql`${table.duplicateOf} is not null`),
    index('leads_address_key_created_at_idx')
      .on(table.addressKey, table.createdAt)
      .where(sql`${table.addressKey} is not null`),
    index('leads_client_key_created_at_idx')
      .on(table.clientKey, table.createdAt)
      .where(sql`${table.clientKey} is not null`),
    // The open leads still waiting for a first answer, soonest deadline first (the list's "deadline" order).
    index('leads_awaiting_first_response_idx')
      .on(table.firstResponseDueAt, table.id)
      .where(
        sql`${table.firstResponseAt} is null and ${table.firstResponseDueAt} is not null and ${table.status} in ('new', 'in-progress')`,
      ),
    // Who took an emergency lately: the people working the queue (server/oncall/surge/working.ts).
    index('leads_acknowledged_at_idx')
      .on(table.acknowledgedAt)
      .where(sql`${table.acknowledgedAt} is not null`),
    index('leads_first_response_due_missing_idx')
      .on(table.id)
      .where(
        sql`${table.firstResponseDueAt} is null and not ${table.pagesOnCall} and ${table.kind} in (${sqlKindList(clockDeadlineKinds)})`,
      ),
    // Trigrams make the inbox's `like '%…%'` search an index lookup (pg_trgm, in PGlite too); the
    // kind in the same index (btree_gin) keeps a search within one kind as quick.
    index('leads_kind_search_text_idx').using('gin', table.kind, table.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * How many leads there are of each kind and status, kept exact by triggers on `leads` (insert,
 * delete, change of kind or status): the inbox's counts without counting 100,000 rows.
 */
export const leadCounts = pgTable(
  'lead_counts',
  {
    kind: text('kind').$type<LeadKind>().notNull(),
    status: text('status').$type<LeadStatus>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.status] })],
);

/** The photos of a lead, in the order they were sent. */
export const leadImages = pgTable(
  'lead_images',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    objectKey: text('object_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    originalName: text('original_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lead_images_lead_id_idx').on(table.leadId, table.position)],
);

/** Staff accounts (managed with `npm run staff`; there is no sign-up page). */
export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** Lower-case; the login name. */
  email: text('email').notNull().unique(),
  name: text('name'),
  /** E.164 (domain/phone.ts), for on-call SMS; null: not reachable by SMS. */
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  /** The TOTP secret (base32), set at enrolment; the second factor is required once confirmed. */
  totpSecret: text('totp_secret'),
  totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
  /** A disabled account cannot log in, and its sessions end. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The TOTP time step of the last code accepted: a code at or before it is refused (no replay). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** When the owner was last e-mailed that failed logins pile up. */
  loginAlertAt: timestamp('login_alert_at', { withTimezone: true }),
  /** When the owner and the company were last e-mailed that the account's second factor is capped. */
  secondFactorAlertAt: timestamp('second_factor_alert_at', { withTimezone: true }),
  /** What the account may do (domain/staff-api/roles.ts); a check constraint keeps it to the two roles. */
  role: text('role').$type<StaffRole>().notNull().default('medarbejder'),
});

/** Staff sessions. The cookie holds a random token; only its SHA-256 is stored here. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null until the second factor was given: such a session may only enrol or verify TOTP. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The TOTP secret this session was shown to enrol with; it becomes the account's on confirmation. */
    totpSecret: text('totp_secret'),
  },
  (table) => [index('staff_sessions_user_id_idx').on(table.userId)],
);

/** One-time recovery codes, given at TOTP enrolment; only their hashes are stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
);

export type LoginStep = 'password' | 'totp' | 'recovery';

/** Every login attempt, for the lockout after repeated failures (per account and per IP). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    /** Which step was tried: the password, or a second factor (the cap per account counts these). */
    step: text('step').$type<LoginStep>().notNull().default('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_email_idx').on(table.email, table.createdAt),
    index('login_attempts_ip_idx').on(table.ip, table.createdAt),
    index('login_attempts_email_ip_idx').on(table.email, table.ip, table.createdAt),
  ],
);

/**
 * What staff did (logins, failed logins, views, status changes, exports, erasures): written by
 * the server, readable by staff, never changed (a trigger refuses UPDATE and DELETE).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** The lead concerned, if any (kept after an erasure: an id says nothing about the person). */
    leadId: uuid('lead_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at.desc()),
    // A lead's timeline (server/oncall/assignment/lead-actions.ts).
    index('audit_log_lead_id_at_idx')
      .on(table.leadId, table.at)
      .where(sql`${table.leadId} is not null`),
  ],
);

/** Staff's internal notes on a lead. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lead_notes_lead_id_idx').on(table.leadId, table.createdAt)],
);

/**
 * Submission counters per key (client IP, e-mail address) and fixed window, held in the database
 * so that every server copy shares the same limit.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

export type MailJobStatus = 'pending' | 'sent' | 'failed';

/**
 * Outbox of e-mails to send. Written in the same statement or transaction as the lead; workers
 * claim due rows with FOR UPDATE SKIP LOCKED (docs/decisions/mail-outbox-table.md).
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** The lead the mail is about: erasing the lead removes its queued mails too. */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    status: text('status').$type<MailJobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_jobs_status_run_at_idx').on(table.status, table.runAt)],
);

export type UploadStatus = 'issued' | 'uploaded' | 'attached';

/** Upload URLs we issued: a lead may only reference these. */
export const uploads = pgTable('uploads', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  objectKey: text('object_key').notNull().unique(),
  status: text('status').$type<UploadStatus>().notNull().default('issued'),
  contentType: text('content_type'),
  size: integer('size'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
  /** The file name on the visitor's device, as the browser gave it when asking for the URL. */
  originalName: text('original_name'),
  /** The size the browser declared when asking for the URL (the upload budget counts it until the bytes arrive). */
  declaredSize: integer('declared_size'),
  /** Who asked for the URL: the per-IP upload budget. */
  clientIp: text('client_ip'),
  leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The on-call chain from `effectiveFrom` on: user ids in paging order, turned by one at every
 * weekly handover (weekday 0 = Monday, hour, Europe/Copenhagen). Changes add rows.
 */
export const oncallChains = pgTable(
  'oncall_chains',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    memberIds: uuid('member_ids').array().notNull(),
    handoverWeekday: integer('handover_weekday').notNull(),
    handoverHour: integer('handover_hour').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oncall_chains_effective_from_idx').on(table.effectiveFrom.desc())],
);

/** A person covering a time range as first in the chain ("Anna dækker fre 16–man 08"). */
export const oncallOverrides = pgTable(
  'oncall_overrides',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oncall_overrides_ends_at_idx').on(table.endsAt)],
);

/** ended: the lead was closed or filed as spam before anyone took it (server/oncall/paging/end-paging.ts). */
export type OncallPageStatus = 'pending' | 'exhausted' | 'acknowledged' | 'nobody' | 'ended';

/**
 * The escalation of one emergency, written with the lead (outbox pattern). `step` is the next
 * step, due at `runAt`; workers claim due rows with FOR UPDATE SKIP LOCKED and a lease.
 */
export const oncallPages = pgTable(
  'oncall_pages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .unique()
      .references(() => leads.id, { onDelete: 'cascade' }),
    status: text('status').$type<OncallPageStatus>().notNull().default('pending'),
    step: integer('step').notNull().default(0),
    /** The chain at the first step, in paging order; kept for the whole escalation. */
    chain: uuid('chain').array(),
    /** Everybody paged so far. */
    paged: uuid('paged')
      .array()
      .notNull()
      .default(sql`'{}'`),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Failed runs of the current step, and the last one's error (the lease then runs out). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /**
     * Acknowledged: when the callback ("Ringet op") is next checked (server/oncall/paging/callback-watch.ts);
     * null: nothing to watch.
     */
    callbackDueAt: timestamp('callback_due_at', { withTimezone: true }),
    /** When the person who took it was reminded by SMS of the missing callback; null: not yet. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('oncall_pages_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} = 'pending'`),
    index('oncall_pages_callback_due_idx')
      .on(table.callbackDueAt)
      .where(sql`${table.callbackDueAt} is not null`),
  ],
);

/**
 * reminder: "Ringet op" missing after taking it; test: the weekly test of the SMS path; reserve:
 * a surge asks a person of the reserve for help.
 */
export type OncallSmsPurpose = 'page' | 'digest' | 'taken' | 'reminder' | 'test' | 'reserve';
export type OncallSmsStatus = 'pending' | 'sent' | 'cancelled' | 'failed';

/** Outgoing on-call SMS, each claimed, sent and retried on its own. */
export const oncallSms = pgTable(
  'oncall_sms',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Null for a digest: it is about several emergencies (oncallPageNotices names it). */
    pageId: uuid('page_id').references(() => oncallPages.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<OncallSmsPurpose>().notNull(),
    /** A page carrying a critical emergency: claimed before the others. */
    critical: boolean('critical').notNull().default(false),
    step: integer('step').notNull(),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<OncallSmsStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    fallbackMailedAt: timestamp('fallback_mailed_at', { withTimezone: true }),
    providerIds: text('provider_ids'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The provider's delivery report (server/sms/delivery-status.ts): its state as it names it
     * (e.g. 'DELIVERED', 'UNDELIVERABLE'), its detail and when it came; null: no report.
     */
    deliveryState: text('delivery_state'),
    deliveryDetail: text('delivery_detail'),
    deliveryReportedAt: timestamp('delivery_reported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('oncall_sms_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} = 'pending'`),
    index('oncall_sms_page_id_idx').on(table.pageId),
    index('oncall_sms_lead_id_idx').on(table.leadId),
    index('oncall_sms_user_id_created_at_idx').on(table.userId, table.createdAt),
  ],
);

/** A gap in the rota the koordinatorer were e-mailed about (server/oncall/rota/rota-gaps.ts). */
export const oncallGapNotices = pgTable('oncall_gap_notices', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OncallNoticeStatus = 'waiting' | 'single' | 'digest' | 'dropped';

/**
 * "This emergency is due to this person at this step" (docs/decisions/paging-at-volume.md): a
 * page step writes notices, the person's dispatch turns the waiting ones into one SMS.
 */
export const oncallPageNotices = pgTable(
  'oncall_page_notices',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    pageId: uuid('page_id')
      .notNull()
      .references(() => oncallPages.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    /** The last step: everybody in the chain is paged again. */
    everybody: boolean('everybody').notNull().default(false),
    status: text('status').$type<OncallNoticeStatus>().notNull().default('waiting'),
    /** The SMS that carried it (a single page or a digest). */
    smsId: uuid('sms_id').references(() => oncallSms.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (table) => [
    index('oncall_page_notices_waiting_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.status} = 'waiting'`),
    index('oncall_page_notices_page_id_idx').on(table.pageId),
    index('oncall_page_notices_sms_id_idx').on(table.smsId),
  ],
);

/**
 * One job row per person (the id is the user's): due when the person's waiting notices may go
 * out; claimed with a lease so two server copies never send the same digest. It keeps the
 * person's budget: the last page SMS, and the last critical one sent outside the budget.
 */
export const oncallDispatch = pgTable(
  'oncall_dispatch',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'idle'>().notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastPageAt: timestamp('last_page_at', { withTimezone: true }),
    lastCriticalAt: timestamp('last_critical_at', { withTimezone: true }),
    /** When the person last opened the queue page: working the queue (server/oncall/surge/working.ts). */
    listOpenedAt: timestamp('list_opened_at', { withTimezone: true }),
    /** An all-hands digest is due to the person (server/oncall/paging/all-hands.ts). */
    allHandsDue: boolean('all_hands_due').notNull().default(false),
  },
  (table) => [
    index('oncall_dispatch_list_opened_idx')
      .on(table.listOpenedAt)
      .where(sql`${table.listOpenedAt} is not null`),
    index('oncall_dispatch_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * Short links in on-call SMS (server/oncall/paging/short-link.ts): `/v/<id>` stands for the signed link
 * of a page (`lead_id` set) or of the queue page, for one person, until `expires_at`. Only the
 * id's hash is kept.
 */
export const oncallLinks = pgTable(
  'oncall_links',
  {
    idHash: text('id_hash').primaryKey(),
    purpose: text('purpose').$type<'page' | 'queue'>().notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('oncall_links_expires_idx').on(table.expiresAt),
    index('oncall_links_lead_idx').on(table.leadId),
  ],
);

/**
 * The weeks whose on-call figures e-mail is queued (server/oncall/figures/figures.ts): the primary key
 * lets one server copy claim a week, in the transaction that queues the e-mail.
 */
export const oncallWeeklyReports = pgTable('oncall_weekly_reports', {
  /** Monday of the week (Europe/Copenhagen), 'YYYY-MM-DD'. */
  weekStart: date('week_start', { mode: 'string' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A koordinator's switches of surge mode (server/oncall/surge/surge.ts): the latest row is the manual state. */
export const surgeSwitches = pgTable(
  'surge_switches',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    on: boolean('on').notNull(),
    reason: text('reason'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
  },
  (table) => [index('surge_switches_at_idx').on(table.at.desc())],
);

/**
 * The periods of all hands (server/oncall/paging/all-hands.ts): from entering surge until leaving it.
 * At most one is open (`ended_at` null), kept by the unique index over a constant.
 */
export const oncallAllHands = pgTable(
  'oncall_all_hands',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The emergencies waiting and the people working when it began. */
    waiting: integer('waiting').notNull(),
    working: integer('working').notNull(),
    /** Begun by a koordinator's switch rather than by the counts. */
    manual: boolean('manual').notNull(),
  },
  (table) => [
    uniqueIndex('oncall_all_hands_open_idx')
      .on(sql`(true)`)
      .where(sql`${table.endedAt} is null`),
  ],
);

/** The reserve: people not on call whom a surge may ask for help (server/oncall/surge/reserve.ts). */
export const oncallReserve = pgTable('oncall_reserve', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  addedBy: text('added_by').notNull(),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  /** The last reserve call to the person: never two within 30 minutes. */
  calledAt: timestamp('called_at', { withTimezone: true }),
});

/** The "Ikke kvitteret" e-mail of each minute (server/oncall/paging/unacknowledged-mail.ts). */
export const oncallUnacknowledgedMinutes = pgTable('oncall_unacknowledged_minutes', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  mailJobId: uuid('mail_job_id')
    .notNull()
    .references(() => mailJobs.id, { onDelete: 'cascade' }),
});

/** Form tokens a lead was sent with (SHA-256): a token brings one lead. */
export const spentFormTokens = pgTable(
  'spent_form_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    spentAt: timestamp('spent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('spent_form_tokens_spent_at_idx').on(table.spentAt)],
);

/**
 * When each e-mail to an address a visitor typed (receipt, requested PDF) may go: at most
 * RECEIPT_MAIL_MAX_PER_HOUR in any hour across the site (server/leads/visitor-mail.ts).
 */
export const visitorMailSlots = pgTable(
  'visitor_mail_slots',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('visitor_mail_slots_at_idx').on(table.at.desc())],
);

/** Periodic jobs that run once per period whatever the number of server copies: one claims it here. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.job, table.period] })],
);

export type PeriodicJobStatus = 'pending';

/**
 * The periodic jobs (server/queue/periodic.ts): one row per job, claimed like any job row, so one
 * server copy runs a job at a time, and a run moves the next one on for every copy.
 */
export const periodicJobs = pgTable('periodic_jobs', {
  id: text('id').primaryKey(),
  /** Always 'pending': a periodic job is never done, only due again later. */
  status: text('status').$type<PeriodicJobStatus>().notNull().default('pending'),
  runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Failed runs in a row, and the last one's error. */
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

/**
 * Links to the customer's case page (/sag/<token>, server/case/). Only the SHA-256 of the random
 * token is stored; one row per e-mail that carried a link, so a receipt composed again after a
 * refused attempt replaces its own token. Revoked by staff, gone with the lead.
 */
export const caseLinks = pgTable(
  'case_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    mailJobId: uuid('mail_job_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('case_links_lead_id_idx').on(table.leadId)],
);

/**
 * Photos the customer added on the case page. The photo is a `lead_images` row like the form's
 * photos (so e-mails, the inbox, export, erasure and retention treat it alike); this row marks it
 * as added later and groups one upload's photos into a batch (one staff e-mail per batch).
 */
export const casePhotos = pgTable(
  'case_photos',
  {
    imageId: uuid('image_id')
      .primaryKey()
      .references(() => leadImages.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The customer's answer the photo came with (an e-mail's attachment); null: added on its own. */
    messageId: uuid('message_id').references((): AnyPgColumn => leadMessages.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('case_photos_lead_id_idx').on(table.leadId, table.createdAt),
    index('case_photos_message_id_idx')
      .on(table.messageId)
      .where(sql`${table.messageId} is not null`),
  ],
);

export type LeadMessageDirection = 'out' | 'in';
export type LeadMessageChannel = 'email' | 'sms' | 'case-page' | 'taksator';

/**
 * Messages between us and the customer of a lead (docs/decisions/lead-messages.md). Ours
 * ('out') are kept on the case page (`channel` 'case-page') and go out as copies by e-mail
 * (`mailJobId`, the outbox's row) and SMS (lead_message_sms); the customer's ('in') say the
 * channel they came by (those written on the case page too: 'case-page'). A batch update gives
 * each lead its own row with the batch's id. The loss adjuster's thread ('taksator', both ways) is
 * a thread of its own: the customer's thread and case page never read it.
 */
export const leadMessages = pgTable(
  'lead_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<LeadMessageDirection>().notNull(),
    channel: text('channel').$type<LeadMessageChannel>().notNull(),
    body: text('body').notNull(),
    /** The staff member who wrote it; null for the customer's. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    batchId: uuid('batch_id'),
    /**
     * The job of its e-mail copy (null: none). No foreign key: the id is the e-mail's Message-ID,
     * which the thread's next e-mail refers to after the job row is cleaned up.
     */
    mailJobId: uuid('mail_job_id'),
    /**
     * Where a customer's answer came from (the e-mail's Message-ID, the SMS gateway's id): an
     * answer read twice is stored once per lead (docs/decisions/incoming-answers.md).
     */
    incomingId: text('incoming_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lead_messages_lead_id_idx').on(table.leadId, table.createdAt),
    index('lead_messages_batch_id_idx')
      .on(table.batchId)
      .where(sql`${table.batchId} is not null`),
    uniqueIndex('lead_messages_incoming_id_idx')
      .on(table.leadId, table.incomingId)
      .where(sql`${table.incomingId} is not null`),
  ],
);

export type LeadMessageSmsStatus = 'pending' | 'sent' | 'failed';

/** The SMS copy of one message: a job table, sent one at a time and retried while the gateway fails. */
export const leadMessageSms = pgTable(
  'lead_message_sms',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    messageId: uuid('message_id')
      .notNull()
      .unique()
      .references(() => leadMessages.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    /** The text without the case link (a link is made anew at each attempt). */
    body: text('body').notNull(),
    status: text('status').$type<LeadMessageSmsStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    providerIds: text('provider_ids'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The parts it is billed as, counted when written (domain/sms-parts.ts). */
    parts: integer('parts').notNull().default(1),
    /** For a status message's copy, what it told ('visit' or 'done'); null for staff's own. */
    about: text('about'),
  },
  (table) => [
    index('lead_message_sms_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} = 'pending'`),
    index('lead_message_sms_lead_id_idx').on(table.leadId),
    index('lead_message_sms_about_idx')
      .on(table.leadId, table.createdAt)
      .where(sql`${table.about} IS NOT NULL`),
  ],
);

/** Customer SMS parts written per Danish calendar day (server/messages/outgoing/sms-budget.ts). */
export const smsDailyParts = pgTable('sms_daily_parts', {
  /** "2026-11-28", the day in Copenhagen. */
  day: text('day').primaryKey(),
  parts: integer('parts').notNull().default(0),
  /** When the day's warning e-mail was queued (once a day). */
  warnedAt: timestamp('warned_at', { withTimezone: true }),
});

/** Each batch update's text, hashed, so the same text is not sent again within minutes. */
export const leadMessageBatches = pgTable(
  'lead_message_batches',
  {
    id: uuid('id').primaryKey(),
    textHash: text('text_hash').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('lead_message_batches_text_idx').on(table.textHash, table.createdAt)],
);

/**
 * The insurers a lead can name (by the name its form recorded), with each one's rules for the case
 * after the call: where the first report goes, how soon an emergency is on site, when the first
 * report is due (domain/insurers.ts). Seeded from the forms' list; edited by a koordinator.
 */
export const insurers = pgTable('insurers', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name').notNull().unique(),
  claimsEmail: text('claims_email'),
  /** Hours from the call-back to on site for an emergency; null: the default rule. */
  onSiteHours: integer('on_site_hours'),
  reportRule: text('report_rule').$type<ReportRule>().notNull().default('next-business-day'),
  /** Business hours from an assignment's arrival to the call to its policyholder; null: the default rule. */
  firstResponseHours: integer('first_response_hours'),
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The milestones of a case after the call (domain/milestones.ts): each a recorded fact with who
 * recorded it. A mistake is withdrawn, not deleted, so the history shows the correction; only
 * milestones not withdrawn count anywhere. One damage stop per lead (a unique partial index).
 */
export const leadMilestones = pgTable(
  'lead_milestones',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MilestoneKind>().notNull(),
    /** When it happened (staff may record it afterwards): never in the future, never before the lead. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    note: text('note'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('lead_milestones_lead_id_idx').on(table.leadId, table.at),
    // The running clocks of the overdue filters and the reminder: starts and ends of one kind.
    index('lead_milestones_open_kind_idx')
      .on(table.kind, table.leadId, table.at)
      .where(sql`${table.withdrawnAt} is null`),
    uniqueIndex('lead_milestones_one_damage_stop_idx')
      .on(table.leadId)
      .where(sql`${table.kind} = 'skadestop' and ${table.withdrawnAt} is null`),
  ],
);

/** The drying log: one moisture reading per row (domain/moisture.ts); withdrawn like a milestone. */
export const moistureReadings = pgTable(
  'moisture_readings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    room: text('room').notNull(),
    point: text('point').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').$type<MoistureUnit>().notNull(),
    method: text('method'),
    material: text('material'),
    /** The value the material should reach, on the reading's unit; null: not given. */
    target: doublePrecision('target'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('moisture_readings_lead_id_idx').on(table.leadId, table.room, table.point, table.at)],
);

/**
 * The first reports sent to a lead's insurer (server/casework/report/): each kept as it was sent,
 * the PDF in object storage under `objectKey` (removed with the lead by erasure and retention),
 * with the recipients and the e-mail that carried it (its job and Message-ID). A report sent again
 * is a new row; none is overwritten.
 */
export const leadReports = pgTable(
  'lead_reports',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    recipients: text('recipients').array().notNull(),
    mailJobId: uuid('mail_job_id').notNull(),
    messageId: text('message_id').notNull(),
    objectKey: text('object_key').notNull().unique(),
    bytes: integer('bytes').notNull(),
  },
  (table) => [index('lead_reports_lead_id_idx').on(table.leadId, table.createdAt)],
);

/**
 * The loss adjuster's (taksator's) private links to a case, /taksator/<token>
 * (server/casework/adjuster/): only the token's SHA-256 is stored. A link opens the page until
 * `expiresAt` or until staff revoke it; the row stays for the history.
 */
export const adjusterLinks = pgTable(
  'adjuster_links',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The insurer the adjuster works for, as staff named it; null: the lead's own. */
    insurer: text('insurer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
  },
  (table) => [index('adjuster_links_lead_id_idx').on(table.leadId, table.createdAt)],
);

/**
 * The insurers' API keys (server/insurer-api/keys.ts): one insurer each, shown once when made;
 * only the SHA-256 of the secret part is kept. A revoked key stays, with when.
 */
export const insurerApiKeys = pgTable('insurer_api_keys', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  insurerId: uuid('insurer_id')
    .notNull()
    .references(() => insurers.id),
  /** The key's first part, by which it is found ("ik_<publicId>_<secret>"). */
  publicId: text('public_id').notNull().unique(),
  secretHash: text('secret_hash').notNull(),
  label: text('label'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Who made it (`cli:<system user>`). */
  createdBy: text('created_by').notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  useCount: integer('use_count').notNull().default(0),
});

/** The cases the insurers' API made: one per insurer and claim number (lead null while it is made). */
export const insurerAssignments = pgTable(
  'insurer_assignments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    insurerId: uuid('insurer_id')
      .notNull()
      .references(() => insurers.id),
    keyId: uuid('key_id')
      .notNull()
      .references(() => insurerApiKeys.id),
    /** The claim number as compared: trimmed, spaces collapsed, lower case. */
    claimKey: text('claim_key').notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    reference: text('reference'),
    adjusterLinkId: uuid('adjuster_link_id').references(() => adjusterLinks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('insurer_assignments_claim_idx').on(table.insurerId, table.claimKey),
    index('insurer_assignments_reference_idx').on(table.reference),
  ],
);

/** Answers kept 24 hours for a request's Idempotency-Key (status null: still being made). */
export const insurerApiIdempotency = pgTable(
  'insurer_api_idempotency',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => insurerApiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    bodyHash: text('body_hash').notNull(),
    status: integer('status'),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'insurer_api_idempotency_pk', columns: [table.keyId, table.idempotencyKey] }),
  ],
);

/**
 * The customer's answer to "Hvor tilfreds er du med vores hjælp?" (server/case/satisfaction.ts): one
 * row per lead, written when the question is queued on closing the case with a notice, answered on
 * the case page (score 1–5, changeable for 14 days from `answeredAt`). An answer of 1 or 2 waits
 * for a koordinator's follow-up (`handledAt`).
 */
export const customerSatisfaction = pgTable(
  'customer_satisfaction',
  {
    leadId: uuid('lead_id')
      .primaryKey()
      .references(() => leads.id, { onDelete: 'cascade' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    score: integer('score'),
    comment: text('comment'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledByName: text('handled_by_name'),
  },
  (table) => [
    index('customer_satisfaction_answered_idx')
      .on(table.answeredAt)
      .where(sql`${table.score} is not null`),
    index('customer_satisfaction_unhappy_idx')
      .on(table.leadId)
      .where(sql`${table.score} <= 2 and ${table.handledAt} is null`),
  ],
);

/**
 * The loss adjuster's answer to the satisfaction question on their page, once a report was sent
 * (server/casework/adjuster/satisfaction.ts): one row per adjuster link, kept apart from the
 * customers' answers. `insurer`: the link's, else the lead's, as it was when answered.
 */
export const adjusterSatisfaction = pgTable(
  'adjuster_satisfaction',
  {
    adjusterLinkId: uuid('adjuster_link_id')
      .primaryKey()
      .references(() => adjusterLinks.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    adjusterName: text('adjuster_name').notNull(),
    insurer: text('insurer'),
    score: integer('score').notNull(),
    comment: text('comment'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }),
  },
  (table) => [
    index('adjuster_satisfaction_lead_idx').on(table.leadId),
    index('adjuster_satisfaction_answered_idx').on(table.answeredAt),
  ],
);
