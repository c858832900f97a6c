/**
 * The insurers' API as an insurer's system meets it: a key per insurer, an assignment made and
 * found again by its claim number, its state, the refusals (each `{ message, messageEn, code,
 * fields }`), the rate limit per key, Idempotency-Key and the OpenAPI description.
 */
import { validate } from '@readme/openapi-parser';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import {
  auditLog,
  insurerApiIdempotency,
  insurerApiKeys,
  insurerAssignments,
  leadMilestones,
  leads,
  mailJobs,
} from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { keptMail } from '../test/kept-mail.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { bodyHash, idempotencyPurgeJob } from './idempotency.ts';
import { createInsurerKey, revokeInsurerKey } from './keys.ts';
import { documentedRoutes } from './openapi.ts';

const publicUrl = 'https://skade.test';

function assignment(claimNumber = 'TRY-2026-1001') {
  return {
    adjuster: { name: 'Tina Taksator', email: 'tina@tryg.test', phone: '+45 70 11 22 33' },
    claimNumber,
    policyNumber: 'POL-55',
    policyholder: {
      name: 'Poul Hansen',
      phone: '20 30 40 50',
      email: 'poul@example.dk',
      address: 'Algade 3, 4000 Roskilde',
    },
    damageType: 'vandskade',
    damageDate: '2026-01-05',
    description: 'Vand fra opvaskemaskinen i køkkenet.',
    urgency: 'urgent',
    access: 'Nøgle hos naboen i nr. 5, kode 1234.',
  };
}

describeEachDatabase("the insurers' API", (target) => {
  let t: TestApp;
  let tryg: string;
  let codan: string;
  let codanId: string;
  const routes: string[] = [];
  const { sent, transport } = keptMail();
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { PUBLIC_URL: publicUrl, MAIL_TO: 'sager@skade.test' },
      mail: { startWorker: false, transport },
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD' && route.url.startsWith('/api/v1/')) routes.push(`${method} ${route.url}`);
      },
    });
    tryg = (await createInsurerKey(db(), { insurer: 'tryg', label: 'Skadesystem', actor: 'cli:test' })).key;
    const codanKey = await createInsurerKey(db(), { insurer: 'Codan', actor: 'cli:test' });
    codan = codanKey.key;
    codanId = codanKey.id;
  });
  afterAll(() => t.close());

  const post = (key: string | null, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/assignments',
      headers: {
        'content-type': 'application/json',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const get = (key: string, reference: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/assignments/${reference}`,
      headers: { authorization: `Bearer ${key}` },
    });

  it('makes the case once per claim number, with the adjuster’s link, and reports where it stands', async () => {
    const made = await post(tryg, assignment());
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json<{ reference: string; adjusterUrl: string; status: string }>();
    expect(created.reference).toMatch(/^RK-[A-Z0-9]{6}$/);
    expect(created.adjusterUrl).toMatch(/^https:\/\/skade\.test\/taksator\/[A-Za-z0-9_-]{43}$/);
    expect(created.status).toBe('received');
    // The adjuster's page opens with the link the answer carries.
    const page = await t.app.inject({ method: 'GET', url: created.adjusterUrl.slice(publicUrl.length) });
    expect(page.statusCode).toBe(200);

    // A lead like any other: the policyholder is its person, the insurer the key's.
    const [lead] = await db().select().from(leads).where(eq(leads.reference, created.reference));
    expect(lead).toMatchObject({ kind: 'rekvisition', name: 'Poul Hansen', status: 'new' });
    expect(lead!.details).toMatchObject({
      forsikringsselskab: 'Tryg',
      skadeNr: 'TRY-2026-1001',
      hastegrad: 'akut',
    });
    const mails = await db()
      .select({ kind: mailJobs.kind })
      .from(mailJobs)
      .where(eq(mailJobs.leadId, lead!.id));
    expect(mails.map((mail) => mail.kind)).toContain('lead-notification');
    // Staff read the access details; the policyholder's receipt never carries them; the adjuster
    // gets the link to the case.
    await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
    const to = (address: string) => sent.filter((mail) => JSON.stringify(mail.to).includes(address));
    expect(
      to('sager@skade.test')
        .map((mail) => mail.text)
        .join(),
    ).toContain('Nøgle hos naboen');
    expect(to('poul@example.dk')).toHaveLength(1);
    expect(to('poul@example.dk')[0]!.text).not.toContain('Nøgle hos naboen');
    expect(
      to('tina@tryg.test')
        .map((mail) => mail.text)
        .join(),
    ).toContain(created.adjusterUrl);
    const [audited] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assignment-received'), eq(auditLog.leadId, lead!.id)));
    expect(audited!.n).toBe(1);

    // The same claim again (spaced and cased otherwise): the same case, not a second one.
    const again = await post(tryg, { ...assignment(' try-2026-1001 '), description: 'Sendt igen.' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ reference: created.reference, adjusterUrl: created.adjusterUrl });
    const [cases] = await db().select({ n: count() }).from(leads).where(eq(leads.kind, 'rekvisition'));
    expect(cases!.n).toBe(1);

    // Staff record the way there and the damage stop: the insurer sees them and the report's clock.
    const arrived = new Date();
    await db()
      .insert(leadMilestones)
      .values([
        { leadId: lead!.id, kind: 'paa-vej', at: arrived, details: { eta: '14:20' } },
        { leadId: lead!.id, kind: 'skadestop', at: arrived, details: {} },
      ]);
    const state = await get(tryg, created.reference.toLowerCase());
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({
      reference: created.reference,
      status: 'received',
      milestones: [{ kind: 'paa-vej' }, { kind: 'skadestop' }],
      deadlines: [{ kind: 'rapport-sendt', dueAt: expect.any(String), metAt: null }],
    });

    // Another insurer's key finds nothing there, as with a reference that does not exist.
    const other = await get(codan, created.reference);
    const unknown = await get(tryg, 'RK-ZZZZZZ');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect(other.json()).toMatchObject({ code: 'not-found', messageEn: 'No such assignment.', fields: {} });
    const [used] = await db().select().from(insurerApiKeys).where(eq(insurerApiKeys.label, 'Skadesystem'));
    expect(used!.useCount).toBeGreaterThanOrEqual(4);
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it('makes keys only for the insurers an assignment can name', async () => {
    for (const insurer of ['Andet forsikringsselskab', 'Ukendt A/S'])
      await expect(createInsurerKey(db(), { insurer, actor: 'cli:test' })).rejects.toThrow(
        /^Ukendt forsikringsselskab .*Kendte: Alm\. Brand, /,
      );
  });

  it('refuses a missing, unknown or revoked key with 401 before reading the body', async () => {
    const revoked = await createInsurerKey(db(), { insurer: 'If', actor: 'cli:test' });
    expect((await post(revoked.key, assignment('IF-1'))).statusCode).toBe(201);
    await revokeInsurerKey(db(), revoked.id, { actor: 'cli:test' });
    for (const key of [revoked.key, null, `${tryg.slice(0, -1)}x`]) {
      const refused = await post(key, '{"not json');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'unauthorized', fields: {} });
      expect(refused.json<{ message: string }>().message).toMatch(/nøgle/);
    }
  });

  it('answers bad data with 400 naming the fields as sent, bad JSON 400, a big body 413', async () => {
    const noAddress = assignment('TRY-BAD-1');
    const bad = await post(tryg, {
      ...noAddress,
      damageType: 'meteor',
      policyholder: { name: 'Poul Hansen', phone: '20 30 40 50' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid-body', messageEn: expect.any(String) });
    expect(Object.keys(bad.json<{ fields: object }>().fields).sort()).toEqual([
      'damageType',
      'policyholder.address',
    ]);

    // The form's rules judge the rest: a phone that is no phone, neither phone nor e-mail.
    const unreachable = await post(tryg, {
      ...assignment('TRY-BAD-2'),
      policyholder: { name: 'Poul Hansen', address: 'Algade 3, 4000 Roskilde', email: 'ikke en adresse' },
      adjuster: { name: 'Tina', email: 'tina@tryg.test', phone: 'abc' },
    });
    expect(unreachable.statusCode).toBe(400);
    const fields = unreachable.json<{ fields: Record<string, string[]> }>().fields;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['adjuster.phone', 'policyholder.email']));

    const broken = await post(tryg, '{"claimNumber": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'invalid-json' });

    // Whatever JSON arrives, a refusal is a 4xx in the API's shape, never a 5xx.
    const odd = [
      '[]',
      'null',
      '42',
      '"x"',
      '{"adjuster":"x"}',
      JSON.stringify({ ...noAddress, claimNumber: 'A\u0000B' }),
    ];
    for (const body of odd) {
      const refused = await post(tryg, body);
      expect(refused.statusCode, body).toBe(400);
      expect(Object.keys(refused.json()).sort(), body).toEqual(['code', 'fields', 'message', 'messageEn']);
    }
    const longKey = await post(tryg, assignment('TRY-BAD-3'), { 'idempotency-key': 'k'.repeat(256) });
    expect(longKey.json()).toMatchObject({ code: 'invalid-body' });
    const notJson = await post(tryg, 'claimNumber=1', { 'content-type': 'text/plain' });
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json()).toMatchObject({ code: 'unsupported-media-type' });
    const nowhere = await t.app.inject({ method: 'GET', url: '/api/v1/claims' });
    expect(nowhere.json()).toMatchObject({ code: 'not-found', fields: {} });

    const big = await post(tryg, { ...assignment('TRY-BIG'), description: 'x'.repeat(101 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'payload-too-large', fields: {} });
    const [cases] = await db().select({ n: count() }).from(leads).where(eq(leads.kind, 'rekvisition'));
    expect(cases!.n).toBe(2);
  });

  it('makes one case when the same claim arrives twice at once', async () => {
    const answers = await Promise.all([post(codan, assignment('COD-1')), post(codan, assignment('COD-1'))]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The second finds the first's case, or (while it is being made) is asked to try again.
    expect([
      [200, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const [cases] = await db()
      .select({ n: count() })
      .from(insurerAssignments)
      .where(eq(insurerAssignments.claimKey, 'cod-1'));
    expect(cases!.n).toBe(1);

    // A claim whose making died half-way (no case after two minutes) is made by the next request.
    const [codanRow] = await db().select().from(insurerApiKeys).where(eq(insurerApiKeys.id, codanId));
    const stuck = { insurerId: codanRow!.insurerId, keyId: codanId, claimKey: 'cod-2' };
    await db().insert(insurerAssignments).values(stuck);
    expect((await post(codan, assignment('COD-2'))).json()).toMatchObject({ code: 'assignment-in-progress' });
    await db()
      .update(insurerAssignments)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(insurerAssignments.claimKey, 'cod-2'));
    expect((await post(codan, assignment('COD-2'))).statusCode).toBe(201);
  });

  it('gives the same answer to the same Idempotency-Key and body, and 409 to another body', async () => {
    const headers = { 'idempotency-key': 'order-77' };
    const first = await post(codan, assignment('COD-77'), headers);
    expect(first.statusCode).toBe(201);
    const replay = await post(codan, assignment('COD-77'), headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const conflict = await post(codan, assignment('COD-78'), headers);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'idempotency-conflict' });
    // The key is per API key: another insurer's same Idempotency-Key is its own.
    expect((await post(tryg, assignment('TRY-78'), headers)).statusCode).toBe(201);
    // A first request that died half-way holds its key two minutes, then the next one is served.
    const died = { keyId: codanId, idempotencyKey: 'order-90', bodyHash: bodyHash(assignment('COD-90')) };
    await db()
      .insert(insurerApiIdempotency)
      .values({ ...died, createdAt: new Date() });
    const meanwhile = await post(codan, assignment('COD-90'), { 'idempotency-key': 'order-90' });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toMatchObject({ code: 'assignment-in-progress' });
    expect(meanwhile.headers['retry-after']).toBe('2');
    await db()
      .update(insurerApiIdempotency)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(insurerApiIdempotency.idempotencyKey, 'order-90'));
    expect((await post(codan, assignment('COD-90'), { 'idempotency-key': 'order-90' })).statusCode).toBe(201);
    // After 24 hours the key is forgotten: new again.
    await idempotencyPurgeJob({ db: db() }).run(new Date(Date.now() + 25 * 3_600_000));
    expect((await post(codan, assignment('COD-78'), headers)).statusCode).toBe(201);
  });

  it('limits each key to 120 requests a minute with 429 and Retry-After; other keys go on', async () => {
    const busy = (await createInsurerKey(db(), { insurer: 'Gjensidige', actor: 'cli:test' })).key;
    for (let i = 0; i < 120; i++) expect((await get(busy, 'RK-AAAAAA')).statusCode).toBe(404);
    const limited = await get(busy, 'RK-AAAAAA');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'rate-limited', fields: {} });
    expect((await get(codan, 'RK-AAAAAA')).statusCode).toBe(404);
  });

  describe('GET /api/v1/openapi.json', () => {
    it('is a valid OpenAPI 3.1 document describing exactly the routes registered', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
      const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
      expect(result.valid ? [] : result.errors).toEqual([]);
      expect(document.openapi).toBe('3.1.0');
      const described = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
      expect(described.sort()).toEqual([...routes].sort());
      expect([...documentedRoutes].sort()).toEqual([...routes].sort());
    });
  });
});
