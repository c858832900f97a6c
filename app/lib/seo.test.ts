import { describe, expect, it, vi } from 'vitest';
import { company } from '../../domain/company';
import { ogImageAlt, pageMeta } from '~/lib/seo';
import { meta as notFoundMeta } from '~/routes/not-found';

// The build defines the public origin (vite.config.ts); vitest does not.
vi.hoisted(() => {
  (globalThis as { __PUBLIC_URL__?: string }).__PUBLIC_URL__ = 'https://skade.example';
});

describe('page meta', () => {
  const tags = pageMeta({ title: 'Kontakt', description: 'Ring eller skriv.', path: '/contact' });
  const property = (name: string) =>
    tags.flatMap((tag) => ('property' in tag && tag.property === name ? [tag.content] : []));

  it('describes the sharing image in Danish right after naming it', () => {
    expect(property('og:image')).toEqual(['https://skade.example/og-image.png']);
    expect(property('og:image:alt')).toEqual([ogImageAlt]);
    const index = (name: string) => tags.findIndex((tag) => 'property' in tag && tag.property === name);
    expect(index('og:image:alt')).toBe(index('og:image') + 1);
    expect(ogImageAlt).toContain(company.name);
    expect(ogImageAlt).toContain('Vi sikrer dine værdier før, under og efter skaden');
  });

  it('gives pages that are not indexed the image description too', () => {
    const notIndexed = pageMeta({ title: 'Ups', description: 'Siden findes ikke.', noIndex: true });
    expect(notIndexed).toContainEqual({ property: 'og:image:alt', content: ogImageAlt });
  });

  it('keeps the not-found page, whose head is built in the browser, to a title, a description and noindex', () => {
    expect(notFoundMeta()).toEqual([
      { title: expect.stringContaining(company.name) },
      { name: 'description', content: expect.any(String) },
      { name: 'robots', content: 'noindex' },
    ]);
  });
});
