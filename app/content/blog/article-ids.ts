import { blogArticles } from './articles';

/** Ids of every article, for prerendering and sitemap.xml. */
export const blogArticleIds = blogArticles.map((article) => article.id);
