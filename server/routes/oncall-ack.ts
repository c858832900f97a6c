/**
 * GET /vagt/:token: the page an on-call SMS links to (server-rendered, Danish, for a phone at
 * night): the emergency's summary, a tap-to-call link and one button, "Jeg tager den".
 * POST /vagt/:token: that button. Only the POST acknowledges: SMS apps fetch links for their
 * previews, so a GET never changes anything. The POST needs the page's signed form token and,
 * when the browser sends them, a same-origin Origin and Sec-Fetch-Site (a CSRF defence without a
 * session). Forged link → 403, expired → 410, lead erased → 404, all as Danish pages.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { company } from '../../domain/company.ts';
import { damageTypeLabels, type DamageType } from '../../domain/enums.ts';
import { formatPhone } from '../../domain/phone.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { escapeHtml, formatDanishDateTime } from '../mail/html.ts';
import { ackFormToken, ackPathPrefix, checkAckFormToken, checkAckToken } from '../oncall/ack-link.ts';
import { acknowledgePage, pageSummary } from '../oncall/acknowledge.ts';
import { formatClock } from '../oncall/zoned-time.ts';

export interface OncallAckRouteDeps {
  config: Readonly<Pick<Config, 'publicUrl' | 'signingSecret'>>;
  db: Db;
  oncall: { clock: () => Date; notify(): void };
}

const style = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;line-height:1.5;color:#111;background:#fff;max-width:32rem}
h1{font-size:1.4rem;margin:.2rem 0 1rem}dl{margin:0 0 1.2rem}dt{font-weight:600;margin-top:.6rem}dd{margin:0}
.call,button{display:block;box-sizing:border-box;width:100%;padding:1rem;font-size:1.2rem;border-radius:.5rem;text-align:center;text-decoration:none;margin:.8rem 0}
.call{background:#0a5c2b;color:#fff}button{background:#b00020;color:#fff;border:0;font-weight:700}
.note{padding:.8rem;border-radius:.5rem;background:#f2f2f2}a:focus,button:focus{outline:3px solid #1a4fd8;outline-offset:2px}`;
const styleHash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;

function policy(publicUrl: string): string {
  const directives = [
    "default-src 'none'",
    `style-src ${styleHash}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  if (publicUrl.startsWith('https:')) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} – ${escapeHtml(company.name)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function send(
  reply: FastifyReply,
  config: OncallAckRouteDeps['config'],
  status: number,
  title: string,
  body: string,
) {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Content-Security-Policy', policy(config.publicUrl))
    .send(page(title, body));
}

const problems = {
  invalid: [
    403,
    'Ugyldigt link',
    "<h1>Linket er ikke gyldigt</h1><p>Brug linket fra SMS'en, som det står, eller ring til kontoret.</p>",
  ],
  expired: [
    410,
    'Linket er udløbet',
    '<h1>Linket er udløbet</h1><p>Links fra vagt-SMS virker i 24 timer. Se henvendelsen i indbakken.</p>',
  ],
  missing: [
    404,
    'Henvendelsen findes ikke',
    '<h1>Henvendelsen findes ikke længere</h1><p>Den kan være slettet.</p>',
  ],
  forbidden: [
    403,
    'Prøv igen',
    "<h1>Prøv igen</h1><p>Siden var for gammel eller kom ikke fra os. Åbn linket fra SMS'en igen, og tryk på knappen.</p>",
  ],
} as const;

function sendProblem(reply: FastifyReply, config: OncallAckRouteDeps['config'], kind: keyof typeof problems) {
  const [status, title, body] = problems[kind];
  return send(reply, config, status, title, body);
}

type Lead = NonNullable<Awaited<ReturnType<typeof pageSummary>>>['lead'];

function summaryHtml(lead: Lead): string {
  const type = lead.details.skadetype;
  const rows: [string, string][] = [
    ['Skadetype', damageTypeLabels[type as DamageType] ?? type ?? 'Ikke angivet'],
    ['Navn', lead.name],
    ['Adresse', lead.details.adresse ?? 'Ikke angivet'],
    ['Modtaget', formatDanishDateTime(lead.createdAt)],
  ];
  const call = lead.phone
    ? `<a class="call" href="tel:${escapeHtml(lead.phone)}">Ring til ${escapeHtml(lead.name)}: ${escapeHtml(formatPhone(lead.phone))}</a>`
    : '';
  return `<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>${call}`;
}

/** The browser says where the form came from; anything but this site is refused. */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  // The page's Referrer-Policy is no-referrer, so a browser posts its form with `Origin: null`;
  // Sec-Fetch-Site (set by the browser itself) then tells where the post came from.
  if (origin === 'null') return site === 'same-origin';
  return origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`;
}

export async function oncallAckRoutes(app: FastifyInstance, deps: OncallAckRouteDeps): Promise<void> {
  const { config } = deps;
  // Only in this plugin's scope: the form posts application/x-www-form-urlencoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const routeOptions = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
  const url = `${ackPathPrefix}:token`;

  app.get<{ Params: { token: string } }>(url, routeOptions, async (request, reply) => {
    const now = deps.oncall.clock();
    const link = checkAckToken(config.signingSecret, request.params.token, now);
    if (link.status !== 'ok') return sendProblem(reply, config, link.status);
    const summary = await pageSummary(deps.db, link.leadId);
    if (!summary) return sendProblem(reply, config, 'missing');
    const { lead, takenBy } = summary;
    const title = `AKUT ${lead.reference}`;
    const action = takenBy
      ? `<p class="note">${takenBy.userId === link.userId ? 'Du har taget den' : `Taget af ${escapeHtml(takenBy.name)}`} kl. ${formatClock(takenBy.at)}.</p>`
      : `<form method="post" action="${escapeHtml(request.url.split('?')[0] ?? '')}">
<input type="hidden" name="formToken" value="${escapeHtml(ackFormToken(config.signingSecret, request.params.token, now))}">
<button type="submit">Jeg tager den</button>
</form>`;
    return send(reply, config, 200, title, `<h1>${escapeHtml(title)}</h1>${summaryHtml(lead)}${action}`);
  });

  app.post<{ Params: { token: string }; Body: Record<string, string> | undefined }>(
    url,
    routeOptions,
    async (request, reply) => {
      const now = deps.oncall.clock();
      const link = checkAckToken(config.signingSecret, request.params.token, now);
      if (link.status !== 'ok') return sendProblem(reply, config, link.status);
      const formToken = typeof request.body?.formToken === 'string' ? request.body.formToken : '';
      if (
        !sameOrigin(request, config.publicUrl) ||
        !checkAckFormToken(config.signingSecret, request.params.token, formToken, now)
      ) {
        return sendProblem(reply, config, 'forbidden');
      }
      const result = await acknowledgePage(
        { db: deps.db, clock: deps.oncall.clock },
        { leadId: link.leadId, userId: link.userId, ip: request.ip },
      );
      if (result.kind === 'not-found') return sendProblem(reply, config, 'missing');
      const summary = await pageSummary(deps.db, link.leadId);
      const details = summary ? summaryHtml(summary.lead) : '';
      if (result.kind === 'taken') {
        deps.oncall.notify();
        request.log.info({ reference: result.reference }, 'on-call page acknowledged');
        return send(
          reply,
          config,
          200,
          `Du har taget ${result.reference}`,
          `<h1>Du har taget ${escapeHtml(result.reference)}</h1><p class="note">De andre på vagt får besked. Ring til kunden nu.</p>${details}`,
        );
      }
      const text = result.self
        ? `Du har allerede taget ${escapeHtml(result.reference)} (kl. ${formatClock(result.at)}).`
        : `${escapeHtml(result.reference)} er allerede taget af ${escapeHtml(result.byName)} kl. ${formatClock(result.at)}.`;
      return send(
        reply,
        config,
        result.self ? 200 : 409,
        'Allerede taget',
        `<h1>Allerede taget</h1><p class="note">${text}</p>${details}`,
      );
    },
  );
}
