/** A lead as the mails read it (server/leads/lead-templates.ts), for the tests of the mails. */
import type { LeadForMail } from '../leads/lead-templates.ts';

/** Per Jensen's water damage in Hellerup, insured with Tryg, come in at night. */
export const emergencyForMail = {
  kind: 'akut-skade',
  reference: 'SK-XYZ234',
  name: 'Per Jensen',
  email: 'per@example.dk',
  phone: '+4522345678',
  details: { adresse: 'Strandvejen 1, 2900 Hellerup', forsikringsselskab: 'Tryg', skadetype: 'vandskade' },
  createdAt: new Date('2026-11-22T02:55:00Z'),
} satisfies LeadForMail;
