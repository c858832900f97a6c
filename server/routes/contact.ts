/**
 * POST /api/contact (SPEC §7): the contact form, the damage report (type 'anmeldelse') and the
 * emergency form (type 'akut-skade'). 201 { id, reference }; bad input 400 { message, errors }.
 */
import type { FastifyInstance } from 'fastify';
import { contactApiPayloadSchema } from '../../domain/contact-api.ts';
import { fieldErrorLists } from '../../domain/fields.ts';
import type { Config } from '../config.ts';
import type { Db, SqlClient } from '../db/client.ts';
import { HttpError, messages } from '../plugins/errors.ts';
import { createContactSubmission, SubmissionRejectedError } from '../services/contact-submissions.ts';
import { UploadClaimError } from '../services/uploads.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import { contactBodyLimit, submissionRateLimit } from './submission-limits.ts';

export interface ContactRouteDeps {
  config: Readonly<Config>;
  db: Db;
  sql: SqlClient;
  storage: AnyObjectStore;
  mail: { notify(): void };
}

export async function contactRoutes(app: FastifyInstance, deps: ContactRouteDeps): Promise<void> {
  app.post(
    '/api/contact',
    { bodyLimit: contactBodyLimit, config: submissionRateLimit(deps.config) },
    async (request, reply) => {
      const parsed = contactApiPayloadSchema.safeParse(request.body);
      if (!parsed.success) throw new HttpError(400, messages.validation, fieldErrorLists(parsed.error));
      try {
        const result = await createContactSubmission(
          { db: deps.db, sql: deps.sql, storage: deps.storage, mail: deps.mail },
          parsed.data,
        );
        request.log.info({ reference: result.reference, type: parsed.data.type }, 'submission stored');
        return reply.status(201).header('cache-control', 'no-store').send(result);
      } catch (error) {
        if (error instanceof SubmissionRejectedError) throw new HttpError(400, error.message, error.errors);
        if (error instanceof UploadClaimError)
          throw new HttpError(400, error.message, { images: [error.message] });
        throw error;
      }
    },
  );
}
