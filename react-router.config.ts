import type { Config } from '@react-router/dev/config';
import { blogArticleIds } from './app/content/blog/article-ids';
import { notFoundPaths } from './app/content/pages/not-found-paths';

// Every route is prerendered to its own HTML file and hydrated in the browser (DESIGN §1).
// Static paths come straight from app/routes.ts, so no page can be forgotten; the dynamic ones
// are one per blog article and one per fake damage report of the not-found page.
export default {
  ssr: false,
  prerender: ({ getStaticPaths }) => [
    ...getStaticPaths(),
    ...blogArticleIds.map((id) => `/blog/${id}`),
    ...notFoundPaths,
  ],
} satisfies Config;
