/**
 * The staff API under /api/staff: login with password and TOTP, the inbox's leads, the CSV
 * export, personal data and the audit log. Every answer is no-store. Without a session whose
 * second factor is done every call answers 401 (login and the second-factor steps excepted); a
 * state-changing call from another origin answers 403.
 */
import { join } from 'node:path';
import { Readable } from 'node:stream';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { company } from '../../domain/company.ts';
import { hasControlCharacters } from '../../domain/fields.ts';
import { leadKinds, leadStatuses } from '../../domain/lead.ts';
import {
  loadSession,
  endSession,
  sessionCookieName,
  sessionLimits,
  type StaffSession,
} from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../plugins/errors.ts';
import { listAudit, recordAudit } from '../services/audit.ts';
import { csvRow, csvStart } from '../services/lead-csv.ts';
import {
  erasePersonalData,
  findPersonalData,
  normalisePerson,
  PersonQueryError,
} from '../services/personal-data.ts';
import { addNote, allLeads, getLead, LeadNotFound, listLeads, updateLead } from '../services/staff-leads.ts';
import { enrol, logIn, LoginRefused, startEnrolment, verifySecondFactor } from '../services/staff-login.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';

export interface StaffRouteDeps {
  config: Readonly<Config>;
  db: Db;
  storage: AnyObjectStore;
  mail: { notify(): void };
}

declare module 'fastify' {
  interface FastifyRequest {
    staffSession: StaffSession | null;
  }
}

export const staffMessages = {
  unauthorized: 'Du er ikke logget ind, eller din session er udløbet. Log ind igen.',
  secondFactorMissing: 'Bekræft først dit login med koden fra din app.',
  crossOrigin: 'Forespørgslen kom fra en anden side og er afvist.',
} as const;

const uuid = z.uuid({ error: 'Ukendt henvendelse' });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Datoen skal skrives ÅÅÅÅ-MM-DD' });
const filterQuery = z.object({
  kind: z.enum(leadKinds).optional(),
  status: z.enum(leadStatuses).optional(),
  from: day.optional(),
  to: day.optional(),
  q: z.string().trim().max(200).optional(),
});
const personQuery = z.object({ email: z.string().max(254).optional(), phone: z.string().max(40).optional() });

/** Who needs what: nothing (login), any session (second-factor steps), a complete session. */
type Access = 'public' | 'session' | 'staff';

export async function staffRoutes(app: FastifyInstance, deps: StaffRouteDeps): Promise<void> {
  const secure = new URL(deps.config.publicUrl).protocol === 'https:';
  const cookieName = sessionCookieName(secure);
  const siteOrigin = new URL(deps.config.publicUrl).origin;
  const mailDir = deps.config.mail.smtpUrl ? undefined : join(deps.config.dataDir, 'mail');
  const staffDeps = { db: deps.db, storage: deps.storage, mail: deps.mail };

  await app.register(async (scope) => {
    await scope.register(cookie);
    scope.decorateRequest('staffSession', null);

    scope.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.method === 'GET' || request.method === 'HEAD') return;
      const origin = request.headers.origin;
      const crossSite = origin ? origin !== siteOrigin : request.headers['sec-fetch-site'] === 'cross-site';
      if (crossSite) throw new HttpError(403, staffMessages.crossOrigin);
    });

    const api = scope.withTypeProvider<ZodTypeProvider>();
    const setSessionCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(cookieName, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: '/',
        maxAge: sessionLimits.absoluteMs / 1000,
      });
    const clearSessionCookie = (reply: FastifyReply) =>
      reply.clearCookie(cookieName, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
    const origin = (request: FastifyRequest) => ({
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });

    /** Loads the session and enforces what the route needs. */
    const guard = (access: Access) => async (request: FastifyRequest) => {
      if (access === 'public') return;
      const session = await loadSession(deps.db, request.cookies[cookieName], new Date());
      if (!session) throw new HttpError(401, staffMessages.unauthorized);
      if (access === 'staff' && !session.secondFactorDone)
        throw new HttpError(401, staffMessages.secondFactorMissing);
      request.staffSession = session;
    };
    const staffOf = (request: FastifyRequest) => {
      const session = request.staffSession!;
      return { userId: session.userId, email: session.email, name: session.name };
    };
    const audit = (request: FastifyRequest, entry: Omit<Parameters<typeof recordAudit>[1], 'actor'>) => {
      const session = request.staffSession!;
      return recordAudit(deps.db, { userId: session.userId, actor: session.email, ip: request.ip, ...entry });
    };
    const refused = (error: unknown, reply: FastifyReply) => {
      if (error instanceof LoginRefused) {
        if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        throw new HttpError(error.status, error.message);
      }
      if (error instanceof LeadNotFound) throw new HttpError(404, error.message);
      if (error instanceof PersonQueryError) throw new HttpError(400, error.message);
      throw error;
    };
    const loginRate = { rateLimit: { max: 30, timeWindow: '1 minute' } };

    // ── Login ────────────────────────────────────────────────────────────────────────────────
    api.post(
      '/api/staff/login',
      {
        config: loginRate,
        schema: { body: z.object({ email: z.string().max(254), password: z.string().max(1000) }) },
      },
      async (request, reply) => {
        try {
          const { token, next } = await logIn(staffDeps, request.body, origin(request));
          setSessionCookie(reply, token);
          return { next };
        } catch (error) {
          return refused(error, reply);
        }
      },
    );

    api.get('/api/staff/totp/enrolment', { preHandler: guard('session') }, async (request, reply) => {
      try {
        return await startEnrolment(staffDeps, request.staffSession!, company.name);
      } catch (error) {
        return refused(error, reply);
      }
    });

    api.post(
      '/api/staff/totp/enrol',
      {
        config: loginRate,
        preHandler: guard('session'),
        schema: { body: z.object({ code: z.string().max(20) }) },
      },
      async (request, reply) => {
        try {
          return await enrol(staffDeps, request.staffSession!, request.body.code, origin(request));
        } catch (error) {
          return refused(error, reply);
        }
      },
    );

    api.post(
      '/api/staff/totp/verify',
      {
        config: loginRate,
        preHandler: guard('session'),
        schema: {
          body: z.object({
            code: z.string().max(20).optional(),
            recoveryCode: z.string().max(40).optional(),
          }),
        },
      },
      async (request, reply) => {
        try {
          await verifySecondFactor(staffDeps, request.staffSession!, request.body, origin(request));
          return { ok: true };
        } catch (error) {
          return refused(error, reply);
        }
      },
    );

    api.post('/api/staff/logout', async (request, reply) => {
      const session = await loadSession(deps.db, request.cookies[cookieName], new Date());
      if (session) {
        await endSession(deps.db, session.tokenHash);
        await recordAudit(deps.db, {
          userId: session.userId,
          actor: session.email,
          action: 'logout',
          ip: request.ip,
        });
      }
      clearSessionCookie(reply);
      return reply.status(204).send();
    });

    api.get('/api/staff/me', { preHandler: guard('session') }, async (request) => {
      const session = request.staffSession!;
      return {
        id: session.userId,
        email: session.email,
        name: session.name ?? session.email,
        secondFactor: session.secondFactorDone ? 'done' : session.totpConfirmed ? 'verify' : 'enrol',
      };
    });

    // ── Leads ────────────────────────────────────────────────────────────────────────────────
    api.get(
      '/api/staff/leads',
      {
        preHandler: guard('staff'),
        schema: {
          querystring: filterQuery.extend({
            cursor: z.string().max(200).optional(),
            limit: z.coerce.number().int().min(1).max(200).optional(),
          }),
        },
      },
      async (request) => listLeads(staffDeps, request.query),
    );

    api.get(
      '/api/staff/leads/export.csv',
      { preHandler: guard('staff'), schema: { querystring: filterQuery } },
      async (request, reply) => {
        await audit(request, { action: 'export', details: { filter: request.query } });
        const today = new Date().toISOString().slice(0, 10);
        async function* lines() {
          yield csvStart;
          for await (const lead of allLeads(staffDeps, request.query)) yield csvRow(lead);
        }
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="henvendelser-${today}.csv"`)
          .send(Readable.from(lines()));
      },
    );

    api.get(
      '/api/staff/leads/:id',
      { preHandler: guard('staff'), schema: { params: z.object({ id: uuid }) } },
      async (request, reply) => {
        try {
          const lead = await getLead(staffDeps, request.params.id);
          await audit(request, { action: 'lead-viewed', leadId: lead.id });
          return { lead };
        } catch (error) {
          return refused(error, reply);
        }
      },
    );

    api.patch(
      '/api/staff/leads/:id',
      {
        preHandler: guard('staff'),
        schema: {
          params: z.object({ id: uuid }),
          body: z.object({ status: z.enum(leadStatuses).optional(), isCustomer: z.boolean().optional() }),
        },
      },
      async (request, reply) => {
        try {
          const { before } = await updateLead(staffDeps, request.params.id, request.body, staffOf(request));
          const { status, isCustomer } = request.body;
          if (status !== undefined && status !== before.status) {
            await audit(request, {
              action: 'status-changed',
              leadId: request.params.id,
              details: { from: before.status, to: status },
            });
          }
          if (isCustomer !== undefined && isCustomer !== before.isCustomer) {
            await audit(request, {
              action: 'customer-changed',
              leadId: request.params.id,
              details: { isCustomer },
            });
          }
          return { lead: await getLead(staffDeps, request.params.id) };
        } catch (error) {
          return refused(error, reply);
        }
      },
    );

    api.post(
      '/api/staff/leads/:id/notes',
      {
        preHandler: guard('staff'),
        schema: {
          params: z.object({ id: uuid }),
          body: z.object({
            body: z
              .string()
              .trim()
              .min(1, { error: 'Skriv en note.' })
              .max(5000, { error: 'Noten er for lang (højst 5000 tegn).' })
              .refine((text) => !hasControlCharacters(text, { multiline: true }), {
                error: 'Noten indeholder tegn, der ikke kan bruges.',
              }),
          }),
        },
      },
      async (request, reply) => {
        try {
          const note = await addNote(staffDeps, request.params.id, request.body.body, staffOf(request));
          await audit(request, { action: 'note-added', leadId: request.params.id });
          return reply.status(201).send({ note });
        } catch (error) {
          return refused(error, reply);
        }
      },
    );

    // ── Personal data ────────────────────────────────────────────────────────────────────────
    /** The audit log notes which kind of lookup it was, never the address or number itself. */
    const lookupKind = (query: { email?: string | undefined }) => (query.email ? 'e-mail' : 'telefon');

    api.get(
      '/api/staff/personal-data',
      { preHandler: guard('staff'), schema: { querystring: personQuery } },
      async (request, reply) => {
        try {
          const leads = await findPersonalData(deps.db, normalisePerson(request.query));
          await audit(request, {
            action: 'personal-data-lookup',
            details: { by: lookupKind(request.query), found: leads.length },
          });
          return { leads };
        } catch (error) {
          return refused(error, reply);
        }
      },
    );

    api.get(
      '/api/staff/personal-data/export',
      { preHandler: guard('staff'), schema: { querystring: personQuery } },
      async (request, reply) => {
        try {
          const person = normalisePerson(request.query);
          const leads = await findPersonalData(deps.db, person);
          await audit(request, {
            action: 'personal-data-export',
            details: { by: lookupKind(request.query), found: leads.length },
          });
          const today = new Date().toISOString().slice(0, 10);
          return reply
            .header('content-disposition', `attachment; filename="persondata-${today}.json"`)
            .send({ exportedAt: new Date().toISOString(), controller: company.legalName, person, leads });
        } catch (error) {
          return refused(error, reply);
        }
      },
    );

    api.post(
      '/api/staff/personal-data/erase',
      {
        preHandler: guard('staff'),
        schema: {
          body: personQuery.extend({ confirm: z.string().max(254) }),
        },
      },
      async (request, reply) => {
        try {
          const person = normalisePerson(request.body);
          const given = 'email' in person ? { email: request.body.confirm } : { phone: request.body.confirm };
          let confirmed: ReturnType<typeof normalisePerson> | undefined;
          try {
            confirmed = normalisePerson(given);
          } catch {
            confirmed = undefined;
          }
          if (JSON.stringify(confirmed) !== JSON.stringify(person)) {
            throw new HttpError(400, 'Bekræftelsen passer ikke. Skriv adressen eller nummeret igen.');
          }
          const result = await erasePersonalData({ db: deps.db, storage: deps.storage, mailDir }, person);
          await audit(request, {
            action: 'erasure',
            details: { by: lookupKind(request.body), ...result.erased },
          });
          return result;
        } catch (error) {
          return refused(error, reply);
        }
      },
    );

    // ── Audit log ────────────────────────────────────────────────────────────────────────────
    api.get(
      '/api/staff/audit',
      {
        preHandler: guard('staff'),
        schema: { querystring: z.object({ cursor: z.string().max(200).optional() }) },
      },
      async (request) => listAudit(deps.db, request.query.cursor),
    );
  });
}
