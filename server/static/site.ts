/**
 * The built pages and assets (build/client), read into memory once at start: the site is small,
 * and serving from memory keeps every page request a map lookup.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

export interface StaticFile {
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  contentType: string;
  cacheControl: string;
  /** Strong ETag of the identity body; variants append -br / -gz. */
  etag: string;
  /** For HTML: 'sha256-…' of every inline <script>, for the page's CSP. */
  scriptHashes: string[] | undefined;
  isHtml: boolean;
}

export interface StaticSite {
  /** URL path (no trailing slash except "/") → file. */
  files: Map<string, StaticFile>;
  /** The prerendered not-found pages (one per fake damage report). */
  notFoundPages: StaticFile[];
  /**
   * React Router's SPA fallback page (__spa-fallback.html): the empty document that client-only
   * routes (the staff inbox) render into in the browser. Undefined when the build has none.
   */
  spaFallback: StaticFile | undefined;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  // React Router's single-fetch payloads (turbo-stream).
  '.data': 'text/x-script',
};

export const cacheControl = {
  immutable: 'public, max-age=31536000, immutable',
  html: 'no-cache',
  other: 'public, max-age=3600',
} as const;

const NOT_FOUND_DIR = '__not-found';
const SPA_FALLBACK = '__spa-fallback.html';

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** sha256 CSP sources of the inline (src-less) scripts of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const content = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || content.length === 0) continue;
    hashes.add(`sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}

function readOptional(path: string): Buffer | undefined {
  return existsSync(path) ? readFileSync(path) : undefined;
}

/** Indexes `dir`; returns null when it does not exist (API-only runs and tests). */
export function loadStaticSite(dir: string): StaticSite | null {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return null;
  const files = new Map<string, StaticFile>();
  const notFound: Array<[string, StaticFile]> = [];
  let spaFallback: StaticFile | undefined;

  for (const path of walk(dir)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const rel = relative(dir, path).split(sep).join('/');
    const extension = extname(rel).toLowerCase();
    const isHtml = extension === '.html';
    const body = readFileSync(path);
    const file: StaticFile = {
      body,
      br: readOptional(`${path}.br`),
      gzip: readOptional(`${path}.gz`),
      contentType: contentTypes[extension] ?? 'application/octet-stream',
      // Page data (.data) changes with the page it belongs to, so it is revalidated like HTML.
      cacheControl:
        isHtml || extension === '.data'
          ? cacheControl.html
          : rel.startsWith('assets/')
            ? cacheControl.immutable
            : cacheControl.other,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      scriptHashes: isHtml ? inlineScriptHashes(body.toString('utf8')) : undefined,
      isHtml,
    };

    if (rel.startsWith(`${NOT_FOUND_DIR}/`)) {
      if (rel.endsWith('/index.html')) notFound.push([rel, file]);
      continue;
    }
    if (rel === SPA_FALLBACK) {
      spaFallback = file;
      continue;
    }
    if (isHtml) {
      // Pages are served only at their clean path: /services ← services/index.html.
      // Other .html files are never served directly.
      if (rel === 'index.html') files.set('/', file);
      else if (rel.endsWith('/index.html')) files.set(`/${rel.slice(0, -'/index.html'.length)}`, file);
      continue;
    }
    files.set(`/${rel}`, file);
  }

  notFound.sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  return { files, notFoundPages: notFound.map(([, file]) => file), spaFallback };
}
