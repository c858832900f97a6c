/**
 * The route guard of the staff roles (domain/staff-api/roles.ts says what each role may do). A
 * staff route declares what it does with a route option, `config: { staffPermission: 'rota' }`;
 * the session plugin (./session.ts) puts this guard right after `requireStaff` on every such
 * route, so the check cannot be left out of a handler. A staff member without the role gets 403
 * with "Det kræver rollen koordinator.", and the attempt is in the audit log.
 *
 * `staffRouteAccess` tells what a route asks of its caller; the test over every registered staff
 * route (./roles.test.ts) reads it, so a new route is classified or the test fails.
 */
import type { FastifyRequest, RouteOptions } from 'fastify';
import {
  roleMessages,
  roleSatisfies,
  staffPermissions,
  type StaffPermission,
  type StaffRole,
} from '../../domain/staff-api/roles.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../plugins/errors.ts';
import { recordAudit } from './audit.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route does, by the table of domain/staff-api/roles.ts; the guard needs its role. */
    staffPermission?: StaffPermission;
  }
}

/** What a route's own preHandler asks for, set on the session plugin's preHandlers. */
export const accessTag = Symbol('staff-access');
type TaggedHandler = { [accessTag]?: 'staff' | 'session' };

/** Marks a preHandler as asking for a full staff session or any session. */
export function tagAccess<T extends object>(handler: T, access: 'staff' | 'session'): T {
  return Object.assign(handler, { [accessTag]: access });
}

/**
 * What a staff route asks of its caller: a role (declared, or medarbejder for any full staff
 * session), a session of the login's steps, or nothing.
 */
export function staffRouteAccess(
  route: Pick<RouteOptions, 'config' | 'preHandler' | 'preValidation'>,
): StaffRole | 'session' | 'open' {
  const permission = (route.config as { staffPermission?: StaffPermission } | undefined)?.staffPermission;
  if (permission) return staffPermissions[permission];
  const handlers = [route.preHandler ?? [], route.preValidation ?? []].flat() as TaggedHandler[];
  if (handlers.some((handler) => handler[accessTag] === 'staff')) return 'medarbejder';
  if (handlers.some((handler) => handler[accessTag] === 'session')) return 'session';
  return 'open';
}

/** The preHandler that refuses (and notes) a staff member whose role is below the permission's. */
export function roleGuard(
  db: Db,
  permission: StaffPermission,
  route: { method: string; url: string },
  unauthorized: string,
) {
  const needed = staffPermissions[permission];
  return async function requireRole(request: FastifyRequest): Promise<void> {
    const session = request.staffSession;
    // requireStaff runs first and refuses without a full session; this is the belt to its braces.
    if (!session?.secondFactorDone) throw new HttpError('not-logged-in', unauthorized);
    if (roleSatisfies(session.role, needed)) return;
    await recordAudit(db, {
      userId: session.userId,
      actor: session.email,
      action: 'role-refused',
      details: { method: route.method, route: route.url, needed },
      ip: request.ip,
    });
    throw new HttpError('role-required', roleMessages.koordinatorRequired);
  };
}
