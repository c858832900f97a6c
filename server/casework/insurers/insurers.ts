/**
 * The insurers and their rules for the case after the call. A lead names its insurer by the name
 * its form recorded (details.forsikringsselskab); `rulesForInsurer` finds the row by that name,
 * whatever its case, and gives the defaults when there is none ("Andet forsikringsselskab").
 */
import { asc, eq, sql } from 'drizzle-orm';
import { caseRules, type CaseRules } from '../../../domain/case-clocks.ts';
import type { Insurer, InsurerBody } from '../../../domain/staff-api/insurers.ts';
import { insurerMessages } from '../../../domain/staff-api/insurers.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { insurers } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { auditBy, recordAudit, type StaffActor } from '../../staff/audit.ts';

type InsurerRow = typeof insurers.$inferSelect;

function insurerOf(row: InsurerRow): Insurer {
  const { id, name, claimsEmail, onSiteHours, firstResponseHours, reportRule, active } = row;
  return { id, name, claimsEmail, onSiteHours, firstResponseHours, reportRule, active };
}

export async function listInsurers(db: DbOrTx): Promise<Insurer[]> {
  const rows = await db.select().from(insurers).orderBy(asc(insurers.name));
  return rows.map(insurerOf);
}

/** The row a lead's insurer name stands for; null for none or a name without a row. */
export async function insurerNamed(db: DbOrTx, name: string | null | undefined): Promise<Insurer | null> {
  const wanted = name?.trim();
  if (!wanted) return null;
  const [row] = await db
    .select()
    .from(insurers)
    .where(sql`lower(${insurers.name}) = lower(${wanted})`)
    .limit(1);
  return row ? insurerOf(row) : null;
}

/** The clocks' rules for a lead naming `name` as its insurer: the row's, or the defaults. */
export async function rulesForInsurer(db: DbOrTx, name: string | null | undefined): Promise<CaseRules> {
  return caseRules(await insurerNamed(db, name));
}

/** A koordinator's change of one insurer's rules, in the audit log with what it was and became. */
export async function updateInsurer(
  db: Db,
  id: string,
  change: InsurerBody,
  actor: StaffActor,
  now = new Date(),
): Promise<Insurer> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(insurers).where(eq(insurers.id, id)).for('update');
    if (!before) throw new HttpError('insurer-not-found', insurerMessages.unknown);
    const [after] = await tx
      .update(insurers)
      .set({
        claimsEmail: change.claimsEmail,
        onSiteHours: change.onSiteHours,
        ...(change.firstResponseHours === undefined ? {} : { firstResponseHours: change.firstResponseHours }),
        reportRule: change.reportRule,
        ...(change.active === undefined ? {} : { active: change.active }),
        updatedAt: now,
        updatedBy: actor.userId,
      })
      .where(eq(insurers.id, id))
      .returning();
    const details = { insurer: before.name, before: insurerOf(before), after: insurerOf(after!) };
    await recordAudit(tx, auditBy(actor, { action: 'insurer-changed', details }), now);
    return insurerOf(after!);
  });
}
