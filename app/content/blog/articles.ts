import { scanning3dArticle } from './3d-scanning-af-skader';
import type { BlogArticleMeta } from './article';
import { cloudburstBusinessArticle } from './skybrud-virksomhed';
import { waterDamageFirstHourArticle } from './vandskade-den-foerste-time';

/** Every article, newest first. */
export const blogArticles: readonly BlogArticleMeta[] = [
  scanning3dArticle,
  waterDamageFirstHourArticle,
  cloudburstBusinessArticle,
]
  .slice()
  .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

export function findArticle(id: string): BlogArticleMeta | undefined {
  return blogArticles.find((article) => article.id === id);
}

/** Other articles to read next: same category or shared tags first, then the newest. */
export function relatedArticles(article: BlogArticleMeta, limit = 2): BlogArticleMeta[] {
  const score = (other: BlogArticleMeta) =>
    (other.category === article.category ? 2 : 0) +
    other.tags.filter((tag) => article.tags.includes(tag)).length;
  return blogArticles
    .filter((other) => other.id !== article.id)
    .map((other, index) => ({ other, index, score: score(other) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ other }) => other);
}
