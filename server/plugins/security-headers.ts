import { createHash } from 'node:crypto';
/**
 * Security headers on every response. Pages get their own Content-Security-Policy carrying the
 * sha256 hashes of their inline scripts (docs/decisions/per-page-csp-hashes.md), so script-src never
 * needs 'unsafe-inline'. Mozilla's HTTP Observatory grades the result A+ with no test scored down
 * (tests/e2e/security-headers.spec.ts; docs/decisions/security-headers.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { isApiPath } from './errors.ts';

/** Where the browser PUTs uploads when S3 is configured (presigned URLs point there). */
export function s3UploadOrigin(s3: NonNullable<Config['s3']>): string {
  if (s3.endpoint) {
    const url = new URL(s3.endpoint);
    return s3.forcePathStyle ? url.origin : `${url.protocol}//${s3.bucket}.${url.host}`;
  }
  return s3.forcePathStyle
    ? `https://s3.${s3.region}.amazonaws.com`
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

/** The site's policy; `scriptHashes` are 'sha256-…' sources for the page's inline scripts. */
export function contentSecurityPolicy(
  config: Pick<Config, 'publicUrl' | 's3'>,
  scriptHashes: readonly string[] = [],
): string {
  const bucket = config.s3 ? [s3UploadOrigin(config.s3)] : [];
  // The forms PUT photos to our server or, with S3, straight to the bucket.
  const connect = ["'self'", ...bucket];
  const directives = [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    // The inbox shows photos through short-lived signed links, from the bucket when S3 is used;
    // blob: is the photo picker's thumbnails of the photos chosen.
    `img-src ${["'self'", 'data:', 'blob:', ...bucket].join(' ')}`,
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (config.publicUrl.startsWith('https:')) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/**
 * The policy of a page the server writes itself, with no script at all and one inline style
 * allowed by its hash (the on-call acknowledgement, the customer's case page): nothing else loads,
 * and its forms post to this site only.
 */
export function styleOnlyPagePolicy(style: string, publicUrl: string): string {
  const directives = [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  if (publicUrl.startsWith('https:')) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/**
 * Sets the common headers on every response and a default policy (no inline scripts at all);
 * page responses replace Content-Security-Policy with their own.
 *
 * Strict-Transport-Security goes out when the site is public over HTTPS (PUBLIC_URL) or when the
 * request itself came over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto);
 * browsers ignore it on plain HTTP anyway.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'publicUrl' | 's3'>,
): void {
  const setHeaders = securityHeaders(config);
  app.addHook('onRequest', async (request, reply) => setHeaders(request, reply));
}

/**
 * The headers registerSecurityHeaders sets, as a function of one request, for the answers Fastify
 * gives before any hook runs (a URL it cannot decode: server/plugins/bad-url.ts).
 */
export function securityHeaders(
  config: Pick<Config, 'publicUrl' | 's3'>,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const defaultPolicy = contentSecurityPolicy(config);
  const publicHttps = config.publicUrl.startsWith('https:');
  return (request, reply) => {
    reply.header('Content-Security-Policy', defaultPolicy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    // Nothing of ours is meant to be embedded by other sites (links and navigation are unaffected).
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (publicHttps || request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
  };
}
