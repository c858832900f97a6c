import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, s3UploadOrigin } from './security-headers.ts';

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
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
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
