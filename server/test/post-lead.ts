/** Sends a lead as its form's script does (POST /api/leads), for tests that need one to work on. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { leads } from '../db/schema.ts';

/** The new lead's id and reference; fails the test unless the lead was taken (201). */
export async function postLead(
  app: FastifyInstance,
  body: object,
): Promise<{ id: string; reference: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode).toBe(201);
  const { reference } = response.json<{ reference: string }>();
  const [row] = await app.deps.db.select({ id: leads.id }).from(leads).where(eq(leads.reference, reference));
  return { id: row!.id, reference };
}
