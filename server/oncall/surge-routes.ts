/**
 * Surge mode over HTTP (docs/decisions/surge-mode.md):
 * - GET /api/beredskab, public: { mode, expectedCallbackMinutes, message }. Browsers ask again
 *   every time (max-age=0); a proxy or CDN may answer for 30 s (s-maxage=30), so a crowd asking
 *   at once costs the server one answer per 30 s. `no-store` would forbid the proxy too.
 * - GET/PUT /api/staff/oncall/surge, staff: the state with the latest switches; switch on (with
 *   a reason) or off, audited.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callbackPromiseMessage, surgeModes } from '../../domain/surge.ts';
import { reserveAnswer, reserveBody, surgeAnswer, surgeBody } from '../../domain/staff-api/oncall.ts';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { surgeSwitches } from '../db/schema.ts';
import { actorOf } from '../staff/session.ts';
import { currentAllHands } from './paging/all-hands.ts';
import { addToReserve, listReserve, removeFromReserve } from './surge/reserve.ts';
import { switchSurge, type SurgeService, type SurgeSwitch } from './surge/surge.ts';

export const beredskabCacheControl = 'public, max-age=0, s-maxage=30';

const beredskabAnswer = z.object({
  mode: z.enum(surgeModes),
  expectedCallbackMinutes: z.number().int(),
  message: z.string(),
});

export async function surgeRoutes(app: FastifyInstance, deps: { surge: SurgeService }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/beredskab',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { response: { 200: beredskabAnswer } },
    },
    async (_request, reply) => {
      const { mode, expectedCallbackMinutes } = await deps.surge.current();
      return reply.header('cache-control', beredskabCacheControl).send({
        mode,
        expectedCallbackMinutes,
        message: callbackPromiseMessage({ mode, expectedCallbackMinutes }),
      });
    },
  );
}

const historyLength = 20;

function switchJson(entry: SurgeSwitch) {
  return { on: entry.on, at: entry.at.toISOString(), actor: entry.actor, reason: entry.reason };
}

export async function staffSurgeRoutes(
  app: FastifyInstance,
  options: { db: Db; surge: SurgeService; oncall?: { clock: () => Date } },
): Promise<void> {
  const clock = options.oncall?.clock ?? (() => new Date());
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Switching surge is a koordinator's call (domain/staff-api/roles.ts, `surge`).
  const koordinator = { preHandler: app.requireStaff, config: { staffPermission: 'surge' } } as const;

  const answer = async () => {
    const [state, allHands, history] = await Promise.all([
      options.surge.current(),
      currentAllHands(options.db),
      options.db
        .select({
          on: surgeSwitches.on,
          at: surgeSwitches.at,
          actor: surgeSwitches.actor,
          reason: surgeSwitches.reason,
        })
        .from(surgeSwitches)
        .orderBy(desc(surgeSwitches.at), desc(surgeSwitches.id))
        .limit(historyLength),
    ]);
    return {
      mode: state.mode,
      expectedCallbackMinutes: state.expectedCallbackMinutes,
      waiting: state.waiting,
      people: state.people,
      onCall: state.onCall,
      allHandsSince: allHands ? allHands.startedAt.toISOString() : null,
      manual: state.manual ? switchJson(state.manual) : null,
      history: history.map(switchJson),
    };
  };

  api.get(
    '/api/staff/oncall/surge',
    { preHandler: app.requireStaff, schema: { response: { 200: surgeAnswer } } },
    answer,
  );

  api.put(
    '/api/staff/oncall/surge',
    { ...koordinator, schema: { body: surgeBody, response: { 200: surgeAnswer } } },
    async (request) => {
      const actor = actorOf(request);
      await switchSurge(options.db, {
        on: request.body.on,
        reason: request.body.reason || null,
        actor: { userId: actor.userId, email: actor.email, ip: actor.ip },
        now: clock(),
      });
      options.surge.invalidate();
      return answer();
    },
  );
}

/**
 * The reserve (server/oncall/surge/reserve.ts) for the Beredskab page: everybody signed in reads it; a
 * koordinator adds and removes people (the chain's permission). An account that cannot be on it
 * is a 400 with the reason in Danish (ReserveRefused).
 */
export async function staffReserveRoutes(
  app: FastifyInstance,
  options: { db: Db; oncall?: { clock: () => Date } },
): Promise<void> {
  const clock = options.oncall?.clock ?? (() => new Date());
  const api = app.withTypeProvider<ZodTypeProvider>();
  const koordinator = { preHandler: app.requireStaff, config: { staffPermission: 'rota' } } as const;
  const path = '/api/staff/oncall/reserve';
  const answer = async () => ({
    people: (await listReserve(options.db)).map((person) => ({
      email: person.email,
      name: person.name,
      calledAt: person.calledAt ? person.calledAt.toISOString() : null,
    })),
  });
  const change = async (
    apply: typeof addToReserve | typeof removeFromReserve,
    request: Parameters<typeof actorOf>[0] & { body: { email: string } },
  ) => {
    const actor = actorOf(request);
    await apply(options.db, {
      email: request.body.email,
      now: clock(),
      actor: actor.email,
      userId: actor.userId,
      ip: actor.ip,
    });
    return answer();
  };
  const schema = { body: reserveBody, response: { 200: reserveAnswer } };

  api.get(path, { preHandler: app.requireStaff, schema: { response: { 200: reserveAnswer } } }, answer);
  api.post(path, { ...koordinator, schema }, (request) => change(addToReserve, request));
  api.delete(path, { ...koordinator, schema }, (request) => change(removeFromReserve, request));
}
