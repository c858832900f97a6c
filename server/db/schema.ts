/**
 * The database schema (SPEC §3 plus our own tables). SQL must run on PostgreSQL 15 and PGlite.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every enquiry from the contact, emergency and damage-report forms (SPEC §3). */
export const contactSubmissions = pgTable('contact_submissions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** Short human-friendly reference shown to the visitor and used in e-mails. */
  reference: text('reference').notNull().unique(),
  type: text('type').notNull().default('general'),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  service: text('service').notNull(),
  message: text('message'),
  /** Object references (never base64 data, DESIGN decision 5). */
  images: text('images').array(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SPEC §3: not used by any screen, kept for parity with the earlier build. */
export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
});

export const resourceRequests = pgTable('resource_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  reference: text('reference').notNull().unique(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  companyName: text('company_name'),
  resourceTitle: text('resource_title').notNull(),
  resourceType: text('resource_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MailJobStatus = 'pending' | 'sent' | 'failed';

/**
 * Outbox of e-mails to send (DESIGN §1, decision 6). Written in the same transaction as the
 * submission; workers claim due rows with FOR UPDATE SKIP LOCKED (docs/decisions).
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

/** Upload URLs we issued (DESIGN decision 4): a submission may only reference these. */
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
  submissionId: uuid('submission_id').references(() => contactSubmissions.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
