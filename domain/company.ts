/**
 * The company's details, in one place. The defaults are clearly fictional:
 * a real company changes this file and its people in domain/company-staff.ts. Pure data in domain/, so the pages and the server
 * (e-mails, the mail sender name, the PDF footer) read the same file.
 */
export const company = {
  /** The brand name. */
  name: 'Skadekompagniet',
  /** Where only a few characters fit, e.g. as the sender of an SMS (at most 11 letters). */
  shortName: 'Skadekomp',
  legalName: 'Skadekompagniet ApS',
  /** Shown to people. */
  phoneDisplay: '70 20 30 40',
  /** For tel: links, E.164. */
  phoneE164: '+4570203040',
  email: 'kontakt@skadekompagniet.dk',
  cvr: '12345674',
  address: { street: 'Eksempelvej 12', postalCode: '4000', city: 'Roskilde', country: 'Danmark' },
  openingHours: 'Man–fre 8–17',
  /** The price basis private customers are told in their receipt, unless PRICE_INFO says otherwise. */
  priceInfo: 'Efter regning: timer og materialer efter forbrug',
  social: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/skadekompagniet-eksempel' },
    { name: 'Facebook', href: 'https://www.facebook.com/skadekompagniet-eksempel' },
  ],
} as const;

export const telHref = `tel:${company.phoneE164}`;
export const mailtoHref = `mailto:${company.email}`;
