import { describe, expect, it } from 'vitest';
import { readTimeMinutes } from './article';
import { articleContent } from './article-content';
import { blogArticles } from './articles';

describe('blog articles', () => {
  it('each has its text, and no text is without an article', () => {
    expect(Object.keys(articleContent).sort()).toEqual(blogArticles.map((article) => article.id).sort());
  });

  it.each(blogArticles.map((article) => [article.id, article] as const))(
    '%s states the read time of its own text and has substance',
    (id, article) => {
      const content = articleContent[id] ?? [];
      expect(article.readTimeMinutes).toBe(readTimeMinutes(content));
      expect(content.filter((block) => block.kind === 'heading').length).toBeGreaterThanOrEqual(3);
    },
  );

  it('have unique ids that are safe URL segments', () => {
    const ids = blogArticles.map((article) => article.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('count a read time of at least a minute, rounding to the nearest minute', () => {
    expect(readTimeMinutes([{ kind: 'paragraph', text: 'Kort.' }])).toBe(1);
    const words = (count: number) => Array.from({ length: count }, () => 'ord').join(' ');
    expect(readTimeMinutes([{ kind: 'paragraph', text: words(500) }])).toBe(3);
    expect(readTimeMinutes([{ kind: 'list', items: [words(200), words(199)] }])).toBe(2);
  });
});
