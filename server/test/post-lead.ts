/** A lead sent to the running app the way the forms' scripts send it, for tests that need one. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { OutgoingMail } from '../mail/transport.ts';

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

/** The company's inbox (MAIL_TO) in tests that tell its e-mails from the customer's. */
export const companyInbox = 'sager@skade.test';

/** A case page link in an e-mail's text; its group is the case page token. */
export const caseLinkPattern = /\/sag\/([A-Za-z0-9_-]{43})/;

/** An e-mail's first recipient's address, written as a string or as name and address. */
export const addressOf = (to: OutgoingMail['to']): string => (typeof to === 'string' ? to : to.address);

/**
 * postLead, then the e-mails then due delivered (kept in `sent`, as keptMail keeps them) and the
 * customer's case page token read from the receipt: the e-mail naming the reference that is not
 * to `companyInbox`. The token is '' when no receipt carries a case link.
 */
export async function postLeadWithCaseToken(
  app: FastifyInstance,
  sent: readonly OutgoingMail[],
  body: unknown,
): Promise<PostedLead & { token: string }> {
  const posted = await postLead(app, body);
  await app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
  const receipt = sent.find(
    (mail) => mail.subject.includes(posted.reference) && addressOf(mail.to) !== companyInbox,
  );
  return { ...posted, token: receipt?.text.match(caseLinkPattern)?.[1] ?? '' };
}
