/**
 * The inbox's work on leads: the list (filters, search, keyset pagination, counts per status),
 * one lead with its photos and notes, status and customer changes, notes and the CSV export.
 */
import { and, asc, count, eq, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  leadKindLabels,
  leadRows,
  leadStatuses,
  leadTopic,
  leadValues,
  type LeadKind,
  type LeadStatus,
} from '../../domain/lead.ts';
import { spamReasonLabels, type SpamReason } from '../../domain/spam.ts';
import type { Db } from '../db/client.ts';
import { leadCounts, leadImages, leadNotes, leads, mailJobs, users } from '../db/schema.ts';
import type { ObjectStore } from '../storage/object-store.ts';

export interface StaffDeps {
  db: Db;
  storage: Pick<ObjectStore, 'signedReadUrl'>;
  mail: { notify(): void };
  now?: () => Date;
}

export interface LeadFilter {
  kind?: LeadKind | undefined;
  status?: LeadStatus | undefined;
  /** Danish calendar days, YYYY-MM-DD, both included. */
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

/** How long a photo link in the inbox works. */
export const photoLinkTtlSeconds = 5 * 60;
export const listPageSize = 50;

/** Midnight at the start of a Danish calendar day, as an instant. */
export function copenhagenMidnight(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  // The offset of Danish time from UTC on that day (1 or 2 hours).
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Copenhagen',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(utcMidnight));
  const offsetHours = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  return new Date(utcMidnight - offsetHours * 60 * 60_000);
}

function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The conditions of a filter, without the status (the counts per status use the rest). */
function filterConditions(filter: LeadFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  if (filter.from) conditions.push(gte(leads.createdAt, copenhagenMidnight(filter.from)));
  if (filter.to) conditions.push(lt(leads.createdAt, copenhagenMidnight(nextDay(filter.to))));
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    // One stored, lower-cased column holds name, e-mail, reference, phone, address and message.
    const matches: SQL[] = [sql`${leads.searchText} like ${`%${escapeLike(q)}%`}`];
    // A phone number as people type it: '12 34 56 78', '+45 12345678'.
    const digits = q.replace(/[\s\-.()]/g, '');
    if (digits !== q && /^\+?\d{4,15}$/.test(digits)) {
      matches.push(sql`${leads.searchText} like ${`%${escapeLike(digits)}%`}`);
    }
    conditions.push(or(...matches)!);
  }
  return conditions;
}

function statusCondition(status: LeadStatus | undefined): SQL {
  // Spam stays out of the everyday view; it is looked at on purpose.
  return status ? eq(leads.status, status) : ne(leads.status, 'spam');
}

function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | null {
  if (!cursor) return null;
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}

export class LeadNotFound extends Error {
  override name = 'LeadNotFound';
}

const summaryColumns = {
  id: leads.id,
  kind: leads.kind,
  reference: leads.reference,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  status: leads.status,
  createdAt: leads.createdAt,
  isCustomer: leads.isCustomer,
  details: leads.details,
  // The exact stored time (microseconds), so the cursor never skips or repeats a row.
  cursorAt: sql<string>`${leads.createdAt}::text`,
  imageCount: sql<number>`(select count(*) from ${leadImages} where ${leadImages.leadId} = ${leads.id})::int`,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & {
  id: string;
  kind: LeadKind;
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  status: LeadStatus;
  createdAt: Date;
  isCustomer: boolean;
  details: Record<string, string>;
  imageCount: number;
};

function summary(row: SummaryRow) {
  return {
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    isCustomer: row.isCustomer,
    imageCount: Number(row.imageCount),
    topic: leadTopic(row.kind, row.details) || null,
  };
}

export type LeadSummary = ReturnType<typeof summary>;

/** Newest first, in the order of the indexes (DESC NULLS LAST), so the database reads them in order. */
const newestFirst = [sql`${leads.createdAt} desc nulls last`, sql`${leads.id} desc nulls last`];

/**
 * The number of leads per status for a filter. Without a date range or search they come from
 * `lead_counts` (kept by triggers), otherwise they are counted.
 */
async function countsByStatus(deps: StaffDeps, filter: LeadFilter): Promise<Record<LeadStatus, number>> {
  const counts = Object.fromEntries(leadStatuses.map((status) => [status, 0])) as Record<LeadStatus, number>;
  const counted =
    filter.from || filter.to || filter.q?.trim()
      ? await deps.db
          .select({ status: leads.status, n: count() })
          .from(leads)
          .where(and(...filterConditions(filter)))
          .groupBy(leads.status)
      : await deps.db
          .select({ status: leadCounts.status, n: sql<number>`sum(${leadCounts.n})` })
          .from(leadCounts)
          .where(filter.kind ? eq(leadCounts.kind, filter.kind) : undefined)
          .groupBy(leadCounts.status);
  for (const row of counted) counts[row.status] = Number(row.n);
  return counts;
}

/** One page of a filter, newest first, after `cursor`; `nextCursor` when more follow. */
async function leadPage(
  deps: StaffDeps,
  filter: LeadFilter & { cursor?: string | undefined },
  limit: number,
) {
  const cursor = decodeCursor(filter.cursor);
  const page = (await deps.db
    .select(summaryColumns)
    .from(leads)
    .where(
      and(
        ...filterConditions(filter),
        statusCondition(filter.status),
        cursor
          ? sql`(${leads.createdAt}, ${leads.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit + 1)) as SummaryRow[];
  const rows = page.slice(0, limit);
  const last = rows.at(-1);
  return {
    rows,
    nextCursor: page.length > limit && last ? encodeCursor(String(last.cursorAt), last.id) : null,
  };
}

export async function listLeads(
  deps: StaffDeps,
  filter: LeadFilter & { cursor?: string | undefined; limit?: number | undefined },
) {
  const limit = Math.min(Math.max(filter.limit ?? listPageSize, 1), 200);
  const [page, counts] = await Promise.all([leadPage(deps, filter, limit), countsByStatus(deps, filter)]);
  return { leads: page.rows.map(summary), nextCursor: page.nextCursor, counts };
}

/** Every lead of a filter with all its fields, a page at a time (the CSV export). */
export async function* allLeads(deps: StaffDeps, filter: LeadFilter, max = 100_000) {
  let cursor: string | undefined;
  let sent = 0;
  while (sent < max) {
    const page = await leadPage(deps, { ...filter, cursor }, 500);
    for (const row of page.rows) yield { ...row, imageCount: Number(row.imageCount) };
    sent += page.rows.length;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

export async function getLead(deps: StaffDeps, id: string) {
  const [row] = await deps.db
    .select({ lead: leads, changedBy: users.name, changedByEmail: users.email })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.statusChangedBy))
    .where(eq(leads.id, id));
  if (!row) throw new LeadNotFound('Henvendelsen findes ikke.');
  const { lead } = row;
  const [images, notes] = await Promise.all([
    deps.db.select().from(leadImages).where(eq(leadImages.leadId, id)).orderBy(asc(leadImages.position)),
    deps.db.select().from(leadNotes).where(eq(leadNotes.leadId, id)).orderBy(asc(leadNotes.createdAt)),
  ]);
  const values = leadValues(
    lead.kind,
    { name: lead.name, email: lead.email, phone: lead.phone ?? undefined },
    lead.details,
  );
  return {
    id: lead.id,
    kind: lead.kind,
    kindLabel: leadKindLabels[lead.kind],
    reference: lead.reference,
    status: lead.status,
    createdAt: lead.createdAt.toISOString(),
    statusChangedAt: lead.statusChangedAt?.toISOString() ?? null,
    statusChangedBy: row.changedBy ?? row.changedByEmail ?? null,
    isCustomer: lead.isCustomer,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    rows: leadRows(lead.kind, values),
    spamReasons: lead.spamReasons?.map((reason) => spamReasonLabels[reason as SpamReason] ?? reason) ?? null,
    images: await Promise.all(
      images.map(async (image) => ({
        id: image.id,
        contentType: image.contentType,
        originalName: image.originalName,
        bytes: image.bytes,
        url: await deps.storage.signedReadUrl(image.objectKey, photoLinkTtlSeconds),
      })),
    ),
    notes: notes.map((note) => ({
      id: note.id,
      authorName: note.authorName,
      body: note.body,
      createdAt: note.createdAt.toISOString(),
    })),
  };
}

export interface Staff {
  userId: string;
  email: string;
  name: string | null;
}

/**
 * Changes status and/or the customer mark. A lead taken out of spam ("Ikke spam") gets the staff
 * notification it was held back from; the sender's receipt is not sent days later.
 */
export async function updateLead(
  deps: StaffDeps,
  id: string,
  change: { status?: LeadStatus | undefined; isCustomer?: boolean | undefined },
  staff: Staff,
): Promise<{ before: { status: LeadStatus; isCustomer: boolean } }> {
  const now = deps.now?.() ?? new Date();
  const result = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    if (!current) throw new LeadNotFound('Henvendelsen findes ikke.');
    const statusChanges = change.status !== undefined && change.status !== current.status;
    await tx
      .update(leads)
      .set({
        ...(statusChanges
          ? { status: change.status, statusChangedAt: now, statusChangedBy: staff.userId }
          : {}),
        ...(change.isCustomer !== undefined ? { isCustomer: change.isCustomer } : {}),
      })
      .where(eq(leads.id, id));
    const notify = statusChanges && current.status === 'spam';
    if (notify)
      await tx.insert(mailJobs).values({ kind: 'lead-notification', payload: { leadId: id }, leadId: id });
    return { before: { status: current.status, isCustomer: current.isCustomer }, notify };
  });
  if (result.notify) deps.mail.notify();
  return { before: result.before };
}

export async function addNote(deps: StaffDeps, id: string, body: string, staff: Staff) {
  const [lead] = await deps.db.select({ id: leads.id }).from(leads).where(eq(leads.id, id));
  if (!lead) throw new LeadNotFound('Henvendelsen findes ikke.');
  const [note] = await deps.db
    .insert(leadNotes)
    .values({
      leadId: id,
      authorId: staff.userId,
      authorName: staff.name ?? staff.email,
      body,
      ...(deps.now ? { createdAt: deps.now() } : {}),
    })
    .returning();
  return {
    id: note!.id,
    authorName: note!.authorName,
    body: note!.body,
    createdAt: note!.createdAt.toISOString(),
  };
}
