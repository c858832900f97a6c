/**
 * The inbox's reading of leads: the list (filters, search, keyset pagination, counts per status),
 * one lead with its photos and notes and the CSV export; searches, views of a lead or of its photos
 * and exports are noted in the audit log.
 * Changes to leads are in staff-lead-changes.ts.
 */
import { and, asc, count, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inbox } from '../../domain/constants.ts';
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
import type {
  LeadDetail,
  LeadFilter,
  LeadListQuery,
  LeadPage,
  LeadSummary,
} from '../../domain/staff-api/leads.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { casePhotos, leadCounts, leadImages, leadNotes, leads, users } from '../db/schema.ts';
import { caseLinkOf } from '../case/staff-case-link.ts';
import { firstOnSiteAt } from '../case/case-milestones.ts';
import { duplicateLinks } from '../leads/duplicates.ts';
import { copenhagenMidnight } from '../../domain/zoned-time.ts';
import { isDanishMobile } from '../../domain/phone.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { auditBy, recordAudit, type StaffActor } from '../staff/audit.ts';
import { LeadNotFound } from '../plugins/service-errors.ts';
import { after, decodeCursor, encodeCursor, newestFirst, prioritiesToRead } from './lead-order.ts';
import { deadlinePage } from './deadline-order.ts';
import { resolveOverdue, withNextDeadlines, type ResolvedFilter } from './list-clocks.ts';
import { leadIdIn } from '../casework/clocks/case-clock-facts.ts';
import type { LeadPriority } from '../../domain/triage.ts';
import { unhappyUnhandled } from './satisfaction.ts';

export interface StaffDeps {
  db: Db;
  storage: Pick<ObjectStore, 'signedReadUrl'>;
  now?: () => Date;
}

export type { LeadFilter };

/** How long a photo link in the inbox works: long enough to look, short enough not to share. */
export const inboxPhotoLinkTtlSeconds = 5 * 60;

function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The conditions of a filter, without the status (the counts per status use the rest).
 * `userId` is the staff member asking ("Mine sager" is theirs).
 */
function filterConditions(filter: ResolvedFilter<LeadFilter>, userId: string): SQL[] {
  const conditions: SQL[] = [];
  if (filter.overdueIds) conditions.push(leadIdIn(filter.overdueIds));
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  if (filter.akut === 'ja') conditions.push(eq(leads.pagesOnCall, true));
  if (filter.satisfaction === 'utilfreds') conditions.push(unhappyUnhandled);
  if (filter.priority) conditions.push(eq(leads.priority, filter.priority));
  if (filter.assigned === 'me') conditions.push(eq(leads.assignedTo, userId));
  if (filter.assigned === 'none') conditions.push(isNull(leads.assignedTo));
  if (filter.from) conditions.push(gte(leads.createdAt, copenhagenMidnight(filter.from)));
  if (filter.to) conditions.push(lt(leads.createdAt, copenhagenMidnight(nextDay(filter.to))));
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    // One stored, lower-cased column holds every searchable field (server/db/schema.ts).
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

const summaryColumns = {
  id: leads.id,
  kind: leads.kind,
  reference: leads.reference,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  status: leads.status,
  priority: leads.priority,
  pagesOnCall: leads.pagesOnCall,
  createdAt: leads.createdAt,
  isCustomer: leads.isCustomer,
  details: leads.details,
  firstResponseDueAt: leads.firstResponseDueAt,
  firstResponseAt: leads.firstResponseAt,
  // The exact stored time (microseconds), so the cursor never skips or repeats a row.
  cursorAt: sql<string>`${leads.createdAt}::text`,
  // Qualified by hand: inside the subquery a bare "id" would be lead_images.id.
  imageCount: sql<number>`(select count(*) from "lead_images" where "lead_images"."lead_id" = "leads"."id")::int`,
  // The thread's messages, both directions, by the (lead_id, created_at) index.
  messageCount: sql<number>`(select count(*) from "lead_messages" where "lead_messages"."lead_id" = "leads"."id")::int`,
  // The original's reference, by its primary key; null for a lead that repeats none.
  duplicateOf: sql<
    string | null
  >`(select "original"."reference" from "leads" as "original" where "original"."id" = "leads"."duplicate_of")`,
};

type SummaryRow = {
  id: string;
  kind: LeadKind;
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  status: LeadStatus;
  priority: LeadPriority;
  pagesOnCall: boolean;
  createdAt: Date;
  isCustomer: boolean;
  details: Record<string, string>;
  firstResponseDueAt: Date | null;
  firstResponseAt: Date | null;
  duplicateOf: string | null;
  cursorAt: string;
  cursorDue?: string | null;
  imageCount: number;
  messageCount: number;
};

/** The town of a Danish address as the forms write it: "Algade 1, 4000 Roskilde" → "Roskilde". */
export function postalTown(address: string | undefined): string | null {
  // Words, not a pattern with open runs on both sides: the address is the customer's own text.
  const words = (address ?? '').split(',').at(-1)!.trim().split(/\s+/);
  const postcode = words.findIndex(
    (word, index) => /^\d{4}$/.test(word) && index + 1 < words.length && !/^\d/.test(words[index + 1]!),
  );
  return postcode < 0 ? null : words.slice(postcode + 1).join(' ');
}

function summary(row: SummaryRow): LeadSummary {
  return {
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    town: postalTown(row.details.adresse),
    insurer: row.details.forsikringsselskab?.trim() || null,
    status: row.status,
    priority: row.priority,
    pagesOnCall: row.pagesOnCall,
    receivedAt: row.createdAt.toISOString(),
    isCustomer: row.isCustomer,
    photoCount: Number(row.imageCount),
    messageCount: Number(row.messageCount),
    topic: leadTopic(row.kind, row.details) || null,
    duplicateOf: row.duplicateOf,
    firstResponseDueAt: row.firstResponseDueAt?.toISOString() ?? null,
    firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
  };
}

/**
 * The number of leads per status for a filter. Without a date range, search, assignment or
 * priority they come from `lead_counts` (kept by triggers), otherwise they are counted.
 */
async function countsByStatus(
  deps: StaffDeps,
  filter: ResolvedFilter<LeadFilter>,
  userId: string,
): Promise<Record<LeadStatus, number>> {
  const counts = Object.fromEntries(leadStatuses.map((status) => [status, 0])) as Record<LeadStatus, number>;
  const counted =
    filter.from ||
    filter.to ||
    filter.q?.trim() ||
    filter.assigned ||
    filter.priority ||
    filter.akut ||
    filter.overdue ||
    filter.satisfaction
      ? await deps.db
          .select({ status: leads.status, n: count() })
          .from(leads)
          .where(and(...filterConditions(filter, userId)))
          .groupBy(leads.status)
      : await deps.db
          .select({ status: leadCounts.status, n: sql<number>`sum(${leadCounts.n})` })
          .from(leadCounts)
          .where(filter.kind ? eq(leadCounts.kind, filter.kind) : undefined)
          .groupBy(leadCounts.status);
  for (const row of counted) counts[row.status] = Number(row.n);
  return counts;
}

/**
 * One page of a filter in its order (newest first unless `sort` says priority), after `cursor`;
 * `nextCursor` when more follow.
 */
async function leadPage(
  deps: StaffDeps,
  filter: ResolvedFilter<LeadFilter & Pick<LeadListQuery, 'cursor' | 'sort'>>,
  limit: number,
  userId: string,
) {
  const sort = filter.sort ?? 'newest';
  const conditions = [...filterConditions(filter, userId), statusCondition(filter.status)];
  if (sort === 'deadline') {
    return deadlinePage<SummaryRow>(deps.db, summaryColumns, conditions, filter.cursor, limit);
  }
  const position = decodeCursor(filter.cursor, sort);
  const read = async (more: (SQL | undefined)[], count: number) =>
    (await deps.db
      .select(summaryColumns)
      .from(leads)
      .where(and(...conditions, ...more))
      .orderBy(...newestFirst)
      .limit(count)) as SummaryRow[];
  let page: SummaryRow[] = [];
  if (sort === 'newest') page = await read([after(position)], limit + 1);
  else {
    // One priority after the other, until the page and one more row are there.
    for (const priority of prioritiesToRead(filter.priority, position)) {
      const within = position?.priority === priority ? after(position) : undefined;
      page.push(...(await read([eq(leads.priority, priority), within], limit + 1 - page.length)));
      if (page.length > limit) break;
    }
  }
  const rows = page.slice(0, limit);
  const last = rows.at(-1);
  return {
    rows,
    nextCursor:
      page.length > limit && last
        ? encodeCursor(sort, { priority: last.priority, createdAt: last.cursorAt, id: last.id })
        : null,
  };
}

/** One page of the list for the staff member `userId` (whose "Mine sager" it is). */
export async function listLeads(deps: StaffDeps, query: LeadListQuery, userId: string): Promise<LeadPage> {
  const limit = Math.min(Math.max(query.limit ?? inbox.pageSize, 1), 200);
  const filter = await resolveOverdue(deps, query);
  const [page, counts] = await Promise.all([
    leadPage(deps, filter, limit, userId),
    countsByStatus(deps, filter, userId),
  ]);
  const rows = await withNextDeadlines(deps.db, page.rows.map(summary), filter.overdueFacts);
  return { leads: rows, nextCursor: page.nextCursor, counts };
}

/**
 * The list as a staff member asks for it. A search is noted in the audit log with the text typed
 * and the other filters, once: the further pages of the same search (with a cursor) are not.
 */
export async function listLeadsFor(
  deps: StaffDeps,
  query: LeadListQuery,
  actor: StaffActor,
): Promise<LeadPage> {
  const page = await listLeads(deps, query, actor.userId);
  const q = query.q?.trim();
  if (q && !query.cursor) {
    const { kind, status, priority, assigned, from, to, overdue } = query;
    const filter = Object.fromEntries(
      Object.entries({ kind, status, priority, assigned, from, to, overdue }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    await recordAudit(deps.db, auditBy(actor, { action: 'lead-search', details: { q, filter } }));
  }
  return page;
}

/** The list rows of the given leads (in any order; missing ids are left out). */
export async function leadSummaries(db: DbOrTx, ids: readonly string[]): Promise<LeadSummary[]> {
  if (ids.length === 0) return [];
  const rows = (await db
    .select(summaryColumns)
    .from(leads)
    .where(inArray(leads.id, [...ids]))
    .orderBy(...newestFirst)) as SummaryRow[];
  return rows.map(summary);
}

/**
 * Every lead of a filter with all its fields, a page at a time (the CSV export); the export is
 * noted in the audit log before the first row.
 */
export async function* exportLeads(deps: StaffDeps, filter: LeadFilter, actor: StaffActor, max = 100_000) {
  await recordAudit(deps.db, auditBy(actor, { action: 'export', details: { filter } }));
  const resolved = await resolveOverdue(deps, filter);
  let cursor: string | undefined;
  let sent = 0;
  while (sent < max) {
    const page = await leadPage(deps, { ...resolved, cursor }, 500, actor.userId);
    for (const row of page.rows) yield { ...row, imageCount: Number(row.imageCount) };
    sent += page.rows.length;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

const assignee = alias(users, 'assignee');
const acknowledger = alias(users, 'acknowledger');
const caller = alias(users, 'caller');

/** A staff member named on a lead, by name (or e-mail when the account has no name). */
function named(person: { id: string | null; name: string | null; email: string | null } | null) {
  return person?.id ? { id: person.id, name: person.name?.trim() || person.email || '' } : null;
}

/** One lead with every field, its photos (by short-lived link) and notes. */
export async function getLead(
  deps: Pick<StaffDeps, 'storage'> & { db: DbOrTx },
  id: string,
): Promise<LeadDetail> {
  const [row] = await deps.db
    .select({
      lead: leads,
      changedBy: users.name,
      changedByEmail: users.email,
      assignee: { id: assignee.id, name: assignee.name, email: assignee.email },
      acknowledger: { id: acknowledger.id, name: acknowledger.name, email: acknowledger.email },
      caller: { id: caller.id, name: caller.name, email: caller.email },
    })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.statusChangedBy))
    .leftJoin(assignee, eq(assignee.id, leads.assignedTo))
    .leftJoin(acknowledger, eq(acknowledger.id, leads.acknowledgedBy))
    .leftJoin(caller, eq(caller.id, leads.calledBackBy))
    .where(eq(leads.id, id));
  if (!row) throw new LeadNotFound();
  const { lead } = row;
  // The customer's messages are in the lead's thread: GET …/messages.
  const [images, notes, caseLink, links, onSiteAt] = await Promise.all([
    signedPhotos(deps, id),
    deps.db.select().from(leadNotes).where(eq(leadNotes.leadId, id)).orderBy(asc(leadNotes.createdAt)),
    caseLinkOf(deps.db, lead),
    duplicateLinks(deps.db, lead),
    firstOnSiteAt(deps.db, id),
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
    priority: lead.priority,
    pagesOnCall: lead.pagesOnCall,
    receivedAt: lead.createdAt.toISOString(),
    statusChangedAt: lead.statusChangedAt?.toISOString() ?? null,
    statusChangedBy: row.changedBy ?? row.changedByEmail ?? null,
    isCustomer: lead.isCustomer,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    smsPossible: isDanishMobile(lead.phone),
    rows: leadRows(lead.kind, values),
    spamReasons: lead.spamReasons?.map((reason) => spamReasonLabels[reason as SpamReason] ?? reason) ?? null,
    images,
    notes: notes.map((note) => ({
      id: note.id,
      authorName: note.authorName,
      body: note.body,
      createdAt: note.createdAt.toISOString(),
    })),
    assignedTo: named(row.assignee),
    acknowledgedAt: lead.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: named(row.acknowledger),
    calledBackAt: lead.calledBackAt?.toISOString() ?? null,
    calledBackBy: named(row.caller),
    visitAt: lead.visitAt?.toISOString() ?? null,
    workStartedAt: lead.workStartedAt?.toISOString() ?? null,
    onSiteAt: onSiteAt?.toISOString() ?? null,
    firstResponseDueAt: lead.firstResponseDueAt?.toISOString() ?? null,
    firstResponseAt: lead.firstResponseAt?.toISOString() ?? null,
    ...(caseLink ? { caseLink } : {}),
    ...links,
  };
}

/** A lead's photos in order, each with a link that works for `inboxPhotoLinkTtlSeconds`. */
async function signedPhotos(deps: Pick<StaffDeps, 'storage'> & { db: DbOrTx }, leadId: string) {
  const images = await deps.db
    .select({ image: leadImages, addedLaterAt: casePhotos.createdAt })
    .from(leadImages)
    .leftJoin(casePhotos, eq(casePhotos.imageId, leadImages.id))
    .where(eq(leadImages.leadId, leadId))
    .orderBy(asc(leadImages.position));
  return Promise.all(
    images.map(async ({ image, addedLaterAt }) => ({
      id: image.id,
      contentType: image.contentType,
      originalName: image.originalName,
      bytes: image.bytes,
      url: await deps.storage.signedReadUrl(image.objectKey, inboxPhotoLinkTtlSeconds),
      // Photos the customer added on their case page; the form's own photos have none.
      addedLaterAt: addedLaterAt?.toISOString() ?? null,
    })),
  );
}

/**
 * Fresh links to a lead's photos for a page that already shows the lead (its links have run
 * out): noted in the audit log as who looked at which lead's photos (not as a new view of the lead).
 */
export async function leadPhotos(deps: Pick<StaffDeps, 'storage' | 'db'>, id: string, actor: StaffActor) {
  const [lead] = await deps.db.select({ id: leads.id }).from(leads).where(eq(leads.id, id));
  if (!lead) throw new LeadNotFound();
  const photos = await signedPhotos(deps, id);
  await recordAudit(
    deps.db,
    auditBy(actor, { action: 'photos-viewed', leadId: id, details: { count: photos.length } }),
  );
  return photos;
}

/** A staff member opens a lead: the lead, and a row in the audit log saying who looked. */
export async function viewLead(deps: StaffDeps, id: string, actor: StaffActor): Promise<LeadDetail> {
  const lead = await getLead(deps, id);
  await recordAudit(deps.db, auditBy(actor, { action: 'lead-viewed', leadId: id }));
  return lead;
}
