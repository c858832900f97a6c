/**
 * The audit log: what staff did, written by the server, readable by staff, never changed (the
 * table refuses UPDATE and DELETE). It names leads by id and people by their staff e-mail; of what
 * staff read it keeps which leads and what they typed into a search, never what a lead says.
 */
import { userInfo } from 'node:os';
import { and, desc, lt, or, eq } from 'drizzle-orm';
import type { AuditAction } from '../../domain/staff-api/audit.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { InvalidCursor } from '../plugins/service-errors.ts';

export type { AuditAction };

export interface AuditEntryInput {
  userId?: string | null;
  actor: string;
  action: AuditAction;
  leadId?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** The staff member doing something, as services note it in the audit log. */
export interface StaffActor {
  userId: string;
  email: string;
  name: string | null;
  ip: string;
}

/**
 * Who made a change with `npm run staff` on the server: the command line, named by the system
 * user who ran it (there is no staff session there).
 */
export function commandLineActor(systemUser?: string): string {
  let name = systemUser;
  try {
    name ??= userInfo().username;
  } catch {
    // A container user without a passwd entry has no name; the change is still the command line's.
  }
  return `cli:${name || 'ukendt'}`;
}

/** One row of the audit log for what `actor` did. */
export function auditBy(
  actor: StaffActor,
  entry: Pick<AuditEntryInput, 'action' | 'leadId' | 'details'>,
): AuditEntryInput {
  return { userId: actor.userId, actor: actor.email, ip: actor.ip, ...entry };
}

export async function recordAudit(db: DbOrTx, entry: AuditEntryInput, now?: Date): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId ?? null,
    actor: entry.actor.slice(0, 254),
    action: entry.action,
    leadId: entry.leadId ?? null,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
    ...(now ? { at: now } : {}),
  });
}

const pageSize = 100;

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

/** The position after which a page starts; a cursor this module did not write is refused. */
function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (
    rest.length > 0 ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(at ?? '') ||
    Number.isNaN(date.getTime()) ||
    // Only the instant as written: no 30 February or 24:00 rolled over into the next day.
    date.toISOString() !== at ||
    !id ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
  ) {
    throw new InvalidCursor();
  }
  return { at: date, id };
}

export async function listAudit(db: Db, cursorText: string | undefined) {
  const cursor = decodeCursor(cursorText);
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      cursor
        ? or(lt(auditLog.at, cursor.at), and(eq(auditLog.at, cursor.at), lt(auditLog.id, cursor.id)))
        : undefined,
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action,
      leadId: row.leadId,
      details: row.details,
    })),
    nextCursor: rows.length > pageSize && last ? encodeCursor(last.at, last.id) : null,
  };
}
