import type { ImageAsset } from '~/components/lazy-image';

/** A blog article; content is structured blocks, rendered without a markdown library. */
export type ArticleBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: readonly string[] };

/** What lists show about an article; its text is in <id>.content.ts (app/content/blog/article-content.ts). */
export interface BlogArticleMeta {
  /** The URL slug: /blog/<id>. */
  id: string;
  title: string;
  excerpt: string;
  author: string;
  authorTitle: string;
  /** ISO date. */
  publishedAt: string;
  readTimeMinutes: number;
  category: string;
  tags: readonly string[];
  image: ImageAsset;
}

/** About 200 words a minute, the usual reading speed for Danish prose on a screen. */
const wordsPerMinute = 200;

/** The read time of a text (article-content.test.ts checks each article states its own). */
export function readTimeMinutes(content: readonly ArticleBlock[]): number {
  const text = content.map((block) => (block.kind === 'list' ? block.items.join(' ') : block.text)).join(' ');
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / wordsPerMinute));
}
