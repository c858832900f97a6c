/**
 * Serves the prerendered pages and assets from memory: each page at its own path (no trailing
 * slash), the not-found page with status 404 for everything else, revalidation for HTML,
 * long-lived caching for hashed assets, pre-compressed br/gzip by Accept-Encoding. The staff
 * inbox (/indbakke and below) gets React Router's SPA fallback page, rendered in the browser.
 * A notice a feature gives (PageHooks.notice) goes at the top of every public page.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { contentSecurityPolicy } from '../plugins/security-headers.ts';
import { fileBody } from '../plugins/edge-schemas.ts';
import { chooseEncoding } from './accept-encoding.ts';
import { inlineScriptHashes, type StaticFile, type StaticSite } from './site.ts';

function pathOf(url: string): string | null {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The staff inbox's pages: client-only, private, never indexed. */
export function isInboxPath(path: string): boolean {
  return path === '/indbakke' || path.startsWith('/indbakke/');
}

/**
 * What features put into the pages for now: HTML at the top of every public page's body (may be
 * empty), and phrases to say otherwise in the pages and their page data (surge mode's wait in
 * place of the normal callback promise, the counted figures), as [as built, now] pairs.
 */
export interface PageNotice {
  html: string;
  swaps: ReadonlyArray<readonly [string, string]>;
}

/** What other features add to the pages served here. */
export interface PageHooks {
  /** Runs before a page is sent, e.g. to set a cookie; a Cache-Control it sets is kept. */
  beforePage?(path: string, request: FastifyRequest, reply: FastifyReply): void;
  /** A page built for this request instead of the prerendered one (sent uncached), or null. */
  pageFor?(path: string, request: FastifyRequest): { html: string; source: StaticFile } | null;
  /**
   * What to put into every public page for now (surge mode's notice), or null: the pages go out
   * exactly as built. Asked once per page request, so it must be quick.
   */
  notice?(): Promise<PageNotice | null>;
}

export interface StaticPages {
  /** Answers with the not-found page (404), or false when there is none to send. */
  sendNotFoundPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

export function registerStaticPages(
  app: FastifyInstance,
  site: StaticSite,
  config: Config,
  hooks: PageHooks = {},
): StaticPages {
  // Weak: the pages with a notice are replaced when the notice changes.
  const policies = new WeakMap<StaticFile, string>();
  const policyOf = (file: StaticFile) => {
    let policy = policies.get(file);
    if (!policy) {
      policy = contentSecurityPolicy(config, file.scriptHashes ?? []);
      policies.set(file, policy);
    }
    return policy;
  };

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    file: StaticFile,
    status: number,
    { store = true }: { store?: boolean } = {},
  ) => {
    const encoding = chooseEncoding(request.headers['accept-encoding'], { br: !!file.br, gzip: !!file.gzip });
    const body = encoding === 'br' ? file.br! : encoding === 'gzip' ? file.gzip! : file.body;
    const etag =
      encoding === 'br'
        ? file.etag.replace(/"$/, '-br"')
        : encoding === 'gzip'
          ? file.etag.replace(/"$/, '-gz"')
          : file.etag;
    reply.status(status);
    reply.header('Content-Type', file.contentType);
    if (file.br || file.gzip) reply.header('Vary', 'Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    if (file.isHtml) reply.header('Content-Security-Policy', policyOf(file));
    if (!store) {
      reply.header('Cache-Control', 'no-store');
    } else if (status === 404) {
      reply.header('Cache-Control', 'no-cache');
    } else {
      reply.header('Cache-Control', reply.getHeader('Cache-Control') ?? file.cacheControl);
      reply.header('ETag', etag);
      const match = request.headers['if-none-match'];
      if (
        match &&
        match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
      ) {
        return reply.status(304).send();
      }
    }
    reply.header('Content-Length', body.length);
    return reply.send(request.method === 'HEAD' ? null : body);
  };

  const withNotice = noticeInjector(hooks);

  const sendNotFoundPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pages = site.notFoundPages;
    const page = pages[Math.floor(Math.random() * pages.length)];
    if (!page) return reply.status(404).type('text/plain; charset=utf-8').send('Siden findes ikke.');
    return send(request, reply, await withNotice(page), 404);
  };

  // The inbox's pages show personal data once logged in: neither the browser nor a proxy may keep
  // them (after logging out, the back button must show nothing), and search engines skip them.
  const sendInboxPage = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('X-Robots-Tag', 'noindex');
    return send(request, reply, site.spaFallback!, 200, { store: false });
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    // Any path: a built file, a redirect to the page without its trailing slash, or not found.
    schema: { response: { 200: fileBody, 301: fileBody, 304: fileBody } },
    handler: async (request, reply) => {
      const path = pathOf(request.url);
      if (path !== null && site.spaFallback && isInboxPath(path)) return sendInboxPage(request, reply);
      const file = path === null ? undefined : site.files.get(path);
      if (file && path !== null && file.isHtml) {
        const built = hooks.pageFor?.(path, request);
        if (built) {
          // A page built for one request (a plain form's /tak) says what that lead was told, so
          // its phrases stay as they are; only the notice goes on top.
          const notice = await hooks.notice?.();
          return reply
            .header('Content-Type', file.contentType)
            .header('Content-Security-Policy', policyOf(built.source))
            .header('Cache-Control', 'no-store')
            .send(
              request.method === 'HEAD' ? null : notice ? insertNotice(built.html, notice.html) : built.html,
            );
        }
        hooks.beforePage?.(path, request, reply);
        return send(request, reply, await withNotice(file), 200);
      }
      // A page's data for client-side navigation says what the page says.
      if (file && path?.endsWith('.data')) return send(request, reply, await withNotice(file), 200);
      if (file) return send(request, reply, file, 200);
      // /services/ → /services (one URL per page); query string kept.
      if (path && path.length > 1 && path.endsWith('/')) {
        const target = path.replace(/(?<!\/)\/+$/, '') || '/';
        if (site.files.get(target)?.isHtml) {
          const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          return reply.redirect(encodeURI(target) + query, 301);
        }
      }
      return reply.callNotFound();
    },
  });

  return { sendNotFoundPage };
}

/**
 * Puts `notice` at the top of the page's body: after the opening <body …> tag, and after the
 * page's skip link when it starts with one (a skip link must stay the first thing to tab to and
 * the only content outside the landmarks).
 */
export function insertNotice(html: string, notice: string): string {
  const body = /<body\b[^>]*>(?:\s*<a\b[^>]*\shref="#[^"]*"[^>]*>[^<]*<\/a>)?/i.exec(html);
  if (!body) return html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + notice + html.slice(at);
}

/** `text` with every phrase as built replaced by what it says now. */
export function swapPhrases(text: string, swaps: PageNotice['swaps']): string {
  return swaps.reduce((swapped, [built, now]) => swapped.replaceAll(built, now), text);
}

/**
 * The page (or page data) as served now: the built file while there is no notice (untouched, its
 * compressed variants as built); with a notice, the page with it and its phrases swapped, made
 * once per page and notice and kept (compressed like the build does, with its inline scripts'
 * new hashes) until the notice changes.
 */
function noticeInjector(hooks: PageHooks): (file: StaticFile) => Promise<StaticFile> {
  const made = new Map<StaticFile, { key: string; file: StaticFile }>();
  return async (file) => {
    const notice = await hooks.notice?.();
    if (!notice) {
      made.clear();
      return file;
    }
    const key = JSON.stringify(notice);
    const kept = made.get(file);
    if (kept?.key === key) return kept.file;
    const built = file.body.toString('utf8');
    const swapped = swapPhrases(built, notice.swaps);
    const text = file.isHtml ? insertNotice(swapped, notice.html) : swapped;
    // A page the notice does not change (no phrase of it, no HTML to add) goes out as built.
    if (text === built) {
      made.set(file, { key, file });
      return file;
    }
    const body = Buffer.from(text, 'utf8');
    const withNotice: StaticFile = {
      ...file,
      body,
      scriptHashes: file.isHtml ? inlineScriptHashes(text) : undefined,
      br: file.br ? brotliCompressSync(body) : undefined,
      gzip: file.gzip ? gzipSync(body, { level: 9 }) : undefined,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    };
    made.set(file, { key, file: withNotice });
    return withNotice;
  };
}
