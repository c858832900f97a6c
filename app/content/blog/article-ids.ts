import { blogArticles } from './articles';

/** Ids of every article: app/routes.ts gives each its own route (prerendered, in sitemap.xml). */
export const blogArticleIds = blogArticles.map((article) => article.id);
