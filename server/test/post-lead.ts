/** A lead sent to the running app the way the forms' scripts send it, for tests that need one. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export interface PostedLead {
  id: string;
  reference: string;
}

/** POSTs the body as JSON to /api/leads and fails the test unless the lead is taken (201). */
export async function postLead(app: FastifyInstance, body: unknown): Promise<PostedLead> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id, reference } = response.json<PostedLead>();
  return { id, reference };
}
