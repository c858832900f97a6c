import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './plugins/errors.ts';
import { describeEachDatabase } from './test/databases.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

describeEachDatabase('GET /healthz', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: target });
  });
  afterAll(() => t.close());

  it('answers 200 ok while the database works', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database is gone', async () => {
    await t.app.deps.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });
});

/** Test-only routes exercising the app-wide error handling. */
function testRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({
          name: z.string().min(2, 'Navnet er for kort'),
          email: z.email('Ugyldig e-mail'),
          tags: z.array(z.string()).optional(),
        }),
      },
    },
    async (request) => ({ name: request.body.name }),
  );
  typed.post('/api/test/big', { bodyLimit: 64 * 1024 }, async () => ({ ok: true }));
  typed.post(
    '/api/test/limited',
    { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } },
    async () => ({ ok: true }),
  );
  typed.get('/api/test/crash', async () => {
    throw new Error('secret internal detail');
  });
  typed.get('/api/test/teapot', async () => {
    throw new HttpError('phone-taken', 'Denne henvendelse er allerede modtaget.', { reference: ['Brugt'] });
  });
}

describe('API error handling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ setup: testRoutes });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string | object, contentType: string | null = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: contentType ? { 'content-type': contentType } : {},
    });

  it('accepts valid JSON and answers with no-store caching and security headers', async () => {
    const response = await post('/api/test/echo', { name: 'Anna', email: 'anna@example.dk' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Anna' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers invalid input with 400 and the Danish message of each bad field', async () => {
    const response = await post('/api/test/echo', { name: 'A', email: 'nej', tags: ['ok', 3] });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Nogle af oplysningerne er ugyldige. Ret de markerede felter og prøv igen.');
    expect(body.errors).toMatchObject({ name: ['Navnet er for kort'], email: ['Ugyldig e-mail'] });
    expect(body.errors['tags.1']?.[0]).toMatch(/^Ugyldig/);
  });

  it('answers a missing field with a Danish default message', async () => {
    const response = await post('/api/test/echo', { email: 'anna@example.dk' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.name[0]).toMatch(/^Ugyldigt input/);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await post('/api/test/echo', '{"name": "Anna",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Forespørgslen indeholder ugyldig JSON.' });
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await post('/api/test/echo', '');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/mangler indhold/);
  });

  it.each([
    ['text/plain', 'name=Anna'],
    ['application/x-www-form-urlencoded', 'name=Anna'],
    ['multipart/form-data; boundary=x', '--x--'],
    [null, '{"name":"Anna"}'],
  ])('answers content type %s with 415', async (type, payload) => {
    const response = await post('/api/test/echo', payload, type);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: 'Forespørgslen skal sendes som JSON (Content-Type: application/json).',
    });
  });

  it('accepts JSON with a charset parameter', async () => {
    const response = await post(
      '/api/test/echo',
      { name: 'Anna', email: 'anna@example.dk' },
      'application/json; charset=utf-8',
    );
    expect(response.statusCode).toBe(200);
  });

  it('answers a body over the limit with 413', async () => {
    const response = await post('/api/test/big', { data: 'x'.repeat(70 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Forespørgslen er for stor.' });
    const global = await post('/api/test/echo', { name: 'x'.repeat(1024 * 1024 + 1), email: 'a@b.dk' });
    expect(global.statusCode).toBe(413);
  });

  it('answers 429 in Danish once a rate-limited route is over its limit', async () => {
    expect((await post('/api/test/limited', {})).statusCode).toBe(200);
    expect((await post('/api/test/limited', {})).statusCode).toBe(200);
    const limited = await post('/api/test/limited', {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'For mange forespørgsler. Vent lidt, og prøv igen.' });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('does not rate-limit routes that did not opt in', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post('/api/test/echo', { name: 'Anna', email: 'a@b.dk' })).statusCode).toBe(200);
  });

  it('answers an unexpected fault with a generic 500 without details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Der opstod en fejl på serveren. Prøv igen senere, eller ring til os.',
    });
    expect(response.body).not.toContain('secret');
  });

  it('passes an HttpError through with its status, message and field errors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Denne henvendelse er allerede modtaget.',
      errors: { reference: ['Brugt'] },
    });
  });

  it('answers unknown API paths and methods with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/nope'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: method === 'POST' ? '{}' : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Adressen findes ikke.' });
    }
  });
});

describe('security headers', () => {
  it('adds HSTS and upgrade-insecure-requests only for an https PUBLIC_URL, and the S3 origin to connect-src', async () => {
    const t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://skade.example.dk',
        S3_BUCKET: 'billeder',
        S3_ENDPOINT: 'https://s3.example.dk',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toContain('upgrade-insecure-requests');
      const connectSrc = csp
        .split(';')
        .map((directive) => directive.trim().split(' '))
        .find(([name]) => name === 'connect-src');
      expect(connectSrc).toEqual(expect.arrayContaining(["'self'", 'https://s3.example.dk']));
    } finally {
      await t.close();
    }
  });
});

describe('rate limit keys', () => {
  const limitedRoute = (app: FastifyInstance) => {
    app.post(
      '/api/test/limited',
      { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } },
      async () => ({ ok: true }),
    );
  };
  const hit = (t: TestApp, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/limited',
      payload: {},
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    });

  it('counts per client address behind a trusted proxy (TRUST_PROXY=true)', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'true' }, setup: limitedRoute });
    try {
      expect((await hit(t, '203.0.113.1')).statusCode).toBe(200);
      expect((await hit(t, '203.0.113.2')).statusCode).toBe(200);
      expect((await hit(t, '203.0.113.1')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For when the proxy is not trusted', async () => {
    const t = await createTestApp({ setup: limitedRoute });
    try {
      expect((await hit(t, '203.0.113.1')).statusCode).toBe(200);
      expect((await hit(t, '203.0.113.2')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('graceful close', () => {
  it('finishes a request in flight, then refuses new connections', { timeout: 60_000 }, async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const t = await createTestApp({
      setup: (app) => {
        app.get('/api/test/slow', async () => {
          await gate;
          return { done: true };
        });
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const inFlight = fetch(`${url}/api/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = t.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    const releasedAt = Date.now();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    // The in-flight answer closes its keep-alive connection instead of idling for a minute.
    expect(Date.now() - releasedAt).toBeLessThan(5_000);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
