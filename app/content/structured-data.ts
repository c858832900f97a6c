import { officeHours } from '../../domain/constants';
import { company } from '../../domain/company';
import type { FaqItem } from '~/components/sections/faq-accordion';
import type { BlogArticleMeta } from '~/content/blog/article';
import { homePage } from '~/content/pages/home';
import { formatHour } from '~/lib/format';
import { absoluteUrl, pageData } from '~/lib/seo';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const allDays = [...weekdays, 'Saturday', 'Sunday'];
const opens = `${formatHour(officeHours.openHour)}:00`;
const closes = `${formatHour(officeHours.closeHour)}:00`;

/**
 * The business as schema.org data for the home page: who we are, where, when, and the
 * emergency line that answers around the clock.
 */
export const businessStructuredData = {
  '@context': 'https://schema.org',
  '@type': 'ProfessionalService',
  '@id': absoluteUrl('/#virksomhed'),
  name: company.name,
  legalName: company.legalName,
  description: homePage.metaDescription,
  url: absoluteUrl('/'),
  image: absoluteUrl('/og-image.png'),
  logo: absoluteUrl('/favicon.svg'),
  telephone: company.phoneE164,
  email: company.email,
  taxID: company.cvr,
  address: {
    '@type': 'PostalAddress',
    streetAddress: company.address.street,
    postalCode: company.address.postalCode,
    addressLocality: company.address.city,
    addressCountry: 'DK',
  },
  areaServed: { '@type': 'Country', name: 'Danmark' },
  openingHours: `Mo-Fr ${opens}-${closes}`,
  openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', dayOfWeek: weekdays, opens, closes }],
  contactPoint: [
    {
      '@type': 'ContactPoint',
      contactType: 'emergency',
      name: 'Akut skadeservice døgnet rundt',
      telephone: company.phoneE164,
      areaServed: 'DK',
      availableLanguage: ['da'],
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: allDays,
        opens: '00:00',
        closes: '23:59',
      },
    },
    {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: company.phoneE164,
      email: company.email,
      areaServed: 'DK',
      availableLanguage: ['da'],
      hoursAvailable: { '@type': 'OpeningHoursSpecification', dayOfWeek: weekdays, opens, closes },
    },
  ],
} as const;

/** The language of every page's text, as schema.org's inLanguage (BCP 47). */
const inLanguage = 'da-DK';

/** The company as the publisher (and employer) named by a page's structured data. */
function companyOrganization() {
  return {
    '@type': 'Organization',
    '@id': absoluteUrl('/#virksomhed'),
    name: company.name,
    legalName: company.legalName,
    url: absoluteUrl('/'),
    logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg') },
  } as const;
}

/**
 * A blog article as schema.org's BlogPosting: the headline, teaser, date, author and image the
 * article page shows. The named author writes for the company, which publishes the blog.
 */
export function blogPostingStructuredData(article: BlogArticleMeta) {
  const url = absoluteUrl(`/blog/${article.id}`);
  const publisher = companyOrganization();
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${url}#artikel`,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: article.title,
    description: article.excerpt,
    datePublished: article.publishedAt,
    inLanguage,
    articleSection: article.category,
    keywords: article.tags.join(', '),
    image: [
      {
        '@type': 'ImageObject',
        url: absoluteUrl(article.image.src),
        width: article.image.width,
        height: article.image.height,
        caption: article.image.alt,
      },
      // The sharing card, a bitmap: for services that do not take the article's SVG illustration.
      { '@type': 'ImageObject', url: absoluteUrl('/og-image.png'), width: 1200, height: 630 },
    ],
    author: {
      '@type': 'Person',
      name: article.author,
      jobTitle: article.authorTitle,
      worksFor: publisher,
    },
    publisher,
  } as const;
}

/**
 * A page's questions and answers as schema.org's FAQPage, from the same items its FAQ section
 * shows, so the data can never say something the page does not.
 */
export function faqPageStructuredData(items: readonly FaqItem[], path: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    '@id': `${absoluteUrl(path)}#faq`,
    url: absoluteUrl(path),
    inLanguage,
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  } as const;
}

/** JSON for a <script type="application/ld+json">; '<' is escaped so no text can end the element. */
export function structuredDataJson(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** `pageData` for a page with questions and answers: its content gains their FAQPage JSON-LD. */
export function pageDataWithFaq<
  Content extends { metaTitle: string; metaDescription: string; faq: { items: readonly FaqItem[] } },
>(page: Content, path: string) {
  return pageData(
    { ...page, structuredData: structuredDataJson(faqPageStructuredData(page.faq.items, path)) },
    path,
  );
}
