/**
 * The staff session of the /api/staff routes: the session cookie (HttpOnly, SameSite=Strict,
 * `__Host-` and Secure under https), the inbox-only rule (403 for any call, reads included, that
 * the browser says came from another origin: a sibling host on the same site still gets a
 * SameSite=Strict cookie, e.g. through a plain `<img>`), the Origin check of state-changing
 * calls, no-store on every answer, and `request.staffSession`. Routes say what they need with a
 * preHandler: `app.requireSession` (any session: the second-factor steps) or `app.requireStaff`
 * (second factor done); both answer 401 otherwise. A route that declares a permission
 * (`config: { staffPermission }`) also gets the role guard of ./roles.ts. Registered inside the
 * staff routes' scope.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadSession, sessionCookieName, sessionLimits, type StaffSession } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { StaffActor } from './audit.ts';
import { HttpError } from '../plugins/errors.ts';
import { roleGuard, tagAccess } from './roles.ts';

export const staffMessages = {
  unauthorized: 'Du er ikke logget ind, eller din session er udløbet. Log ind igen.',
  secondFactorMissing: 'Bekræft først dit login med koden fra din app.',
  crossOrigin: 'Forespørgslen kom fra en anden side og er afvist.',
} as const;

/**
 * What the browser's Sec-Fetch-Site may say of a call to the staff API: from the inbox itself
 * (`same-origin`) or typed, bookmarked or opened from outside a page (`none`). A missing header
 * (older browsers, curl, tests) passes; the cookie's SameSite=Strict and the Origin check of
 * state-changing calls still hold there.
 */
const allowedFetchSites = new Set(['same-origin', 'none']);

/** True when the browser says the call came from another origin (another site, or a sibling host). */
export function fromAnotherOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === undefined) return false;
  return Array.isArray(site) || !allowedFetchSites.has(site.trim().toLowerCase());
}

type PreHandler = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    staffSession: StaffSession | null;
  }
  interface FastifyReply {
    /** Sets the session cookie of a new session. */
    startStaffSession(token: string): FastifyReply;
    /** Clears the session cookie. */
    endStaffSession(): FastifyReply;
  }
  interface FastifyInstance {
    /** Any live session (login's second-factor steps); 401 otherwise. */
    requireSession: PreHandler;
    /** A session whose second factor is done; 401 otherwise. */
    requireStaff: PreHandler;
    /** Loads the session when there is one (logout). */
    optionalSession: PreHandler;
  }
}

/** The session's staff member, as services note them in the audit log. */
export function actorOf(request: FastifyRequest): StaffActor {
  const session = request.staffSession;
  if (!session) throw new HttpError('not-logged-in', staffMessages.unauthorized);
  return { userId: session.userId, email: session.email, name: session.name, ip: request.ip };
}

/** The caller's address and browser, for the login steps. */
export function originOf(request: FastifyRequest): { ip: string; userAgent: string | undefined } {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

async function staffSessionPlugin(
  app: FastifyInstance,
  deps: { config: Readonly<Config>; db: Db },
): Promise<void> {
  const secure = new URL(deps.config.publicUrl).protocol === 'https:';
  const cookieName = sessionCookieName(secure);
  const siteOrigin = new URL(deps.config.publicUrl).origin;
  const cookieOptions = { httpOnly: true, sameSite: 'strict', secure, path: '/' } as const;

  await app.register(cookie);
  app.decorateRequest('staffSession', null);
  app.decorateReply('startStaffSession', function (this: FastifyReply, token: string) {
    return this.setCookie(cookieName, token, { ...cookieOptions, maxAge: sessionLimits.absoluteMs / 1000 });
  });
  app.decorateReply('endStaffSession', function (this: FastifyReply) {
    return this.clearCookie(cookieName, cookieOptions);
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Before any route runs: a refused read neither answers nor writes the audit log.
    if (fromAnotherOrigin(request)) throw new HttpError('cross-origin', staffMessages.crossOrigin);
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const origin = request.headers.origin;
    if (origin && origin !== siteOrigin) throw new HttpError('cross-origin', staffMessages.crossOrigin);
  });

  const load = (request: FastifyRequest) => loadSession(deps.db, request.cookies[cookieName], new Date());
  const optionalSession = async (request: FastifyRequest) => {
    request.staffSession = await load(request);
  };
  const requireSession = async (request: FastifyRequest) => {
    const session = await load(request);
    if (!session) throw new HttpError('not-logged-in', staffMessages.unauthorized);
    request.staffSession = session;
  };
  const requireStaff = async (request: FastifyRequest) => {
    const session = await load(request);
    if (!session) throw new HttpError('not-logged-in', staffMessages.unauthorized);
    if (!session.secondFactorDone)
      throw new HttpError('second-factor-missing', staffMessages.secondFactorMissing);
    request.staffSession = session;
  };
  app.decorate('optionalSession', tagAccess(optionalSession, 'session'));
  app.decorate('requireSession', tagAccess(requireSession, 'session'));
  app.decorate('requireStaff', tagAccess(requireStaff, 'staff'));

  // A route that declares a permission (./roles.ts) checks the session and the role before its
  // input is validated: whoever may not call it learns nothing from a 400 about what it takes.
  app.addHook('onRoute', (route) => {
    const permission = route.config?.staffPermission;
    if (!permission) return;
    const method = [route.method].flat().join(',');
    const guard = roleGuard(deps.db, permission, { method, url: route.url }, staffMessages.unauthorized);
    route.preHandler = [route.preHandler ?? []].flat().filter((handler) => handler !== requireStaff);
    route.preValidation = [requireStaff, guard, ...[route.preValidation ?? []].flat()];
  });
}

/** Shares its decorators and hooks with the scope that registers it (as fastify-plugin would). */
export const staffSession = Object.assign(staffSessionPlugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'staff-session',
});
