/**
 * Whoever takes an emergency ("Jeg tager den", or assignment in the inbox) takes its duplicates
 * with it (server/leads/duplicates.ts), so nobody calls the same person twice. Each duplicate
 * whose assignee changes gets its own "lead-assigned" audit row, as a direct assignment would.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';
import { recordAudit } from '../../staff/audit.ts';

export async function assignDuplicates(
  tx: Tx,
  input: {
    originalId: string;
    assignee: string | null;
    actor: { userId: string; email: string; ip?: string | null };
    reference: string;
  },
  now: Date,
): Promise<number> {
  const moved = await tx
    .select({ id: leads.id, assignedTo: leads.assignedTo })
    .from(leads)
    .where(
      and(
        eq(leads.duplicateOf, input.originalId),
        sql`${leads.assignedTo} is distinct from ${input.assignee}`,
      ),
    )
    .orderBy(leads.id)
    .for('update');
  if (moved.length === 0) return 0;
  await tx
    .update(leads)
    .set({ assignedTo: input.assignee })
    .where(
      and(
        eq(leads.duplicateOf, input.originalId),
        sql`${leads.assignedTo} is distinct from ${input.assignee}`,
      ),
    );
  for (const row of moved) {
    await recordAudit(
      tx,
      {
        userId: input.actor.userId,
        actor: input.actor.email,
        action: 'lead-assigned',
        leadId: row.id,
        details: { from: row.assignedTo, to: input.assignee, with: input.reference },
        ip: input.actor.ip ?? null,
      },
      now,
    );
  }
  return moved.length;
}
