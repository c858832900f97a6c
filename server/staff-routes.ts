/**
 * The staff API under /api/staff, one module per area; the contract (every request and answer)
 * is domain/staff-api.ts. The session plugin guards them all: every answer is no-store, a
 * state-changing call from another origin answers 403, and a route without the session it needs
 * answers 401. Services own the rules and the audit log; their refusals become answers in
 * server/plugins/errors.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { staffSession } from './staff/session.ts';
import type { AnyObjectStore } from './storage/object-store.ts';
import { staffAuditRoutes } from './staff/audit-routes.ts';
import { staffLeadRoutes } from './inbox/routes.ts';
import { staffReportRoutes } from './casework/report-routes.ts';
import { staffLoginRoutes } from './staff/login-routes.ts';
import { staffOncallRoutes } from './oncall/staff-routes.ts';
import { staffReserveRoutes, staffSurgeRoutes } from './oncall/surge-routes.ts';
import type { SurgeService } from './oncall/surge/surge.ts';
import { staffPersonalDataRoutes } from './privacy/routes.ts';
import { staffMessageRoutes } from './messages/routes.ts';
import { staffAdjusterRoutes } from './casework/adjuster-routes.ts';
import { staffInsurerRoutes } from './casework/insurer-routes.ts';
import { technicianRoutes } from './casework/technician-routes.ts';
import { staffMilestoneRoutes } from './casework/milestone-routes.ts';
import { staffMoistureRoutes } from './casework/drying-routes.ts';
import { staffCaseClockRoutes } from './casework/clock-routes.ts';
import { staffSatisfactionRoutes } from './inbox/satisfaction-routes.ts';

export interface StaffRouteDeps {
  config: Readonly<Config>;
  db: Db;
  storage: AnyObjectStore;
  surge: SurgeService;
}

export async function staffRoutes(app: FastifyInstance, deps: StaffRouteDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(staffSession, deps);
    await scope.register(staffLoginRoutes, deps);
    await scope.register(staffLeadRoutes, deps);
    await scope.register(staffReportRoutes, deps);
    await scope.register(staffPersonalDataRoutes, deps);
    await scope.register(staffAuditRoutes, deps);
    await scope.register(staffOncallRoutes, deps);
    await scope.register(staffSurgeRoutes, deps);
    await scope.register(staffReserveRoutes, deps);
    await scope.register(staffMessageRoutes, deps);
    await scope.register(staffAdjusterRoutes, deps);
    await scope.register(staffInsurerRoutes, deps);
    await scope.register(technicianRoutes, deps);
    await scope.register(staffMilestoneRoutes, deps);
    await scope.register(staffMoistureRoutes, deps);
    await scope.register(staffCaseClockRoutes, deps);
    await scope.register(staffSatisfactionRoutes, deps);
  });
}
