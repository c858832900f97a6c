/**
 * GET /api/v1/openapi.json: the insurers' API described as OpenAPI 3.1, made from the same zod
 * schemas the routes check and answer with (domain/insurer-api.ts), so the description cannot
 * drift from the code. A test validates it and compares its paths with the registered routes.
 */
import { z } from 'zod';
import {
  apiError,
  apiV1Prefix,
  assignmentBody,
  assignmentBodyLimitBytes,
  assignmentCreated,
  assignmentRequestsPerMinute,
  assignmentState,
  idempotencyHours,
} from '../../domain/insurer-api.ts';

/** JSON Schema 2020-12 (what OpenAPI 3.1 uses) without its `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: ref } } } });
const error = (description: string) => ({ description, ...json('#/components/schemas/Error') });
const rateLimited = {
  ...error(`More than ${assignmentRequestsPerMinute} requests a minute with this key.`),
  headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
};

/** The paths the document describes, as Fastify registers them (the test compares the two). */
export const documentedRoutes = [
  `POST ${apiV1Prefix}/assignments`,
  `GET ${apiV1Prefix}/assignments/:reference`,
  `GET ${apiV1Prefix}/openapi.json`,
] as const;

export function openApiDocument(publicUrl: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Assignments API (rekvisitioner)',
      version: '1.0.0',
      description: [
        'Insurers hand a claim over to us and follow the case. One key per insurer (Bearer); the',
        `insurer is the key's. Bodies at most ${assignmentBodyLimitBytes / 1024} KiB; photos are not`,
        `part of v1. Every error is { message (Danish), messageEn, code, fields }.`,
      ].join(' '),
    },
    servers: [{ url: publicUrl }],
    security: [{ bearerAuth: [] }],
    paths: {
      [`${apiV1Prefix}/assignments`]: {
        post: {
          operationId: 'createAssignment',
          summary: 'Hand a claim over',
          description:
            'Makes the case (201). The same claim number from the same insurer again finds it: 200 with the same reference.',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: `Kept ${idempotencyHours} hours: the same key and body get the same answer; another body 409.`,
              schema: { type: 'string', minLength: 1, maxLength: 255 },
            },
          ],
          requestBody: { required: true, ...json('#/components/schemas/AssignmentBody') },
          responses: {
            '201': { description: 'The case was made.', ...json('#/components/schemas/AssignmentCreated') },
            '200': {
              description: 'The claim was sent before: its case.',
              ...json('#/components/schemas/AssignmentCreated'),
            },
            '400': error('Invalid JSON or data (code invalid-json or invalid-body, with fields).'),
            '401': error('Missing, unknown or revoked key.'),
            '409': error('Idempotency-Key used with another body, or the claim is being made right now.'),
            '413': error(`Body over ${assignmentBodyLimitBytes / 1024} KiB.`),
            '415': error('Not application/json.'),
            '429': rateLimited,
            '500': error('Our fault.'),
          },
        },
      },
      [`${apiV1Prefix}/assignments/{reference}`]: {
        get: {
          operationId: 'getAssignment',
          summary: 'Where a case stands',
          parameters: [{ name: 'reference', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'Its status, milestones and deadlines.',
              ...json('#/components/schemas/AssignmentState'),
            },
            '400': error('A reference longer than 40 characters.'),
            '401': error('Missing, unknown or revoked key.'),
            '404': error("No such case, or another insurer's."),
            '429': rateLimited,
            '500': error('Our fault.'),
          },
        },
      },
      [`${apiV1Prefix}/openapi.json`]: {
        get: {
          operationId: 'getOpenApi',
          summary: 'This description',
          security: [],
          responses: {
            '200': {
              description: 'OpenAPI 3.1',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'ik_… made with npm run staff -- insurer-key create',
        },
      },
      schemas: {
        AssignmentBody: jsonSchema(assignmentBody, 'input'),
        AssignmentCreated: jsonSchema(assignmentCreated, 'output'),
        AssignmentState: jsonSchema(assignmentState, 'output'),
        Error: jsonSchema(apiError, 'output'),
      },
    },
  };
}
