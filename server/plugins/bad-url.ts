/**
 * The answer to a URL the router cannot decode (an invalid percent-escape such as /sag/x%ZZ, or a
 * path segment over the router's length limit). Fastify answers these itself, before any hook,
 * with English JSON that repeats the path; a path can be a case link's key. Here it is our own
 * Danish answer with the headers every answer gets: JSON for the API, otherwise a small page
 * written here (no scripts: the site's React app would start at an address its router cannot
 * decode). Neither repeats the path.
 */
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { company } from '../../domain/company.ts';
import type { Config } from '../config.ts';
import { escapeHtml } from '../mail/html.ts';
import { isApiPath, messages } from './errors.ts';
import { securityHeaders, styleOnlyPagePolicy } from './security-headers.ts';
import { noReferrer, styleOnlyPageStart } from './style-only-page.ts';

const style = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.55;color:#0f172a;background:#f1f5f9}
header{background:#0f514e}header div{max-width:40rem;margin:0 auto;padding:1rem;display:flex;justify-content:space-between;gap:.5rem}
header a{color:#fff;font-weight:700;text-decoration:none}
main{max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:1.55rem;line-height:1.25}
a{color:#0d6560}a:focus-visible{outline:3px solid #0f9e91;outline-offset:2px}`;

export const badUrlText = {
  title: 'Ugyldig adresse',
  heading: 'Adressen er ugyldig',
  explanation:
    'Linket, du har fulgt, er ødelagt eller ikke kopieret helt, så vi kan ikke åbne siden. Kom det fra en e-mail eller en sms, så åbn det derfra igen, eller kopiér hele linket.',
  home: 'Gå til forsiden',
  callPrefix: 'Brug for hjælp? Ring til os på',
} as const;

function badUrlPage(): string {
  const phone = escapeHtml(company.phoneDisplay);
  return `${styleOnlyPageStart({ title: badUrlText.title, style, head: [noReferrer] })}
<header><div><a href="/">${escapeHtml(company.name)}</a><a href="tel:${escapeHtml(company.phoneE164)}">Tlf. ${phone}</a></div></header>
<main>
<h1>${escapeHtml(badUrlText.heading)}</h1>
<p>${escapeHtml(badUrlText.explanation)}</p>
<p><a href="/">${escapeHtml(badUrlText.home)}</a></p>
<p>${escapeHtml(badUrlText.callPrefix)} <a href="tel:${escapeHtml(company.phoneE164)}">${phone}</a>.</p>
</main>
</body>
</html>
`;
}

/** Fastify's `frameworkErrors` option: FST_ERR_BAD_URL (400) and FST_ERR_MAX_PARAM_LENGTH (414). */
export function badUrlAnswer(
  config: Pick<Config, 'publicUrl' | 's3'>,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const setHeaders = securityHeaders(config);
  const html = badUrlPage();
  const policy = styleOnlyPagePolicy(style, config.publicUrl);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    setHeaders(request, reply);
    reply.header('Cache-Control', 'no-store');
    // The address may hold a case link's key: the page's own links must not carry it on.
    reply.header('Referrer-Policy', 'no-referrer');
    // The error's message holds the path: only its code is logged.
    request.log.info({ code: error.code }, 'undecodable url');
    if (isApiPath(request.url)) return reply.status(status).send({ message: messages.badRequest });
    return reply
      .status(status)
      .header('Content-Security-Policy', policy)
      .type('text/html; charset=utf-8')
      .send(html);
  };
}
