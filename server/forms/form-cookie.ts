/**
 * The form token of a browser without scripts. The scripted forms fetch their token from
 * /api/leads/token; a plain HTML form cannot, so each form page is served with the token in a
 * short-lived cookie (signed like any form token, HttpOnly, SameSite=Lax: a form posted from our
 * own page carries it, one posted from another site does not). The time trap then counts from
 * when the page was served, and the token still brings one lead.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formTokenLimits, issueFormToken } from '../leads/spam-token.ts';

export const formCookieName = 'formularnoegle';

/** The form token the browser holds, if any. */
export function formCookieToken(request: FastifyRequest): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === formCookieName) {
      const value = pair.slice(separator + 1).trim();
      return value && value.length <= 1024 ? value : undefined;
    }
  }
  return undefined;
}

/**
 * A new token for the page being served. A token the browser already holds passes on its start,
 * so opening a second form page does not make the first form look filled in within seconds.
 */
export function setFormCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secret: string; secure: boolean; now?: number },
): void {
  const token = issueFormToken(options.secret, options.now ?? Date.now(), formCookieToken(request));
  const attributes = [
    `${formCookieName}=${token}`,
    'Path=/',
    `Max-Age=${Math.floor(formTokenLimits.maxAgeMs / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ];
  reply.header('Set-Cookie', attributes.join('; '));
  // A page with a cookie of its own is this browser's: no shared cache may keep it.
  reply.header('Cache-Control', 'private, no-cache');
}
