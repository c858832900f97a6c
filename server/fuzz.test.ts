/**
 * Nothing a visitor sends breaks the server: generated bodies, query strings, paths and headers
 * against every public endpoint answer 4xx (or what a valid request gets), never 5xx, and a
 * refused request writes no row and queues no mail. FUZZ_RUNS sets the cases per property
 * (`npm run fuzz` runs thousands); a failure prints fast-check's seed to replay it.
 */
import { count } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadImages, leads, mailJobs, uploads } from './db/schema.ts';
import { describeEachDatabase } from './test/databases.ts';
import { contactBody, emergencyBody, reportBody, resourceRequestBody } from './test/lead-bodies.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from './test/test-app.ts';
import { makePng } from '../tests/support/images.ts';
import { formCookieName } from './forms/form-cookie.ts';
import { issueFormToken } from './leads/spam-token.ts';

const builtClientDir = new URL('../build/client', import.meta.url).pathname;

/** encodeURIComponent that takes lone surrogates too (as U+FFFD), like a browser would send them. */
const encodeUri = (text: string) =>
  encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

const runs = Number(process.env.FUZZ_RUNS ?? 400);

/** Strings a careless or hostile client sends: control characters, odd Unicode, long ones. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '\u0000',
    'Anne\u0000Hansen',
    '\u202eevil',
    '\ud800',
    'a\u0301\u0301\u0301',
    '👩‍👩‍👧‍👦',
    '__proto__',
    'constructor',
    '=cmd|calc',
    '<script>alert(1)</script>',
    ' ',
    '',
  ),
  fc.string({ minLength: 5000, maxLength: 70_000 }),
);

const prototypeKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');

/** Any JSON, deep and wide, with keys that try the prototype. */
const anyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    nastyString,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string(), prototypeKeys), tie('value'), { maxKeys: 6 }),
  ),
})).value;

/** A valid lead of some kind with one field replaced by anything. */
const mutatedLead = fc
  .tuple(
    fc.constantFrom<Record<string, unknown>>(contactBody, emergencyBody(), reportBody(), resourceRequestBody),
    fc.oneof(
      fc.string(),
      prototypeKeys,
      fc.constantFrom('kind', 'name', 'fuldeNavn', 'telefon', 'images', 'email'),
    ),
    anyJson,
  )
  .map(([body, key, value]) => ({ ...body, [key]: value }));

describeEachDatabase('fuzzing the public endpoints', (target) => {
  let t: TestApp;
  const fuzzRuns = target.kind === 'postgres' ? Math.max(20, Math.floor(runs / 3)) : runs;

  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false },
    });
  });
  afterAll(() => t.close());

  const counts = async () => {
    const db = t.app.deps.db;
    const total = async (table: typeof leads | typeof leadImages | typeof mailJobs | typeof uploads) =>
      (await db.select({ n: count() }).from(table))[0]!.n;
    return {
      leads: await total(leads),
      images: await total(leadImages),
      mails: await total(mailJobs),
      uploads: await total(uploads),
    };
  };

  const inject = (options: InjectOptions) => t.app.inject(options);

  it('answers any JSON body on the lead endpoints with 4xx or 201, and writes only what it accepts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/leads', '/api/contact', '/api/send-resource-request'),
        fc.oneof(anyJson, mutatedLead),
        async (url, body) => {
          const before = await counts();
          const response = await inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          const after = await counts();
          if (response.statusCode === 201) {
            expect(after.leads).toBe(before.leads + 1);
          } else {
            expect(response.statusCode).toBeGreaterThanOrEqual(400);
            expect(after).toEqual(before);
            expect(response.json().message).toEqual(expect.any(String));
          }
        },
      ),
      { numRuns: fuzzRuns },
    );
  }, 300_000);

  it('answers raw bytes, broken JSON and odd content types on the lead endpoint with 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
          fc.string().map((s) => Buffer.from(s)),
        ),
        fc.constantFrom(
          'application/json',
          'application/json; charset=latin1',
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          '',
          'application/json, text/html',
        ),
        async (payload, contentType) => {
          const before = await counts();
          const response = await inject({
            method: 'POST',
            url: '/api/leads',
            headers: contentType ? { 'content-type': contentType } : {},
            payload,
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode !== 201) expect(await counts()).toEqual(before);
        },
      ),
      { numRuns: fuzzRuns },
    );
  }, 300_000);

  it('answers odd upload requests, address queries, object paths and page paths without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyJson.map((body) => ({ method: 'POST' as const, url: '/api/objects/upload', json: body })),
          nastyString.map((q) => ({
            method: 'GET' as const,
            url: `/api/address?q=${encodeUri(q)}`,
          })),
          fc.string().map((q) => ({ method: 'GET' as const, url: `/api/address?${q}` })),
          fc.string().map((path) => ({
            method: 'GET' as const,
            url: `/api/objects/${encodeUri(path)}?expires=1&signature=x`,
          })),
          fc.webPath().map((path) => ({ method: 'GET' as const, url: path || '/' })),
          fc.string().map((path) => ({ method: 'GET' as const, url: `/${encodeUri(path)}` })),
          fc.tuple(fc.uuid(), fc.string(), fc.string()).map(([id, expires, signature]) => ({
            method: 'PUT' as const,
            url: `/api/objects/upload/${id}?expires=${encodeUri(expires)}&signature=${encodeUri(signature)}`,
          })),
        ),
        fc.integer({ min: 1, max: 250 }),
        async (request, host) => {
          const response = await inject({
            // Spread over many client addresses: the per-IP limit on upload URLs is tested elsewhere.
            remoteAddress: `10.9.${host}.${host}`,
            method: request.method,
            url: request.url,
            ...('json' in request
              ? {
                  headers: { 'content-type': 'application/json' },
                  payload: JSON.stringify(request.json) ?? 'null',
                }
              : request.method === 'PUT'
                ? { payload: makePng() }
                : {}),
          });
          expect(
            response.statusCode,
            `${request.method} ${request.url}: ${response.body.slice(0, 200)}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: fuzzRuns },
    );
  }, 300_000);

  it('refuses uploads that are not images by their bytes: SVG, HTML, polyglots, giant headers, empty', async () => {
    const png = makePng();
    // A PNG whose header claims 100,000 × 100,000 pixels: refused by its header, never decoded.
    const giant = Buffer.from(png);
    giant.writeUInt32BE(100_000, 16);
    giant.writeUInt32BE(100_000, 20);
    const cases: [string, Buffer, number[]][] = [
      ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), [415]],
      ['HTML', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), [415]],
      ['HTML with a PNG name', Buffer.concat([Buffer.from('<html>'), png]), [415]],
      [
        'PNG followed by HTML',
        Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]),
        [200],
      ],
      ['giant PNG header', giant, [413]],
      ['empty body', Buffer.alloc(0), [400, 415]],
      ['truncated PNG', png.subarray(0, 5), [415]],
    ];
    for (const [what, bytes, expected] of cases) {
      const issued = await inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      const url = new URL(issued.json<{ uploadURL: string }>().uploadURL);
      const response = await inject({ method: 'PUT', url: url.pathname + url.search, payload: bytes });
      expect(expected, `${what}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
    }
    // Over 10 MB: refused while streaming.
    const issued = await inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    const url = new URL(issued.json<{ uploadURL: string }>().uploadURL);
    const big = await inject({
      method: 'PUT',
      url: url.pathname + url.search,
      payload: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(413);
  });
});

describeEachDatabase('fuzzing the forms as plain HTML', (target) => {
  let t: TestApp;
  const fuzzRuns = target.kind === 'postgres' ? Math.max(20, Math.floor(runs / 4)) : Math.floor(runs / 2);
  const formPaths = ['/contact', '/akut-skade', '/anmeldelse', '/resources'] as const;
  const cookie = () => `${formCookieName}=${issueFormToken(TEST_SIGNING_SECRET, Date.now() - 30_000)}`;

  beforeAll(async () => {
    // The built pages: the forms are answered with them (`npm test` builds before it runs this).
    t = await createTestApp({
      database: target,
      clientDir: builtClientDir,
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false },
    });
  });
  afterAll(() => t.close());

  const leadCount = async () => (await t.app.deps.db.select({ n: count() }).from(leads))[0]!.n;
  const mailCount = async () => (await t.app.deps.db.select({ n: count() }).from(mailJobs))[0]!.n;

  /** A form's fields as text, some changed, some added, some dropped. */
  const mutatedFields = fc
    .tuple(
      fc.constantFrom<Record<string, unknown>>(
        contactBody,
        emergencyBody(),
        reportBody(),
        resourceRequestBody,
      ),
      fc.dictionary(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          prototypeKeys,
          fc.constantFrom('kind', 'images', 'formToken', 'website'),
        ),
        nastyString,
        { maxKeys: 5 },
      ),
      fc.array(
        fc.constantFrom<string>('name', 'email', 'fuldeNavn', 'telefon', 'personType', 'resourceTitle'),
        {
          maxLength: 2,
        },
      ),
    )
    .map(([body, changes, dropped]) => {
      const fields: [string, string][] = [];
      for (const [name, value] of Object.entries({ ...body, ...changes }))
        if (typeof value === 'string' && !dropped.includes(name)) fields.push([name, value]);
      return fields;
    });

  async function expectAnswered(response: Awaited<ReturnType<TestApp['app']['inject']>>, before: number[]) {
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
    if (response.statusCode === 303) {
      expect(response.headers.location).toMatch(/^\/tak\?ref=[A-Z]{2}-[A-Z0-9]{6}&type=/);
      expect(await leadCount()).toBe(before[0]! + 1);
    } else {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect([await leadCount(), await mailCount()]).toEqual(before);
    }
  }

  it('answers any URL-encoded form on the form pages with the page again or /tak, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...formPaths),
        mutatedFields,
        fc.boolean(),
        async (url, fields, withCookie) => {
          const before = [await leadCount(), await mailCount()];
          const response = await t.app.inject({
            method: 'POST',
            url,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              ...(withCookie ? { cookie: cookie() } : {}),
            },
            payload: new URLSearchParams(fields).toString(),
          });
          await expectAnswered(response, before);
          if (response.statusCode === 400 && response.headers['content-type']?.includes('text/html')) {
            // What was typed comes back as text in the form, never as markup.
            expect(response.body).not.toContain('<script>alert(1)</script>');
          }
        },
      ),
      { numRuns: fuzzRuns },
    );
  }, 300_000);

  it('answers multipart forms with odd parts and files, and raw bytes of any type, without a 5xx', async () => {
    const png = makePng();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...formPaths),
        mutatedFields,
        fc.array(
          fc.oneof(
            fc.constant(png),
            fc.uint8Array({ maxLength: 3000 }).map((bytes) => Buffer.from(bytes)),
            fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')),
          ),
          { maxLength: 4 },
        ),
        fc.string({ maxLength: 40 }),
        async (url, fields, files, fileName) => {
          const form = new FormData();
          for (const [name, value] of fields) form.append(name, value);
          for (const file of files) form.append('billeder', new Blob([new Uint8Array(file)]), fileName);
          const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
          const before = [await leadCount(), await mailCount()];
          const response = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': request.headers.get('content-type')!, cookie: cookie() },
            payload: Buffer.from(await request.arrayBuffer()),
          });
          await expectAnswered(response, before);
        },
      ),
      { numRuns: Math.max(10, Math.floor(fuzzRuns / 2)) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...formPaths),
        fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
        fc.constantFrom(
          'application/x-www-form-urlencoded',
          'application/x-www-form-urlencoded; charset=utf-16',
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'text/plain',
          'application/json',
          '',
        ),
        async (url, payload, contentType) => {
          const before = [await leadCount(), await mailCount()];
          const response = await t.app.inject({
            method: 'POST',
            url,
            headers: contentType ? { 'content-type': contentType } : {},
            payload,
          });
          await expectAnswered(response, before);
        },
      ),
      { numRuns: fuzzRuns },
    );
  }, 300_000);
});
