/**
 * The drying log: staff record moisture readings on a lead, list them, and withdraw a mistaken
 * one. A withdrawn reading stays in the table with who withdrew it and when; every reader takes
 * only the others. Recording and withdrawing are audited with the reading's place and value.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { MoistureBody, MoistureReading } from '../../../domain/staff-api/moisture.ts';
import { moistureMessages, type MoistureUnit } from '../../../domain/moisture.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { leads, moistureReadings } from '../../db/schema.ts';
import { LeadNotFound } from '../../plugins/service-errors.ts';
import { auditBy, recordAudit, type StaffActor } from '../../staff/audit.ts';
import { MoistureReadingNotFound, MoistureRefused } from './errors.ts';

/** A clock a few minutes fast on a phone must not refuse a reading taken just now. */
const futureSlackMs = 5 * 60_000;

interface DryingDeps {
  db: Db;
  now?: () => Date;
}

type Row = typeof moistureReadings.$inferSelect;

function answer(row: Row): MoistureReading {
  return {
    id: row.id,
    room: row.room,
    point: row.point,
    value: row.value,
    unit: row.unit,
    method: row.method,
    material: row.material,
    target: row.target,
    at: row.at.toISOString(),
    by: row.createdByName,
    recordedAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a reading: where, what and when it was measured. */
function auditDetails(row: Row): Record<string, unknown> {
  return {
    readingId: row.id,
    room: row.room,
    point: row.point,
    value: row.value,
    unit: row.unit,
    measuredAt: row.at.toISOString(),
  };
}

/** Records one reading on the lead; refuses a time in the future or before the lead came in. */
export async function recordReading(
  deps: DryingDeps,
  leadId: string,
  body: MoistureBody,
  actor: StaffActor,
): Promise<MoistureReading> {
  const now = deps.now?.() ?? new Date();
  const at = body.at === undefined ? now : new Date(body.at);
  if (at.getTime() > now.getTime() + futureSlackMs)
    throw new MoistureRefused('at', moistureMessages.atFuture);
  return deps.db.transaction(async (tx) => {
    const [lead] = await tx.select({ createdAt: leads.createdAt }).from(leads).where(eq(leads.id, leadId));
    if (!lead) throw new LeadNotFound();
    if (at < lead.createdAt) throw new MoistureRefused('at', moistureMessages.atBeforeLead);
    const [row] = await tx
      .insert(moistureReadings)
      .values({
        leadId,
        room: body.room.trim(),
        point: body.point.trim(),
        value: body.value,
        unit: body.unit,
        method: body.method?.trim() || null,
        material: body.material?.trim() || null,
        target: body.target ?? null,
        at,
        createdAt: now,
        createdBy: actor.userId,
        createdByName: actor.name ?? actor.email,
      })
      .returning();
    await recordAudit(
      tx,
      auditBy(actor, { action: 'moisture-recorded', leadId, details: auditDetails(row!) }),
      now,
    );
    return answer(row!);
  });
}

/** The lead's readings not withdrawn, by room, point and time; unknown lead: LeadNotFound. */
export async function readingsOfLead(db: Db, leadId: string): Promise<MoistureReading[]> {
  const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
  if (!lead) throw new LeadNotFound();
  const rows = await db
    .select()
    .from(moistureReadings)
    .where(and(eq(moistureReadings.leadId, leadId), isNull(moistureReadings.withdrawnAt)))
    .orderBy(
      asc(moistureReadings.room),
      asc(moistureReadings.point),
      asc(moistureReadings.at),
      asc(moistureReadings.id),
    );
  return rows.map(answer);
}

/** Withdraws a reading recorded by mistake; it disappears from every curve, the audit log keeps it. */
export async function withdrawReading(
  deps: DryingDeps,
  leadId: string,
  readingId: string,
  actor: StaffActor,
): Promise<void> {
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(moistureReadings)
      .set({ withdrawnAt: now, withdrawnBy: actor.userId })
      .where(
        and(
          eq(moistureReadings.id, readingId),
          eq(moistureReadings.leadId, leadId),
          isNull(moistureReadings.withdrawnAt),
        ),
      )
      .returning();
    if (!row) {
      const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
      throw lead ? new MoistureReadingNotFound() : new LeadNotFound();
    }
    await recordAudit(
      tx,
      auditBy(actor, { action: 'moisture-withdrawn', leadId, details: auditDetails(row) }),
      now,
    );
  });
}

/** A reading not withdrawn, as the first report and the adjuster's page show it. */
export interface ShownReading {
  room: string;
  point: string;
  value: number;
  unit: MoistureUnit;
  method: string | null;
  material: string | null;
  target: number | null;
  at: Date;
}

/** The lead's readings not withdrawn, by room, point and time: the curves of the report and the adjuster's page. */
export function shownReadingsOfLead(db: DbOrTx, leadId: string): Promise<ShownReading[]> {
  return db
    .select({
      room: moistureReadings.room,
      point: moistureReadings.point,
      value: moistureReadings.value,
      unit: moistureReadings.unit,
      method: moistureReadings.method,
      material: moistureReadings.material,
      target: moistureReadings.target,
      at: moistureReadings.at,
    })
    .from(moistureReadings)
    .where(and(eq(moistureReadings.leadId, leadId), isNull(moistureReadings.withdrawnAt)))
    .orderBy(asc(moistureReadings.room), asc(moistureReadings.point), asc(moistureReadings.at));
}
