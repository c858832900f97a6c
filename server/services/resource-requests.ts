/**
 * POST /api/send-resource-request use-case: store the request and enqueue both e-mails (the PDF
 * to the requester, a notification to staff) in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { ResourceRequest } from '../../domain/resource-request.ts';
import type { SqlClient } from '../db/client.ts';
import { insertReturningReferenceWithMail, leadWithMailStatement } from '../jobs/mail-jobs.ts';
import { withUniqueReference } from './reference.ts';

export interface ResourceRequestDeps {
  /** Database.sql: the insert runs without the query builder. */
  sql: SqlClient;
  mail: { notify(): void };
  now?: () => Date;
  generateReference?: (prefix: string) => string;
}

export const resourceReferencePrefix = 'RS';

/** The request and both mail jobs in one statement (server/jobs/mail-jobs.ts). */
const insertRequestWithMail = leadWithMailStatement(
  'insert_resource_request',
  `insert into resource_requests
     (id, reference, full_name, email, phone, company_name, resource_title, resource_type, created_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, now()))
   on conflict (reference) do nothing
   returning id, reference`,
  [
    { kind: 'resource-delivery', idKey: 'requestId' },
    { kind: 'resource-notification', idKey: 'requestId' },
  ],
);

export async function createResourceRequest(
  deps: ResourceRequestDeps,
  request: ResourceRequest,
): Promise<{ id: string; reference: string }> {
  const id = randomUUID();
  const reference = await withUniqueReference(
    resourceReferencePrefix,
    (candidate) =>
      insertReturningReferenceWithMail(deps.sql, insertRequestWithMail, [
        id,
        candidate,
        request.fullName,
        request.email,
        request.phone,
        request.companyName ?? null,
        request.resourceTitle,
        request.resourceType,
        deps.now?.() ?? null,
      ]),
    deps.generateReference,
  );
  deps.mail.notify();
  return { id, reference };
}
