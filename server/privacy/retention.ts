/**
 * The privacy policy's deletion promises, kept by a daily job. The periods come from
 * domain/constants.ts `retention`, the same numbers the policy text shows:
 *
 * - enquiries (leads not marked as customers): `contactEnquiriesYears` after the latest contact;
 * - customers: `customerDataYearsAfterContract` after the agreement ended, which is when staff
 *   closed the case ("Afsluttet"); while the case is open nothing of a customer is deleted;
 * - with a lead go its photo objects (local disk or S3), its photo rows and upload rows, the
 *   .eml copies of its mails (found by their mail jobs, server/mail/mail-files.ts), its mail jobs,
 *   its on-call page and SMS rows with the files the SMS file transport wrote for them (found by
 *   their SMS rows, server/sms/sms-files.ts), its notes, and what its customer case page holds: the photos added there (photo rows like
 *   the form's), the customer's messages and the page's links, so the link stops working (the
 *   last ones by ON DELETE CASCADE). A photo or message added on the case page is a contact: it
 *   moves the lead's latest contact, from which the enquiry period runs;
 * - any other copies of sent e-mails the .eml transport keeps in DATA_DIR/mail (the spam digest,
 *   the weekly figures, a customer's older mails), and of SMS in DATA_DIR/sms: after the enquiry
 *   period;
 * - submission counters after a day, login attempts after 30 days;
 * - spent form tokens after eight days (a week-old token counts as forged anyway), e-mail slots
 *   under the hourly cap after an hour, records of periodic jobs' runs after 60 days, an
 *   emergency's client key (server/leads/client-cap.ts) after a day.
 *
 * Uploads never attached to a lead are purged by server/uploads/purge.ts. The job engine runs one
 * copy of the job at a time (server/queue/periodic.ts); leads are still taken in batches with
 * FOR UPDATE SKIP LOCKED, so a run that outlived its lease and the one that took over never
 * delete the same lead twice or wait for each other; every other step may safely run twice.
 * Each run logs what it deleted as counts, never contents.
 */
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { retention } from '../../domain/constants.ts';
import type { Db } from '../db/client.ts';
import {
  jobRuns,
  leadImages,
  leadReports,
  leads,
  loginAttempts,
  rateLimitCounters,
  spentFormTokens,
  uploads,
} from '../db/schema.ts';
import { deleteMailFilesOfJobs, mailJobIdsOfLeads } from '../mail/mail-files.ts';
import { deleteOldVisitorMailSlots } from '../leads/visitor-mail.ts';
import { clearOldClientKeys } from '../leads/client-cap.ts';
import { deleteOldSmsFiles, deleteSmsFiles, smsIdsOfLeads } from '../sms/sms-files.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { PeriodicJob, PeriodicLog } from '../queue/periodic.ts';

const day = 24 * 60 * 60_000;

export const retentionPeriods = {
  enquiryYears: retention.contactEnquiriesYears,
  customerYears: retention.customerDataYearsAfterContract,
  rateLimitCounterMs: day,
  loginAttemptMs: 30 * day,
  spentFormTokenMs: 8 * day,
  jobRunMs: 60 * day,
} as const;

const batchSize = 100;

export interface RetentionDeps {
  db: Db;
  storage: Pick<ObjectStore, 'delete'>;
  /** Where the .eml transport writes (DATA_DIR/mail). */
  mailDir: string;
  /** Where the file SMS transport writes (DATA_DIR/sms). */
  smsDir?: string | undefined;
  log?: PeriodicLog;
}

export interface RetentionResult {
  leads: number;
  customers: number;
  photos: number;
  orphanedUploads: number;
  mailFiles: number;
  smsFiles: number;
  rateLimitCounters: number;
  loginAttempts: number;
  /** Spent form tokens, e-mail slots, job runs and emergencies' client keys past their use. */
  abuseRecords: number;
}

/** The same calendar date `years` earlier (29 February becomes 1 March). */
export function yearsBefore(now: Date, years: number): Date {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
}

/** The counts of a run that found nothing past its period. */
export const nothingDeleted = (): RetentionResult => ({
  leads: 0,
  customers: 0,
  photos: 0,
  orphanedUploads: 0,
  mailFiles: 0,
  smsFiles: 0,
  rateLimitCounters: 0,
  loginAttempts: 0,
  abuseRecords: 0,
});

/** Deletes everything past its period at `now`; returns the counts. */
export async function runRetention(deps: RetentionDeps, now: Date = new Date()): Promise<RetentionResult> {
  const result = nothingDeleted();
  await deleteExpiredLeads(deps, now, result);
  result.orphanedUploads = await deleteOrphanedUploads(deps);
  result.mailFiles += await deleteOldMailFiles(deps.mailDir, yearsBefore(now, retentionPeriods.enquiryYears));
  result.smsFiles += await deleteOldSmsFiles(deps.smsDir, yearsBefore(now, retentionPeriods.enquiryYears));
  result.rateLimitCounters = (
    await deps.db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - retentionPeriods.rateLimitCounterMs)))
      .returning({ key: rateLimitCounters.key })
  ).length;
  result.loginAttempts = (
    await deps.db
      .delete(loginAttempts)
      .where(lt(loginAttempts.createdAt, new Date(now.getTime() - retentionPeriods.loginAttemptMs)))
      .returning({ id: loginAttempts.id })
  ).length;
  result.abuseRecords =
    (
      await deps.db
        .delete(spentFormTokens)
        .where(lt(spentFormTokens.spentAt, new Date(now.getTime() - retentionPeriods.spentFormTokenMs)))
        .returning({ hash: spentFormTokens.tokenHash })
    ).length +
    (await deleteOldVisitorMailSlots(deps.db, now)) +
    (await clearOldClientKeys(deps.db, now)) +
    (
      await deps.db
        .delete(jobRuns)
        .where(lt(jobRuns.ranAt, new Date(now.getTime() - retentionPeriods.jobRunMs)))
        .returning({ job: jobRuns.job })
    ).length;
  deps.log?.info({ deleted: result }, 'retention: deleted what is past its period');
  return result;
}

async function deleteExpiredLeads(deps: RetentionDeps, now: Date, result: RetentionResult): Promise<void> {
  const expired = or(
    and(
      eq(leads.isCustomer, false),
      lt(leads.lastContactAt, yearsBefore(now, retentionPeriods.enquiryYears)),
    ),
    and(
      eq(leads.isCustomer, true),
      eq(leads.status, 'done'),
      lt(leads.statusChangedAt, yearsBefore(now, retentionPeriods.customerYears)),
      lt(leads.lastContactAt, yearsBefore(now, retentionPeriods.customerYears)),
    ),
  );
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: leads.id, isCustomer: leads.isCustomer })
        .from(leads)
        .where(expired)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return rows;
      const ids = rows.map((row) => row.id);
      const keys = new Set<string>();
      for (const row of await tx
        .select({ key: leadImages.objectKey })
        .from(leadImages)
        .where(inArray(leadImages.leadId, ids)))
        keys.add(row.key);
      for (const row of await tx
        .select({ key: leadReports.objectKey })
        .from(leadReports)
        .where(inArray(leadReports.leadId, ids)))
        keys.add(row.key);
      for (const row of await tx
        .select({ key: uploads.objectKey })
        .from(uploads)
        .where(inArray(uploads.leadId, ids)))
        keys.add(row.key);
      // Objects, mail and SMS files first: a crash after this leaves rows to retry, never a row
      // without its object deleted. Deleting a missing object or file is not an error.
      for (const key of keys) await deps.storage.delete(key);
      result.mailFiles += await deleteMailFilesOfJobs(deps.mailDir, await mailJobIdsOfLeads(tx, ids));
      result.smsFiles += await deleteSmsFiles(deps.smsDir, await smsIdsOfLeads(tx, ids));
      await tx
        .delete(uploads)
        .where(
          or(inArray(uploads.leadId, ids), keys.size > 0 ? inArray(uploads.objectKey, [...keys]) : undefined),
        );
      // Photo rows, notes, mail jobs, the on-call page and its SMS rows go with the lead
      // (ON DELETE CASCADE).
      await tx.delete(leads).where(inArray(leads.id, ids));
      result.photos += keys.size;
      return rows;
    });
    result.leads += batch.length;
    result.customers += batch.filter((row) => row.isCustomer).length;
    if (batch.length < batchSize) break;
  }
}

/**
 * Uploads attached to a lead that no longer exists (removed some other way) whose object no
 * lead's photo uses: their object and row go too.
 */
async function deleteOrphanedUploads(deps: RetentionDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: uploads.id, objectKey: uploads.objectKey })
        .from(uploads)
        .where(
          and(
            eq(uploads.status, 'attached'),
            isNull(uploads.leadId),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(leadImages)
                .where(eq(leadImages.objectKey, uploads.objectKey)),
            ),
          ),
        )
        .limit(batchSize)
        .for('update', { skipLocked: true });
      for (const row of rows) await deps.storage.delete(row.objectKey);
      if (rows.length > 0)
        await tx.delete(uploads).where(
          inArray(
            uploads.id,
            rows.map((row) => row.id),
          ),
        );
      return rows.length;
    });
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/** .eml files last written before `cutoff` (they hold what the leads said). */
async function deleteOldMailFiles(dir: string, cutoff: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith('.eml') && !name.endsWith('.eml.tmp')) continue;
    const file = join(dir, name);
    try {
      if ((await stat(file)).mtimeMs >= cutoff.getTime()) continue;
      await unlink(file);
      deleted++;
    } catch (error) {
      // Another server copy sharing DATA_DIR deleted it first.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return deleted;
}

/** Retention as a periodic job: daily, the first run shortly after start (not during it). */
export function retentionJob(deps: RetentionDeps): PeriodicJob {
  return {
    id: 'retention',
    name: 'retention: deleting old data',
    intervalMs: day,
    firstRunAfterMs: 30_000,
    run: (now) => runRetention(deps, now),
  };
}
