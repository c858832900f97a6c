import { blogArticles } from '~/content/blog/articles';
import { pagePathsFromRoutes } from '~/lib/site-paths';
import { absoluteUrl } from '~/lib/seo';
import routes from '~/routes';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** sitemap.xml, written to the build at prerender time from the route table (app/routes.ts). */
export function loader() {
  const lastModified = new Map(blogArticles.map((article) => [`/blog/${article.id}`, article.publishedAt]));
  const paths = pagePathsFromRoutes(routes);
  const urls = paths.map((path) => {
    const lastmod = lastModified.get(path);
    return `  <url><loc>${escapeXml(absoluteUrl(path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
