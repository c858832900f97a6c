import type { MetaDescriptor } from 'react-router';
import { company } from '../../domain/company';
import { ogImageAlt, ogImagePath } from './og-image';

export { ogImageAlt };

// The public origin is fixed at build time (prerendered HTML); scripts/start.mjs rebuilds when
// PUBLIC_URL changes. See docs/decisions/ (build-time PUBLIC_URL).
export const publicUrl: string = __PUBLIC_URL__;

export function absoluteUrl(path: string): string {
  return `${publicUrl}${path === '/' ? '/' : path}`;
}

interface PageMetaInput {
  /** The page's own title; the brand is appended unless `fullTitle` is set. */
  title: string;
  description: string;
  /** The page's canonical path, e.g. '/services'. Omit for pages that must not be indexed. */
  path?: string;
  fullTitle?: boolean;
  type?: 'website' | 'article';
  noIndex?: boolean;
}

/** Title, description, canonical link and Open Graph tags for a page's `meta` export. */
export function pageMeta({ title, description, path, fullTitle, type = 'website', noIndex }: PageMetaInput) {
  const documentTitle = fullTitle ? title : `${title} | ${company.name}`;
  const tags: MetaDescriptor[] = [
    { title: documentTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: documentTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: company.name },
    { property: 'og:locale', content: 'da_DK' },
    { property: 'og:image', content: absoluteUrl(ogImagePath) },
    { property: 'og:image:alt', content: ogImageAlt },
  ];
  if (path !== undefined) {
    tags.push({ tagName: 'link', rel: 'canonical', href: absoluteUrl(path) });
    tags.push({ property: 'og:url', content: absoluteUrl(path) });
  }
  if (noIndex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/**
 * What a page's loader returns: its copy and its head tags (from the copy's metaTitle and
 * metaDescription). Every page is prerendered, so loaders run at build time and the copy travels
 * as data in the page's HTML (and in its `.data` file for client-side navigation), not in the
 * page's JavaScript (docs/decisions/javascript-budget.md).
 */
export function pageData<Content extends { metaTitle: string; metaDescription: string }>(
  content: Content,
  path: string,
  options: Pick<PageMetaInput, 'fullTitle'> = {},
) {
  return {
    content,
    meta: pageMeta({ title: content.metaTitle, description: content.metaDescription, path, ...options }),
  };
}

/** The `meta` export of a page whose loader returns `pageData`. */
export function loaderMeta({ loaderData }: { loaderData: { meta: MetaDescriptor[] } | undefined }) {
  return loaderData?.meta ?? [];
}
