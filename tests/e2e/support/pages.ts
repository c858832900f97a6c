import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { assertBuilt, clientDir } from './built-server';

/** The not-found page's title. */
export const notFoundHeading = 'Ups! Siden er skadet';

/** A path that has no page. */
export const unknownPath = '/findes-ikke';

/**
 * Every prerendered page, as URL paths ('/', '/services', '/blog/3d-scanning', …), read from the
 * build output so that a new page is covered by every test without editing it. Internal files
 * (a path segment starting with `__`, such as the not-found page's own prerender) are left out.
 */
export function prerenderedPaths(): string[] {
  assertBuilt();
  const paths: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith('__') || (segments.length === 0 && entry.name === 'assets')) continue;
        walk(path.join(dir, entry.name), [...segments, entry.name]);
      } else if (entry.name === 'index.html') {
        paths.push(`/${segments.map(decodeURIComponent).join('/')}`);
      }
    }
  };
  walk(clientDir, []);
  return paths.sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
}

/** The prerendered HTML of a page, as the build wrote it. */
export function prerenderedHtml(pagePath: string): string {
  const file = path.join(clientDir, ...pagePath.split('/').filter(Boolean), 'index.html');
  return readFileSync(file, 'utf8');
}
