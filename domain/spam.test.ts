import { describe, expect, it } from 'vitest';
import { leadSchema, splitLead } from './lead.ts';
import { spamFieldNames, spamReasonLabels, spamReasons, tooManySubmissionsMessage } from './spam.ts';
import { company } from './company.ts';

const bodies = [
  { kind: 'kontakt', name: 'Anne', email: 'anne@example.dk', service: 'genhusning' },
  {
    kind: 'anmeldelse',
    personType: 'privatperson',
    fuldeNavn: 'Karen Holm',
    telefon: '87654321',
    adresse: 'Algade 3, 4000 Roskilde',
    email: 'karen@holm.dk',
    forsikringsselskab: 'Codan',
    skadetype: 'brandskade',
  },
  {
    kind: 'akut-skade',
    fuldeNavn: 'Per Jensen',
    adresse: 'Strandvejen 1, 2900 Hellerup',
    telefon: '22345678',
    email: 'per@example.dk',
    forsikringsselskab: 'Tryg',
    skadetype: 'vandskade',
  },
  {
    kind: 'ressource',
    fullName: 'Lars Berg',
    email: 'lars@example.dk',
    phone: '22345678',
    resourceTitle: 'Er du klar til skybrud?',
    resourceType: 'Tjekliste',
  },
] as const;

describe('the spam fields of every lead kind', () => {
  it.each(bodies)('$kind: accepts a form token and the honeypot, and never stores them', (body) => {
    const lead = leadSchema.parse({ ...body, formToken: '1.2.abc', website: 'x' });
    expect(lead).toMatchObject({ formToken: '1.2.abc', website: 'x' });
    const { details } = splitLead(lead);
    for (const name of spamFieldNames) expect(details).not.toHaveProperty(name);
    expect(leadSchema.safeParse(body).success).toBe(true);
    expect(leadSchema.safeParse({ ...body, formToken: null, website: '' }).success).toBe(true);
  });

  it.each(bodies)('$kind: refuses spam fields over 1 KiB or not text', (body) => {
    expect(leadSchema.safeParse({ ...body, formToken: 'x'.repeat(1025) }).success).toBe(false);
    expect(leadSchema.safeParse({ ...body, website: 'x'.repeat(1025) }).success).toBe(false);
    expect(leadSchema.safeParse({ ...body, website: 42 }).success).toBe(false);
  });

  it('has a Danish label for every reason and a limit message with our phone number', () => {
    expect(Object.keys(spamReasonLabels).sort()).toEqual([...spamReasons].sort());
    expect(tooManySubmissionsMessage).toContain(company.phoneDisplay);
    expect(tooManySubmissionsMessage).toMatch(/^Du har sendt mange henvendelser på kort tid\./);
  });
});
