/**
 * Messages to customers in the staff API: how many a batch update reaches, sending it, one
 * lead's messages with the state of each copy, and writing to one customer from the lead.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leadParams } from '../../domain/staff-api/leads.ts';
import {
  batchPreviewAnswer,
  batchPreviewBody,
  batchSendAnswer,
  batchSendBody,
  leadMessageSendAnswer,
  leadMessageSendBody,
  leadMessagesAnswer,
} from '../../domain/staff-api/messages.ts';
import type { Db } from '../db/client.ts';
import { actorOf } from '../staff/session.ts';
import { previewBatch, sendBatch } from './outgoing/batch.ts';
import { sendLeadMessage } from './outgoing/send-message.ts';
import { customerSmsSettings } from './outgoing/sms-budget.ts';
import { messagesOfLead } from './thread.ts';

export async function staffMessageRoutes(
  app: FastifyInstance,
  options: { db: Db; config: Parameters<typeof customerSmsSettings>[0] },
): Promise<void> {
  const deps = { db: options.db, sms: customerSmsSettings(options.config) };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireStaff;
  const koordinator = { preHandler, config: { staffPermission: 'batchMessages' } } as const;

  api.post(
    '/api/staff/messages/batch/preview',
    { ...koordinator, schema: { body: batchPreviewBody, response: { 200: batchPreviewAnswer } } },
    async (request) => previewBatch(deps, request.body),
  );

  api.post(
    '/api/staff/messages/batch',
    { ...koordinator, schema: { body: batchSendBody, response: { 201: batchSendAnswer } } },
    async (request, reply) => reply.status(201).send(await sendBatch(deps, request.body, actorOf(request))),
  );

  api.get(
    '/api/staff/leads/:id/messages',
    { preHandler, schema: { params: leadParams, response: { 200: leadMessagesAnswer } } },
    async (request) => ({ messages: await messagesOfLead(deps.db, request.params.id) }),
  );

  // Both roles write to customers: it is their daily work on a lead.
  api.post(
    '/api/staff/leads/:id/messages',
    {
      preHandler,
      schema: { params: leadParams, body: leadMessageSendBody, response: { 201: leadMessageSendAnswer } },
    },
    async (request, reply) => {
      const message = await sendLeadMessage(deps, request.params.id, request.body, actorOf(request));
      return reply.status(201).send({ message });
    },
  );
}
