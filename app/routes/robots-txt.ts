import { notFoundPathPrefix } from '~/content/pages/errors/not-found-paths';
import { absoluteUrl } from '~/lib/seo';

/** robots.txt, written to the build at prerender time: everything may be crawled. */
export function loader() {
  const text = [
    'User-agent: *',
    'Allow: /',
    // The not-found page's prerendered variants are served for unknown paths, never linked.
    `Disallow: ${notFoundPathPrefix}`,
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    '',
  ].join('\n');
  return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
