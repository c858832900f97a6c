/**
 * Closed cases and customers' answers as the database holds them, written straight in, for the
 * tests of the counted figures (server/claims): the kind, status, closing time, repeat and answer
 * each case needs, without the forms and the inbox that make them in real life.
 */
import { customerSatisfaction, leads } from '../db/schema.ts';
import type { ClaimsBaseline } from '../claims/baseline.ts';
import type { TestApp } from './test-app.ts';

/** The figures counted before the site counted them: damages and answers since March 2019. */
export const claimsBaseline: ClaimsBaseline = {
  handledCases: 3400,
  answers: 1200,
  satisfiedAnswers: 1170,
  period: { from: '2019-03-01', to: '2026-06-30' },
  source: 'Sagssystemet og spørgeskemaerne 2019–2026',
};

/** A recorded lead (closed when `closedAt` is given) and, with `score`, its customer's answer. */
export async function recordCase(
  t: TestApp,
  seq: number,
  input: {
    kind?: (typeof leads.$inferInsert)['kind'];
    status?: (typeof leads.$inferInsert)['status'];
    closedAt?: string;
    duplicateOf?: string;
    score?: number | null;
    answeredAt?: string;
  } = {},
): Promise<string> {
  const db = t.app.deps.db;
  const [row] = await db
    .insert(leads)
    .values({
      kind: input.kind ?? 'anmeldelse',
      reference: `SK-${800_000 + seq}`,
      name: `Kunde ${seq}`,
      email: `kunde${seq}@example.dk`,
      status: input.status ?? (input.closedAt ? 'done' : 'new'),
      statusChangedAt: input.closedAt ? new Date(input.closedAt) : null,
      duplicateOf: input.duplicateOf ?? null,
      createdAt: new Date('2026-05-01T08:00:00Z'),
    })
    .returning({ id: leads.id });
  if (input.score !== undefined) {
    await db.insert(customerSatisfaction).values({
      leadId: row!.id,
      askedAt: new Date(input.closedAt ?? '2026-07-01T08:00:00Z'),
      score: input.score,
      answeredAt: input.score === null ? null : new Date(input.answeredAt ?? '2026-07-02T08:00:00Z'),
    });
  }
  return row!.id;
}
