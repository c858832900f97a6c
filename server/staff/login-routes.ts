/**
 * Logging in: POST /api/staff/login (e-mail and password), the second factor (enrolment at the
 * first login, a code or recovery code later; either sets the session's new cookie), logout, and
 * GET /api/staff/me.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { company } from '../../domain/company.ts';
import {
  enrolAnswer,
  enrolBody,
  loginAnswer,
  loginBody,
  meAnswer,
  totpEnrolmentAnswer,
  verifyBody,
} from '../../domain/staff-api/login.ts';
import { okAnswer } from '../../domain/staff-api/shared.ts';
import type { Db } from '../db/client.ts';
import { originOf } from './session.ts';
import { enrol, logIn, logOut, startEnrolment, verifySecondFactor } from './login.ts';

const loginRate = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export async function staffLoginRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/staff/login',
    { config: loginRate, schema: { body: loginBody, response: { 200: loginAnswer } } },
    async (request, reply) => {
      const { token, next } = await logIn(deps, request.body, originOf(request));
      reply.startStaffSession(token);
      return { next };
    },
  );

  api.get(
    '/api/staff/totp/enrolment',
    { preHandler: app.requireSession, schema: { response: { 200: totpEnrolmentAnswer } } },
    async (request) => startEnrolment(deps, request.staffSession!, company.name),
  );

  api.post(
    '/api/staff/totp/enrol',
    {
      config: loginRate,
      preHandler: app.requireSession,
      schema: { body: enrolBody, response: { 200: enrolAnswer } },
    },
    async (request, reply) => {
      const { token, recoveryCodes } = await enrol(
        deps,
        request.staffSession!,
        request.body.code,
        originOf(request),
      );
      reply.startStaffSession(token);
      return { recoveryCodes };
    },
  );

  api.post(
    '/api/staff/totp/verify',
    {
      config: loginRate,
      preHandler: app.requireSession,
      schema: { body: verifyBody, response: { 200: okAnswer } },
    },
    async (request, reply) => {
      const token = await verifySecondFactor(deps, request.staffSession!, request.body, originOf(request));
      reply.startStaffSession(token);
      return { ok: true as const };
    },
  );

  const logoutSchema = { response: { 204: z.undefined() } };
  api.post(
    '/api/staff/logout',
    { preHandler: app.optionalSession, schema: logoutSchema },
    async (request, reply) => {
      if (request.staffSession) await logOut(deps, request.staffSession, originOf(request));
      reply.endStaffSession();
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/staff/me',
    { preHandler: app.requireSession, schema: { response: { 200: meAnswer } } },
    async (request) => {
      const session = request.staffSession!;
      return {
        id: session.userId,
        email: session.email,
        name: session.name ?? session.email,
        secondFactor: session.secondFactorDone ? 'done' : session.totpConfirmed ? 'verify' : 'enrol',
        role: session.role,
      } as const;
    },
  );
}
