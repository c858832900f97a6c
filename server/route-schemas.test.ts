/**
 * Every route declares what it takes and what it answers as zod schemas (params, query, body and
 * response, as far as it has them), so nothing at the edge is parsed by hand. The app is built with
 * every optional route switched on (SMS webhooks, built pages) and each route is checked as it is
 * registered; a new route without a `schema` fails here, named.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createClientFixture } from './test/client-fixture.ts';
import { createTestApp } from './test/test-app.ts';

describe('route schemas', () => {
  const fixture = createClientFixture();
  afterAll(() => fixture.remove());

  it('every route declares a schema with a response', async () => {
    const routes: RouteOptions[] = [];
    const t = await createTestApp({
      clientDir: fixture.dir,
      env: { SMS_WEBHOOK_SECRET: 'route-schema-test-secret' },
      onRoute: (route) => routes.push(route),
    });
    await t.close();
    const name = (route: RouteOptions) => `${[route.method].flat().join(',')} ${route.url}`;
    // HEAD routes are Fastify's copies of the GETs, with the GET's schema.
    const own = routes.filter((route) => route.method !== 'HEAD');
    expect(own.length).toBeGreaterThan(60);
    expect(own.filter((route) => !route.schema).map(name)).toEqual([]);
    expect(own.filter((route) => route.schema && !route.schema.response).map(name)).toEqual([]);
  });
});
