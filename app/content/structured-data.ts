import { officeHours } from '../../domain/constants';
import { company } from '../../domain/company';
import { homePage } from '~/content/pages/home';
import { formatHour } from '~/lib/format';
import { absoluteUrl } from '~/lib/seo';

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

/** JSON for a <script type="application/ld+json">; '<' is escaped so no text can end the element. */
export function structuredDataJson(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
