/**
 * The staff roles over HTTP, on PGlite and PostgreSQL: every registered staff route is read from
 * the app itself and its declared role checked, so a new route is either classified or fails
 * here; every koordinator route refuses a medarbejder with 403 and an audit row; a medarbejder
 * cannot take over the rota (colleagues' numbers, the chain, a year's cover, a foreign number).
 */
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleMessages } from '../../domain/staff-api/roles.ts';
import { auditLog, oncallChains, oncallOverrides, users } from '../db/schema.ts';
import { staffRoutes as registerStaffRoutes } from '../staff-routes.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { password, StaffClient } from '../test/staff-client.ts';
import { type TestApp } from '../test/test-app.ts';
import { addStaff, setStaffRole } from './accounts.ts';
import { staffRouteAccess } from './roles.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';

/**
 * The staff routes a medarbejder may call, reviewed one by one. A new staff route that is not a
 * koordinator's must be added here, on purpose.
 */
const medarbejderRoutes = [
  'GET /api/staff/leads',
  'POST /api/staff/leads/status',
  'GET /api/staff/leads/:id',
  'GET /api/staff/leads/:id/photos',
  'PATCH /api/staff/leads/:id',
  'POST /api/staff/leads/:id/notes',
  'POST /api/staff/leads/:id/case-link',
  'DELETE /api/staff/leads/:id/case-link',
  // Any staff member lists the adjuster's links and answers the adjuster; giving and revoking a
  // link checks koordinator-or-assignee in the service.
  'POST /api/staff/leads/:id/adjuster-link',
  'DELETE /api/staff/leads/:id/adjuster-link/:linkId',
  'GET /api/staff/leads/:id/adjuster-links',
  'GET /api/staff/leads/:id/adjuster-messages',
  'POST /api/staff/leads/:id/adjuster-messages',
  'GET /api/staff/oncall/rota',
  'PUT /api/staff/me/phone',
  'PUT /api/staff/leads/:id/assignee',
  'POST /api/staff/leads/:id/called-back',
  'GET /api/staff/leads/:id/timeline',
  'GET /api/staff/leads/:id/version',
  'PUT /api/staff/leads/:id/visit',
  'GET /api/staff/oncall/figures',
  'GET /api/staff/oncall/reserve',
  'GET /api/staff/live',
  'GET /api/staff/oncall/surge',
  'GET /api/staff/leads/:id/messages',
  'POST /api/staff/leads/:id/messages',
  'GET /api/staff/insurers',
  'GET /api/staff/insurers/figures',
  // The case after the call: a technician on site has the medarbejder role.
  'DELETE /api/staff/leads/:id/milestones/:milestoneId',
  'DELETE /api/staff/leads/:id/moisture/:readingId',
  'GET /api/staff/leads/:id/moisture',
  'GET /api/staff/leads/:id/milestones',
  'GET /api/staff/leads/:id/report.pdf',
  'GET /api/staff/leads/:id/reports',
  'GET /api/staff/leads/:id/reports/:reportId.pdf',
  'POST /api/staff/leads/:id/milestones',
  'POST /api/staff/leads/:id/moisture',
  'POST /api/staff/leads/:id/report',
  // The customers' satisfaction answers and figures; marking one followed up is a koordinator's.
  'GET /api/staff/satisfaction',
  'GET /api/staff/leads/:id/satisfaction',
].sort();

/** The login's steps: before a full session, or to end one. */
const loginRoutes = {
  'POST /api/staff/login': 'open',
  'GET /api/staff/totp/enrolment': 'session',
  'POST /api/staff/totp/enrol': 'session',
  'POST /api/staff/totp/verify': 'session',
  'POST /api/staff/logout': 'session',
  'GET /api/staff/me': 'session',
};

const someId = '00000000-0000-4000-8000-000000000000';

/** Every route the staff API registers, as the app registers them (server/staff-routes.ts). */
async function registeredStaffRoutes(t: TestApp): Promise<RouteOptions[]> {
  const probe = Fastify({ logger: false });
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  const seen: RouteOptions[] = [];
  probe.addHook('onRoute', (route) => void seen.push(route));
  await probe.register(registerStaffRoutes, { ...t.app.deps, config: t.config, db: t.app.deps.db });
  await probe.ready();
  await probe.close();
  return seen;
}

describeEachDatabase('staff roles', (target) => {
  let t: TestApp;
  let kai: StaffClient;
  let mia: StaffClient;
  let routes: RouteOptions[] = [];
  const db = () => t.app.deps.db;
  const ids: Record<string, string> = {};
  const key = (route: Pick<RouteOptions, 'method' | 'url'>) =>
    `${[route.method].flat().join(',')} ${route.url}`;
  const staffRoutes = () =>
    routes.filter((route) => route.url.startsWith('/api/staff') && route.method !== 'HEAD');

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    routes = await registeredStaffRoutes(t);
    await addStaff(db(), { email: 'kai@example.dk', name: 'Kai Koordinator', password, role: 'koordinator' });
    await addStaff(db(), { email: 'mia@example.dk', name: 'Mia Medarbejder', password });
    await db().update(users).set({ phone: '+4521212121' }).where(eq(users.email, 'kai@example.dk'));
    await db().update(users).set({ phone: '+4531313131' }).where(eq(users.email, 'mia@example.dk'));
    for (const row of await db().select().from(users)) ids[row.email.split('@')[0]!] = row.id;
    kai = new StaffClient(t.app, '10.9.0.1');
    await kai.logIn('kai@example.dk');
    mia = new StaffClient(t.app, '10.9.0.2');
    await mia.logIn('mia@example.dk');
  });
  afterAll(() => t.close());

  it('makes new accounts medarbejder unless told otherwise, and tells the inbox the role', async () => {
    expect((await mia.request('GET', '/api/staff/me')).json()).toMatchObject({ role: 'medarbejder' });
    expect((await kai.request('GET', '/api/staff/me')).json()).toMatchObject({ role: 'koordinator' });
  });

  it('has every staff route declare who may call it', () => {
    const byAccess = new Map<string, string[]>();
    for (const route of staffRoutes()) {
      const access = staffRouteAccess(route);
      byAccess.set(access, [...(byAccess.get(access) ?? []), key(route)]);
    }
    const login = Object.entries(loginRoutes);
    expect((byAccess.get('open') ?? []).sort()).toEqual(
      login.filter(([, a]) => a === 'open').map(([r]) => r),
    );
    expect((byAccess.get('session') ?? []).sort()).toEqual(
      login
        .filter(([, a]) => a === 'session')
        .map(([r]) => r)
        .sort(),
    );
    expect((byAccess.get('medarbejder') ?? []).sort()).toEqual(medarbejderRoutes);
    expect(byAccess.get('koordinator')).toEqual(
      expect.arrayContaining([
        'GET /api/staff/leads/export.csv',
        'GET /api/staff/oncall/figures.csv',
        'PUT /api/staff/oncall/chain',
        'POST /api/staff/oncall/overrides',
        'DELETE /api/staff/oncall/overrides/:id',
        'GET /api/staff/personal-data',
        'GET /api/staff/personal-data/export',
        'POST /api/staff/personal-data/erase',
        'GET /api/staff/audit',
        'PUT /api/staff/oncall/surge',
        'POST /api/staff/messages/batch',
        'POST /api/staff/messages/batch/preview',
      ]),
    );
  });

  it('refuses a medarbejder every koordinator route with 403 in Danish, and notes each attempt', async () => {
    const koordinatorRoutes = staffRoutes().filter((route) => staffRouteAccess(route) === 'koordinator');
    expect(koordinatorRoutes.length).toBeGreaterThanOrEqual(9);
    for (const route of koordinatorRoutes) {
      const method = [route.method].flat()[0] as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      const url = route.url.replace(/:[a-z]+/gi, someId);
      const answer = await mia.request(method, url, method === 'GET' ? undefined : {});
      expect(answer.statusCode, key(route)).toBe(403);
      expect(answer.json(), key(route)).toEqual({ message: roleMessages.koordinatorRequired });
    }
    const refused = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role-refused'), eq(auditLog.userId, ids.mia!)));
    expect(refused.map((row) => (row.details as { route: string }).route).sort()).toEqual(
      koordinatorRoutes.map((route) => route.url).sort(),
    );
    // The same routes answer a koordinator (whatever their own checks then say).
    for (const route of koordinatorRoutes.filter((r) => r.method === 'GET')) {
      const answer = await kai.request('GET', route.url.replace(/:[a-z]+/gi, someId));
      expect(answer.statusCode, key(route)).not.toBe(403);
    }
  });

  describe('rota takeover by a medarbejder', () => {
    it("shows the rota without colleagues' numbers, but with their own", async () => {
      const rota = (await mia.request('GET', '/api/staff/oncall/rota')).json();
      const phoneOf = (id: string) => rota.staff.find((p: { id: string }) => p.id === id).phone;
      expect(phoneOf(ids.kai!)).toBeNull();
      expect(phoneOf(ids.mia!)).toBe('+4531313131');
      const full = (await kai.request('GET', '/api/staff/oncall/rota')).json();
      expect(full.staff.find((p: { id: string }) => p.id === ids.mia).phone).toBe('+4531313131');
    });

    it('cannot set the chain to themselves alone, nor a one-year cover, even with a right code', async () => {
      const chain = await mia.request('PUT', '/api/staff/oncall/chain', {
        memberIds: [ids.mia],
        handoverWeekday: 0,
        handoverHour: 8,
        code: await mia.freshCode('mia@example.dk'),
      });
      expect(chain.statusCode).toBe(403);
      const year = await mia.request('POST', '/api/staff/oncall/overrides', {
        userId: ids.mia,
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 365 * 24 * 3_600_000).toISOString(),
        code: await mia.freshCode('mia@example.dk'),
      });
      expect(year.statusCode).toBe(403);
      expect(await db().select().from(oncallChains)).toEqual([]);
      expect(await db().select().from(oncallOverrides)).toEqual([]);
    });

    it('cannot put a foreign number on their own account without a fresh code', async () => {
      for (const code of [undefined, '000000']) {
        const answer = await mia.request('PUT', '/api/staff/me/phone', { phone: '+46 70 123 45 67', code });
        expect(answer.statusCode).toBe(403);
      }
      const [row] = await db().select({ phone: users.phone }).from(users).where(eq(users.id, ids.mia!));
      expect(row!.phone).toBe('+4531313131');
    });

    it('may change their own number with a fresh code', async () => {
      const answer = await mia.request('PUT', '/api/staff/me/phone', {
        phone: '41 41 41 41',
        code: await mia.freshCode('mia@example.dk'),
      });
      expect(answer.json()).toEqual({ phone: '+4541414141' });
    });
  });

  it('counts a new role from the next request, and audits the change', async () => {
    expect((await mia.request('GET', '/api/staff/audit')).statusCode).toBe(403);
    expect(await setStaffRole(db(), 'mia@example.dk', 'koordinator', { actor: 'cli:test' })).toBe(
      'medarbejder',
    );
    expect((await mia.request('GET', '/api/staff/audit')).statusCode).toBe(200);
    await setStaffRole(db(), 'mia@example.dk', 'medarbejder', { actor: 'cli:test' });
    expect((await mia.request('GET', '/api/staff/audit')).statusCode).toBe(403);
    const changes = await db().select().from(auditLog).where(eq(auditLog.action, 'staff-role-set'));
    expect(changes.map((row) => row.details)).toEqual([
      { person: 'mia@example.dk', from: 'medarbejder', to: 'koordinator' },
      { person: 'mia@example.dk', from: 'koordinator', to: 'medarbejder' },
    ]);
  });
});
