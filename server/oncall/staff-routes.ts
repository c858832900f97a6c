/**
 * The on-call side of the inbox (docs/decisions/on-call-inbox.md): the rota (read; set the chain
 * and handover; add and remove overrides), staff's own phone number, assignment, "Ringet op", a
 * lead's timeline, the Beredskab figures of a month and their CSV, and the live state the inbox
 * polls every few seconds. The schemas are domain/staff-api.ts's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leadParams } from '../../domain/staff-api/leads.ts';
import {
  assignBody,
  figuresAnswer,
  figuresQuery,
  leadHandling,
  liveAnswer,
  overrideBody,
  overrideParams,
  stepUpBody,
  phoneAnswer,
  phoneBody,
  rotaAnswer,
  rotaChainBody,
  timelineAnswer,
} from '../../domain/staff-api/oncall.ts';
import { okAnswer } from '../../domain/staff-api/shared.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { figuresCsv, monthFigures } from './figures/figures.ts';
import {
  addOverrideById,
  liveState,
  removeOverrideById,
  rotaView,
  setChainByIds,
  setOwnPhone,
  type RotaChange,
} from './rota/inbox-rota.ts';
import { assignLead, leadTimeline, markCalledBack, type LeadHandling } from './assignment/lead-actions.ts';
import { HttpError } from '../plugins/errors.ts';
import { fileBody } from '../plugins/edge-schemas.ts';
import { actorOf } from '../staff/session.ts';
import { LeadNotFound } from '../plugins/service-errors.ts';

const unknownStaff = 'Medarbejderen findes ikke eller er spærret.';

function handlingJson(lead: LeadHandling) {
  return {
    assignedTo: lead.assignedTo,
    calledBackAt: lead.calledBackAt?.toISOString() ?? null,
    calledBackBy: lead.calledBackBy,
  };
}

function applied(change: RotaChange) {
  if (change.kind === 'refused') throw new HttpError('rota-change-refused', change.message);
  return { ok: true as const };
}

export async function staffOncallRoutes(
  app: FastifyInstance,
  options: { db: Db; config: Readonly<Pick<Config, 'oncall'>>; oncall?: { clock: () => Date } },
): Promise<void> {
  const clock = options.oncall?.clock ?? (() => new Date());
  const deps = { db: options.db, clock, phoneCountries: options.config.oncall.phoneCountries };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireStaff;

  // Both roles read it; a medarbejder without their colleagues' numbers (staffPhones).
  api.get(
    '/api/staff/oncall/rota',
    { preHandler, schema: { response: { 200: rotaAnswer } } },
    async (request) => rotaView(deps.db, clock(), request.staffSession!),
  );

  // The chain and covers: koordinator, with a fresh code (server/staff/step-up.ts).
  const rota = { staffPermission: 'rota' } as const;

  api.put(
    '/api/staff/oncall/chain',
    { preHandler, config: rota, schema: { body: rotaChainBody, response: { 200: okAnswer } } },
    async (request) =>
      applied(
        await setChainByIds(deps, { ...request.body, code: request.body.code, actor: actorOf(request) }),
      ),
  );

  api.post(
    '/api/staff/oncall/overrides',
    { preHandler, config: rota, schema: { body: overrideBody, response: { 200: okAnswer } } },
    async (request) =>
      applied(
        await addOverrideById(deps, {
          userId: request.body.userId,
          startsAt: new Date(request.body.startsAt),
          endsAt: new Date(request.body.endsAt),
          code: request.body.code,
          actor: actorOf(request),
        }),
      ),
  );

  api.delete(
    '/api/staff/oncall/overrides/:id',
    {
      preHandler,
      config: rota,
      schema: { params: overrideParams, body: stepUpBody.nullish(), response: { 200: okAnswer } },
    },
    async (request) => {
      const input = { id: request.params.id, code: request.body?.code, actor: actorOf(request) };
      if (!(await removeOverrideById(deps, input)))
        throw new HttpError('cover-gone', 'Dækningen findes ikke længere.');
      return { ok: true as const };
    },
  );

  // Anyone's own number, with a fresh code.
  api.put(
    '/api/staff/me/phone',
    {
      preHandler,
      config: { staffPermission: 'ownPhone' },
      schema: { body: phoneBody, response: { 200: phoneAnswer } },
    },
    async (request) => {
      const { phone: typed, code } = request.body;
      const role = request.staffSession!.role;
      const change = await setOwnPhone(deps, { phone: typed, code, actor: actorOf(request), role });
      if ('invalid' in change)
        throw new HttpError('phone-invalid', 'Telefonnummeret er ugyldigt.', {
          phone: ['Skriv et dansk nummer med 8 cifre eller et nummer med landekode (+…).'],
        });
      if ('refused' in change) {
        const { reason, message } = change.refused;
        throw new HttpError(reason === 'taken' ? 'phone-taken' : 'phone-refused', message, {
          phone: [message],
        });
      }
      return change;
    },
  );

  api.put(
    '/api/staff/leads/:id/assignee',
    { preHandler, schema: { params: leadParams, body: assignBody, response: { 200: leadHandling } } },
    async (request) => {
      const result = await assignLead(deps, {
        leadId: request.params.id,
        assignee: request.body.assignee,
        actor: actorOf(request),
      });
      if (result.kind === 'not-found') throw new LeadNotFound();
      if (result.kind === 'unknown-staff')
        throw new HttpError('unknown-assignee', unknownStaff, { assignee: [unknownStaff] });
      return handlingJson(result.lead);
    },
  );

  api.post(
    '/api/staff/leads/:id/called-back',
    { preHandler, schema: { params: leadParams, response: { 200: leadHandling } } },
    async (request) => {
      const result = await markCalledBack(deps, { leadId: request.params.id, actor: actorOf(request) });
      if (result.kind === 'not-found') throw new LeadNotFound();
      return handlingJson(result.lead);
    },
  );

  api.get(
    '/api/staff/leads/:id/timeline',
    { preHandler, schema: { params: leadParams, response: { 200: timelineAnswer } } },
    async (request) => {
      const events = await leadTimeline(deps, request.params.id);
      if (!events) throw new LeadNotFound();
      return {
        events: events.map((event) =>
          event.kind === 'visit-set'
            ? { ...event, at: event.at.toISOString(), visitAt: event.visitAt?.toISOString() ?? null }
            : event.kind === 'ack-withdrawn'
              ? { ...event, at: event.at.toISOString(), takenAt: event.takenAt?.toISOString() ?? null }
              : { ...event, at: event.at.toISOString() },
        ),
      };
    },
  );

  api.get(
    '/api/staff/oncall/figures',
    { preHandler, schema: { querystring: figuresQuery, response: { 200: figuresAnswer } } },
    async (request) => monthFigures(deps.db, request.query.month),
  );

  api.get(
    '/api/staff/oncall/figures.csv',
    {
      preHandler,
      config: { staffPermission: 'csvExport' },
      schema: { querystring: figuresQuery, response: { 200: fileBody } },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="beredskab-${request.query.month}.csv"`)
        .send(figuresCsv(await monthFigures(deps.db, request.query.month))),
  );

  api.get('/api/staff/live', { preHandler, schema: { response: { 200: liveAnswer } } }, async () =>
    liveState(deps.db),
  );
}
