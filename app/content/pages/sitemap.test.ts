import { describe, expect, it } from 'vitest';
import { blogArticles } from '~/content/blog/articles';
import { sitemapPage } from '~/content/pages/sitemap';
import { pagePathsFromRoutes } from '~/lib/site-paths';
import routes from '~/routes';

const routePaths = pagePathsFromRoutes(routes);

describe('the sitemap page', () => {
  const listed = sitemapPage.groups.flatMap((group) => group.links.map((link) => link.to));

  it('links to every page of the route table, the blog articles included', () => {
    expect([...listed].sort()).toEqual([...routePaths].sort());
  });

  it('lists each page once, each with a label', () => {
    expect(new Set(listed).size).toBe(listed.length);
    for (const group of sitemapPage.groups)
      for (const link of group.links) expect(link.label.trim()).not.toBe('');
  });
});

describe('page paths from the route table', () => {
  it('includes every blog article and leaves out the catch-all and the generated files', () => {
    expect(routePaths).toContain('/');
    expect(routePaths).toContain('/akut-skade');
    expect(routePaths).not.toContain('/*');
    expect(routePaths.some((path) => path.includes('.'))).toBe(false);
    expect(routePaths.filter((path) => path.startsWith('/blog/'))).toHaveLength(blogArticles.length);
  });

  it('expands a dynamic route with the values it is given, and refuses one it was not told about', () => {
    const table = [{ path: 'kunde/:id', file: 'x.tsx' }];
    expect(pagePathsFromRoutes(table, { 'kunde/:id': ['a b', 'c'] })).toEqual(['/kunde/a%20b', '/kunde/c']);
    expect(() => pagePathsFromRoutes(table)).toThrow(/kunde\/:id/);
  });
});
