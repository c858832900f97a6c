/**
 * The database schema. SQL must run on PostgreSQL 15 and PGlite.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LeadDetails, LeadKind, LeadStatus } from '../../domain/lead.ts';

/**
 * Every lead from the four forms. The columns every kind has are columns; the kind's own fields
 * (validated by its schema in domain/) are `details`, by the names its form uses.
 */
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
    details: jsonb('details').$type<LeadDetails>().notNull().default({}),
    /** Why the spam checks found the lead suspect; null when they did not. */
    spamReasons: text('spam_reasons').array(),
    /** Kept to stop misuse, as the privacy policy says. */
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('leads_created_at_id_idx').on(table.createdAt.desc(), table.id.desc()),
    index('leads_email_idx').on(table.email),
    index('leads_phone_idx').on(table.phone),
  ],
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

/** Staff accounts. */
export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
});

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
  leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
