/**
 * POST /api/send-resource-request use-case: store the request and enqueue both e-mails (the PDF
 * to the requester, a notification to staff) in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { ResourceRequest } from '../../domain/resource-request.ts';
import type { Db } from '../db/client.ts';
import { resourceRequests } from '../db/schema.ts';
import { insertReturningReferenceWithMail } from '../jobs/mail-jobs.ts';
import { withUniqueReference } from './reference.ts';

export interface ResourceRequestDeps {
  db: Db;
  mail: { notify(): void };
  now?: () => Date;
  generateReference?: (prefix: string) => string;
}

export const resourceReferencePrefix = 'RS';

export async function createResourceRequest(
  deps: ResourceRequestDeps,
  request: ResourceRequest,
): Promise<{ id: string; reference: string }> {
  const id = randomUUID();
  // One statement: the request and both mail jobs commit together.
  const reference = await withUniqueReference(
    resourceReferencePrefix,
    (candidate) =>
      insertReturningReferenceWithMail(
        deps.db,
        deps.db
          .insert(resourceRequests)
          .values({
            id,
            reference: candidate,
            fullName: request.fullName,
            email: request.email,
            phone: request.phone,
            companyName: request.companyName ?? null,
            resourceTitle: request.resourceTitle,
            resourceType: request.resourceType,
            ...(deps.now ? { createdAt: deps.now() } : {}),
          })
          .onConflictDoNothing({ target: resourceRequests.reference })
          .returning({ id: resourceRequests.id, reference: resourceRequests.reference }),
        [
          { kind: 'resource-delivery', idKey: 'requestId' },
          { kind: 'resource-notification', idKey: 'requestId' },
        ],
      ),
    deps.generateReference,
  );
  deps.mail.notify();
  return { id, reference };
}
