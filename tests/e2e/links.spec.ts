import { expect, test } from './fixtures';
import { notFoundHeading, prerenderedPaths } from './support/pages';

/** `href`s of the page's links (not stylesheets or preloads), entities decoded. */
function linkHrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) =>
    (match[1] ?? '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'"),
  );
}

function hasId(html: string, id: string): boolean {
  return html.includes(`id="${id}"`) || html.includes(`name="${id}"`);
}

test('every internal link on every page leads to a page (no link to the not-found page)', async ({
  request,
  server,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(server.url).origin;
  const queue: string[] = ['/', ...prerenderedPaths()];

  // sitemap.xml lists every page with the public origin of the build; only the path matters here.
  const sitemap = await request.get('/sitemap.xml');
  if (sitemap.status() === 200) {
    for (const match of (await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)) {
      queue.push(new URL(match[1] ?? '/').pathname);
    }
  }

  /** path → pages linking to it */
  const linkedFrom = new Map<string, Set<string>>();
  const fragments: { from: string; path: string; id: string }[] = [];
  const pageHtml = new Map<string, string>();
  const broken: string[] = [];
  const visited = new Set<string>();

  while (queue.length > 0) {
    const path = queue.shift() ?? '/';
    if (visited.has(path)) continue;
    visited.add(path);

    const response = await request.get(path, { headers: { accept: 'text/html' }, maxRedirects: 0 });
    const from = [...(linkedFrom.get(path) ?? ['(start)'])].join(', ');
    if (response.status() !== 200) {
      broken.push(`${path} answers ${response.status()} (linked from ${from})`);
      continue;
    }
    if (!(response.headers()['content-type'] ?? '').includes('text/html')) continue;
    const html = await response.text();
    if (html.includes(notFoundHeading)) {
      broken.push(`${path} shows the not-found page (linked from ${from})`);
      continue;
    }
    pageHtml.set(path, html);

    for (const href of linkHrefs(html)) {
      const target = new URL(href, `${origin}${path}`);
      if (target.origin !== origin || !['http:', 'https:'].includes(target.protocol)) continue;
      const targetPath = target.pathname;
      if (!linkedFrom.has(targetPath)) linkedFrom.set(targetPath, new Set());
      linkedFrom.get(targetPath)?.add(path);
      if (target.hash.length > 1)
        fragments.push({ from: path, path: targetPath, id: decodeURIComponent(target.hash.slice(1)) });
      if (!visited.has(targetPath)) queue.push(targetPath);
    }
  }

  for (const { from, path, id } of fragments) {
    const html = pageHtml.get(path);
    if (html !== undefined && !hasId(html, id))
      broken.push(`${path}#${id} has no element with that id (linked from ${from})`);
  }

  expect(broken, `broken internal links:\n${broken.join('\n')}`).toEqual([]);
  expect(visited.size, 'pages crawled').toBeGreaterThan(1);
  console.log(`Crawled ${visited.size} internal URLs, ${fragments.length} in-page anchors checked.`);
});

test('sitemap.xml lists every page and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const listed = new Set(
    [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname),
  );
  for (const path of prerenderedPaths()) expect([...listed], `sitemap.xml lists ${path}`).toContain(path);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});
