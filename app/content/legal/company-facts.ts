import { company, mailtoHref, telHref } from '../../../domain/company';
import type { LegalBlock } from './legal-document';

/** The company's identity as both legal texts state it. */
export const companyFacts: LegalBlock = {
  kind: 'facts',
  items: [
    { label: 'Virksomhed', value: company.legalName },
    { label: 'CVR-nr.', value: company.cvr },
    {
      label: 'Adresse',
      value: `${company.address.street}, ${company.address.postalCode} ${company.address.city}, ${company.address.country}`,
    },
    { label: 'Telefon', value: company.phoneDisplay, href: telHref },
    { label: 'E-mail', value: company.email, href: mailtoHref },
  ],
};
