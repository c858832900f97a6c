import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { company } from '../../domain/company';
import { blogArticles } from '~/content/blog/articles';
import { contactPage } from '~/content/pages/contact';
import { damageDocumentationPage } from '~/content/pages/damage-documentation';
import { damageServiceAgreementPage } from '~/content/pages/damage-service-agreement';
import { emergencyServicePage } from '~/content/pages/emergency-service';
import { rehousingPage } from '~/content/pages/rehousing';
import {
  blogPostingStructuredData,
  businessStructuredData,
  faqPageStructuredData,
  structuredDataJson,
} from '~/content/structured-data';

// The build defines the public origin (vite.config.ts); vitest does not.
vi.hoisted(() => {
  (globalThis as { __PUBLIC_URL__?: string }).__PUBLIC_URL__ = 'https://skade.example';
});

describe('the business as structured data', () => {
  it('names the emergency line, open around the clock, and the office hours', () => {
    const emergency = businessStructuredData.contactPoint.find((point) => point.contactType === 'emergency');
    expect(emergency?.telephone).toBe(company.phoneE164);
    expect(emergency?.hoursAvailable.dayOfWeek).toHaveLength(7);
    expect(businessStructuredData.openingHours).toBe('Mo-Fr 08:00-17:00');
    expect(businessStructuredData.areaServed.name).toBe('Danmark');
    expect(businessStructuredData.url).toBe('https://skade.example/');
  });

  it('cannot close its script element, whatever the text', () => {
    const json = structuredDataJson({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('a blog article as structured data', () => {
  const article = blogArticles[0]!;
  const data = blogPostingStructuredData(article);

  it('is a BlogPosting with the headline, teaser, date and language the page shows', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('BlogPosting');
    expect(data.headline).toBe(article.title);
    expect(data.description).toBe(article.excerpt);
    expect(data.datePublished).toBe(article.publishedAt);
    expect(data.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.inLanguage).toBe('da-DK');
    expect(data.mainEntityOfPage).toEqual({
      '@type': 'WebPage',
      '@id': `https://skade.example/blog/${article.id}`,
    });
  });

  it('names the company as publisher and employer of the named author, and has absolute images', () => {
    expect(data.publisher).toMatchObject({ '@type': 'Organization', name: company.name });
    expect(data.publisher.logo.url).toBe('https://skade.example/favicon.svg');
    expect(data.author).toMatchObject({ '@type': 'Person', name: article.author });
    expect(data.author.worksFor).toBe(data.publisher);
    expect(data.image.map((image) => image.url)).toEqual([
      `https://skade.example${article.image.src}`,
      'https://skade.example/og-image.png',
    ]);
  });

  it('is what the article page renders', async () => {
    const { loader } = await import('~/routes/blog-article');
    const result = loader({ url: new URL(`https://skade.example/blog/${article.id}`) });
    expect(JSON.parse(result.content?.structuredData ?? '{}')).toEqual(JSON.parse(JSON.stringify(data)));
  });
});

describe('questions and answers as structured data', () => {
  it('is an FAQPage with one Question and accepted Answer per item, in order', () => {
    const items = [
      { question: 'Kommer I om natten?', answer: 'Ja, døgnet rundt.' },
      { question: 'Hvad koster det?', answer: 'Det aftaler vi med dit forsikringsselskab.' },
    ];
    const data = faqPageStructuredData(items, '/contact');
    expect(data['@type']).toBe('FAQPage');
    expect(data.url).toBe('https://skade.example/contact');
    expect(data.inLanguage).toBe('da-DK');
    expect(data.mainEntity).toEqual([
      {
        '@type': 'Question',
        name: 'Kommer I om natten?',
        acceptedAnswer: { '@type': 'Answer', text: 'Ja, døgnet rundt.' },
      },
      {
        '@type': 'Question',
        name: 'Hvad koster det?',
        acceptedAnswer: { '@type': 'Answer', text: 'Det aftaler vi med dit forsikringsselskab.' },
      },
    ]);
  });

  // Every route that shows an FAQ section (FaqAccordion), with its page content.
  const faqRoutes = {
    contact: { page: contactPage, load: () => import('~/routes/contact') },
    'damage-documentation': {
      page: damageDocumentationPage,
      load: () => import('~/routes/damage-documentation'),
    },
    'damage-service-agreement': {
      page: damageServiceAgreementPage,
      load: () => import('~/routes/damage-service-agreement'),
    },
    'emergency-service': { page: emergencyServicePage, load: () => import('~/routes/emergency-service') },
    rehousing: { page: rehousingPage, load: () => import('~/routes/rehousing') },
  };

  it('covers every page with a visible FAQ section', () => {
    const routesDir = path.join(import.meta.dirname, '..', 'routes');
    const withFaq = readdirSync(routesDir)
      .filter((file) => file.endsWith('.tsx'))
      .filter((file) => /<Faq(Accordion|Section)\b/.test(readFileSync(path.join(routesDir, file), 'utf8')))
      .map((file) => file.replace(/\.tsx$/, ''))
      .sort();
    expect(withFaq).toEqual(Object.keys(faqRoutes).sort());
  });

  for (const [route, { page, load }] of Object.entries(faqRoutes)) {
    it(`${route}: the page's FAQPage data holds exactly the questions and answers it shows`, async () => {
      const { loader } = await load();
      const { content } = loader();
      const data = JSON.parse(content.structuredData) as ReturnType<typeof faqPageStructuredData>;
      expect(data['@type']).toBe('FAQPage');
      expect(content.faq.items).toBe(page.faq.items);
      expect(data.mainEntity.map((entry) => [entry.name, entry.acceptedAnswer.text])).toEqual(
        page.faq.items.map((item) => [item.question, item.answer]),
      );
    });
  }
});
