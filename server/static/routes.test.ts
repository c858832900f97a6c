import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFixture, type ClientFixture } from '../test/client-fixture.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let fixture: ClientFixture;
let t: TestApp;

beforeAll(async () => {
  fixture = createClientFixture();
  t = await createTestApp({ clientDir: fixture.dir });
});
afterAll(async () => {
  await t.close();
  fixture.remove();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const notFoundTitles = /Ups! Siden er skadet — (brand|vand|stjålet)/;

describe('pages', () => {
  it.each([
    ['/', 'Forside'],
    ['/services', 'Ydelser'],
    ['/blog/3d-scanning', 'Artikel'],
  ])('serves %s with its own prerendered HTML and status 200', async (url, title) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<h1>${title}</h1>`);
  });

  it('ignores the query string when finding the page', async () => {
    expect((await get('/services?utm_source=x')).body).toContain('<h1>Ydelser</h1>');
  });

  it('redirects a trailing slash permanently to the path without it, keeping the query', async () => {
    const response = await get('/services/?a=1');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/services?a=1');
  });

  it('revalidates HTML with an ETag and answers 304 when it has not changed', async () => {
    const first = await get('/services');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const second = await get('/services', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    expect((await get('/services', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/services' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(Number(response.headers['content-length'])).toBe(
      Buffer.byteLength(fixture.files['services/index.html']!),
    );
  });
});

describe('not-found page', () => {
  it.each(['/findes-ikke', '/services/ukendt', '/assets/missing.js'])(
    'answers %s with a not-found page and status 404',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toMatch(notFoundTitles);
      expect(response.headers.etag).toBeUndefined();
    },
  );

  it('hides the not-found pages, index.html paths and other HTML files', async () => {
    for (const url of [
      '/__not-found/0',
      '/__not-found/1/index.html',
      '/index.html',
      '/services/index.html',
      '/__spa-fallback.html',
      '/services/index.html.br',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toMatch(notFoundTitles);
    }
  });

  it('chooses among all three fake damage reports', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 60 && seen.size < 3; i++)
      seen.add(notFoundTitles.exec((await get('/x')).body)?.[1] ?? '');
    expect([...seen].sort()).toEqual(['brand', 'stjålet', 'vand']);
  });

  it('answers unknown API paths with JSON, not the page', async () => {
    const response = await get('/api/findes-ikke');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Adressen findes ikke.' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers other methods on page paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/services' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('message');
  });
});

describe('assets and other files', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const response = await get('/assets/entry-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('revalidates page data like the page, so a new build never pairs old copy with new code', async () => {
    const response = await get('/services.data');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toBe('text/x-script');
    expect(response.body).toBe(fixture.files['services.data']);
    const again = await get('/services.data', { 'if-none-match': response.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('caches other files for an hour', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe(fixture.files['robots.txt']);
    expect((await get('/logo.svg')).headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  });
});

describe('pre-compressed variants', () => {
  it('prefers brotli when accepted', async () => {
    const response = await get('/assets/entry-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(
      fixture.files['assets/entry-abc123.js'],
    );
  });

  it('falls back to gzip, and to the plain file', async () => {
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(fixture.files['index.html']);
    const plain = await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(fixture.files['index.html']);
    const cssBr = await get('/assets/style-def456.css', { 'accept-encoding': 'br' });
    expect(cssBr.headers['content-encoding']).toBeUndefined();
  });

  it('gives each encoding its own ETag', async () => {
    const br = await get('/', { 'accept-encoding': 'br' });
    const plain = await get('/');
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    expect(
      (await get('/', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).statusCode,
    ).toBe(304);
  });

  it('compresses the not-found page too', async () => {
    const response = await get('/nope', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(brotliDecompressSync(response.rawPayload).toString()).toMatch(notFoundTitles);
  });
});

describe('Content-Security-Policy', () => {
  const scriptSrc = (csp: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src')) ?? '';

  it('allows exactly the inline scripts of the page by hash, never unsafe-inline', async () => {
    const response = await get('/services');
    const csp = response.headers['content-security-policy'] as string;
    const scripts = scriptSrc(csp);
    expect(scripts).toContain("'self'");
    expect(scripts).toContain(sha('window.__reactRouterContext = {"url":"/services"};'));
    expect(scripts).toContain(sha('import("/assets/entry-abc123.js");'));
    expect(scripts).not.toContain(sha('window.__reactRouterContext = {"url":"/"};'));
    expect(scripts).not.toContain('unsafe-inline');
    expect(scripts).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('sends the hashes of the chosen not-found page with it', async () => {
    const response = await get('/nope');
    const n = /window\.__nf = (\d);/.exec(response.body)?.[1];
    expect(scriptSrc(response.headers['content-security-policy'] as string)).toContain(
      sha(`window.__nf = ${n};`),
    );
  });

  it('sets the other security headers on pages', async () => {
    const response = await get('/');
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('staff inbox pages', () => {
  it.each([
    '/indbakke',
    '/indbakke/',
    '/indbakke/login',
    '/indbakke/henvendelse/3f1c9a52',
    '/indbakke/log?cursor=x',
  ])('answers %s with the SPA fallback page, never stored and never indexed', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(fixture.files['__spa-fallback.html']);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain(sha('window.__fallback = true;'));
  });

  it('answers HEAD too, and ignores If-None-Match', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/indbakke' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const conditional = await get('/indbakke', { 'if-none-match': '*' });
    expect(conditional.statusCode).toBe(200);
  });

  it('leaves paths that only start like the inbox to the not-found page', async () => {
    const response = await get('/indbakkefoo');
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-robots-tag']).toBeUndefined();
  });
});
