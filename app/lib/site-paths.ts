import type { RouteConfigEntry } from '@react-router/dev/routes';
import { isInboxPath } from '~/content/inbox';

/** Paths of files rather than pages (sitemap.xml, robots.txt): a dot in the last segment. */
function isResourcePath(path: string): boolean {
  return /\.[a-z0-9]+$/i.test(path);
}

/**
 * Every page of the site as a URL path, derived from the route table itself, so sitemap.xml can
 * never miss a page (blog articles have a route each). The catch-all and resource routes are left
 * out, and so is the staff inbox (private pages behind a login). A dynamic route (`:param`)
 * must be given its values in `dynamic`, or it is an error.
 */
export function pagePathsFromRoutes(
  entries: readonly RouteConfigEntry[],
  dynamic: Record<string, readonly string[]> = {},
): string[] {
  const paths: string[] = [];
  const walk = (list: readonly RouteConfigEntry[], prefix: string) => {
    for (const entry of list) {
      const own = entry.index ? '' : (entry.path ?? '');
      const full = [prefix, own].filter(Boolean).join('/');
      if (entry.children) walk(entry.children, full);
      if (!entry.index && entry.path === undefined) continue;
      if (own === '*' || isResourcePath(full) || isInboxPath(`/${full}`)) continue;
      if (full.includes(':')) {
        const values = dynamic[full];
        if (!values) throw new Error(`No paths given for the dynamic route ${full}`);
        const parameter = full.slice(full.indexOf(':'));
        for (const value of values) paths.push(`/${full.replace(parameter, encodeURIComponent(value))}`);
        continue;
      }
      paths.push(`/${full}`);
    }
  };
  walk(entries, '');
  return [...new Set(paths)];
}
