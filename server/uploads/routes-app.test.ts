import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { imageMessages } from '../../domain/images.ts';
import { uploads } from '../db/schema.ts';
import { makePng } from '../../tests/support/images.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { emergencyBody } from '../test/lead-bodies.ts';

/** The upload pipeline through the whole app (buildApp): routes, error handling, rate limits. */
describeEachDatabase('uploads through the whole app', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false },
    });
  });
  afterAll(() => t.close());

  async function upload(colour: [number, number, number]): Promise<string> {
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'application/json' },
    });
    expect(issued.statusCode).toBe(200);
    const { uploadURL } = issued.json<{ uploadURL: string }>();
    expect(uploadURL.startsWith(`${t.config.publicUrl}/api/objects/upload/`)).toBe(true);
    const url = new URL(uploadURL);
    const put = await t.app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      payload: makePng(6, 6, colour),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode).toBe(200);
    return uploadURL;
  }

  it('refuses a 4th image in an emergency with 400 and a Danish message, attaching none', async () => {
    const urls = [
      await upload([1, 2, 3]),
      await upload([4, 5, 6]),
      await upload([7, 8, 9]),
      await upload([9, 9, 9]),
    ];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(emergencyBody(urls)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.images).toEqual([imageMessages.tooMany(3)]);
    for (const url of urls) {
      const id = new URL(url).pathname.split('/').pop() ?? '';
      const [row] = await t.app.deps.db.select().from(uploads).where(eq(uploads.id, id));
      expect(row?.status).toBe('uploaded');
    }
  });

  it('accepts the same three images, as URLs with or without their signature', async () => {
    const urls = [await upload([10, 2, 3]), await upload([11, 5, 6]), await upload([12, 8, 9])];
    const bare = urls.map((url) => url.split('?')[0] ?? url);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(emergencyBody([urls[0] ?? '', bare[1] ?? '', bare[2] ?? ''])),
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers an upload PUT that is not JSON without Fastify buffering or refusing its type', async () => {
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    const url = new URL(issued.json<{ uploadURL: string }>().uploadURL);
    const put = await t.app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      payload: 'hej',
      headers: { 'content-type': 'application/json' },
    });
    expect(put.statusCode).toBe(415);
    expect(put.json().message).toContain('Filen er ikke et billede');
    expect(put.headers['cache-control']).toBe('no-store');
  });

  it('refuses a POST without a JSON content type (415) and rate-limits issuing per IP (429)', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(plain.statusCode).toBe(415);
    let last = 200;
    for (let i = 0; i < 40 && last !== 429; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: '/api/objects/upload',
          headers: { 'content-type': 'application/json' },
          remoteAddress: '10.9.8.7',
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it('serves GET /api/address as an empty list without a provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/address?q=Vestergade' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
