import { describe, expect, it } from 'vitest';
import config from '../../../react-router.config';
import { pagePathsFromRoutes } from '~/lib/site-paths';
import routes from '~/routes';

/** Every path of the route table, dynamic segments included (unlike pagePathsFromRoutes). */
function allPaths(entries: typeof routes, prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const full = [prefix, entry.path ?? ''].filter(Boolean).join('/');
    return [
      ...(entry.path !== undefined || entry.index ? [`/${full}`] : []),
      ...allPaths(entry.children ?? [], full),
    ];
  });
}

describe('the inbox in the route table', () => {
  it('has its pages under /indbakke', () => {
    expect(allPaths(routes)).toEqual(
      expect.arrayContaining([
        '/indbakke',
        '/indbakke/login',
        '/indbakke/henvendelse/:id',
        '/indbakke/persondata',
        '/indbakke/log',
      ]),
    );
  });

  it('keeps them out of the sitemap', () => {
    const paths = pagePathsFromRoutes(routes);
    expect(paths.filter((path) => path.startsWith('/indbakke'))).toEqual([]);
    expect(paths).toContain('/');
  });

  it('never prerenders them', async () => {
    const prerender = config.prerender as (args: {
      getStaticPaths: () => string[];
    }) => Promise<string[]> | string[];
    const paths = await prerender({
      getStaticPaths: () => [
        '/',
        '/services',
        '/indbakke',
        '/indbakke/login',
        '/indbakke/log',
        '/indbakkefoo',
      ],
    });
    expect(paths.filter((path) => path.startsWith('/indbakke'))).toEqual(['/indbakkefoo']);
    expect(paths).toContain('/services');
  });
});
