import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, registerSecurityHeaders, s3UploadOrigin } from './security-headers.ts';

const s3 = {
  endpoint: undefined,
  region: 'eu-north-1',
  bucket: 'billeder',
  accessKeyId: 'a',
  secretAccessKey: 'b',
  forcePathStyle: false,
};

describe('contentSecurityPolicy', () => {
  it('lists the page hashes after self and never allows inline or eval scripts', () => {
    const csp = contentSecurityPolicy({ publicUrl: 'http://localhost:3000', s3: null }, [
      'sha256-abc',
      'sha256-def',
    ]);
    expect(csp).toContain("script-src 'self' 'sha256-abc' 'sha256-def';");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    // Nothing the pages run reads blob: URLs with fetch.
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('lets the inbox show photos from the S3 bucket and the forms upload there', () => {
    const csp = contentSecurityPolicy({ publicUrl: 'https://skade.example', s3 });
    expect(csp).toContain("img-src 'self' data: blob: https://billeder.s3.eu-north-1.amazonaws.com;");
    expect(csp).toContain("connect-src 'self' https://billeder.s3.eu-north-1.amazonaws.com;");
  });
});

describe('s3UploadOrigin', () => {
  it('uses the bucket host for virtual-hosted style and the endpoint for path style', () => {
    expect(s3UploadOrigin({ ...s3, endpoint: 'https://s3.example.dk:9000' })).toBe(
      'https://billeder.s3.example.dk:9000',
    );
    expect(s3UploadOrigin({ ...s3, endpoint: 'http://127.0.0.1:4569', forcePathStyle: true })).toBe(
      'http://127.0.0.1:4569',
    );
    expect(s3UploadOrigin(s3)).toBe('https://billeder.s3.eu-north-1.amazonaws.com');
  });
});

describe('registerSecurityHeaders', () => {
  async function headersFor(
    publicUrl: string,
    { trustProxy = false, headers = {} }: { trustProxy?: boolean; headers?: Record<string, string> } = {},
  ) {
    const app = Fastify({ trustProxy });
    registerSecurityHeaders(app, { publicUrl, s3: null });
    app.get('/', async () => 'ok');
    const response = await app.inject({ method: 'GET', url: '/', headers });
    await app.close();
    return response.headers;
  }

  it('sends the same-origin, framing, sniffing and referrer headers on every response', async () => {
    const headers = await headersFor('http://localhost:3000');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends HSTS for an https PUBLIC_URL or a request that came over HTTPS, not for plain HTTP', async () => {
    const hsts = 'max-age=31536000; includeSubDomains';
    expect((await headersFor('https://skade.example.dk'))['strict-transport-security']).toBe(hsts);
    expect((await headersFor('http://localhost:3000'))['strict-transport-security']).toBeUndefined();
    const viaProxy = { headers: { 'x-forwarded-proto': 'https' } };
    expect(
      (await headersFor('http://localhost:3000', { ...viaProxy, trustProxy: true }))[
        'strict-transport-security'
      ],
    ).toBe(hsts);
    // An untrusted client cannot claim HTTPS.
    expect(
      (await headersFor('http://localhost:3000', viaProxy))['strict-transport-security'],
    ).toBeUndefined();
  });
});
