/**
 * The company's people, as the about page and the blog's bylines show them. Apart from
 * domain/company.ts, which every page loads, so only the pages that show them load them.
 */
export const companyStaff = [
  {
    name: 'Mads Eksempel',
    title: 'Skadeekspert og indehaver',
    email: 'mads@skadekompagniet.dk',
    phoneDisplay: '70 20 30 41',
    phoneE164: '+4570203041',
    linkedin: 'https://www.linkedin.com/in/mads-eksempel',
  },
  {
    name: 'Louise Eksempel',
    title: 'Bygningsekspert',
    email: 'louise@skadekompagniet.dk',
    phoneDisplay: '70 20 30 42',
    phoneE164: '+4570203042',
    linkedin: 'https://www.linkedin.com/in/louise-eksempel',
  },
  {
    name: 'Jonas Eksempel',
    title: 'Bygningskonstruktør',
    email: 'jonas@skadekompagniet.dk',
    phoneDisplay: '70 20 30 43',
    phoneE164: '+4570203043',
    linkedin: 'https://www.linkedin.com/in/jonas-eksempel',
  },
] as const;
