import { describe, expect, it } from 'vitest';
import { damageReportLeadSchema, type DamageReportLeadInput } from './damage-report.ts';
import { emergencyLeadSchema, type EmergencyLeadInput } from './emergency.ts';
import { fieldErrors } from './fields.ts';
import { leadRows } from './lead.ts';
import {
  urgentWorkRequestDetails,
  urgentWorkRequestText,
  urgentWorkRequestVersion,
  urgentWorkRequestWordings,
} from './urgent-work-request.ts';

const emergency: EmergencyLeadInput = {
  kind: 'akut-skade',
  fuldeNavn: 'Per Jensen',
  adresse: 'Strandvejen 1, 2900 Hellerup',
  telefon: '22345678',
  email: 'per@example.dk',
  forsikringsselskab: 'Tryg',
  skadetype: 'vandskade',
};

const report: DamageReportLeadInput = {
  kind: 'anmeldelse',
  personType: 'privatperson',
  fuldeNavn: 'Karen Holm',
  telefon: '22345678',
  adresse: 'Algade 3, 4000 Roskilde',
  email: 'karen@example.dk',
  forsikringsselskab: 'Codan',
  skadetype: 'brandskade',
};

const at = new Date('2026-11-29T12:02:07Z');

describe('the express request for urgent work', () => {
  it('keeps every wording ever shown word for word: a new wording is a new version', () => {
    expect(urgentWorkRequestWordings).toEqual({
      'akut-1':
        'Jeg anmoder udtrykkeligt om, at I straks går i gang med det akutte arbejde for at stoppe skaden, og er klar over, at fortrydelsesretten ikke gælder for det arbejde.',
    });
    expect(urgentWorkRequestText).toBe(urgentWorkRequestWordings[urgentWorkRequestVersion]);
  });

  it('an emergency is from a private person unless the business is chosen, and asks nothing by itself', () => {
    const parsed = emergencyLeadSchema.parse(emergency);
    expect(parsed).toMatchObject({ personType: 'privatperson', udtrykkeligAnmodning: false });
  });

  it.each([
    [true, true],
    ['on', true],
    ['true', true],
    [false, false],
    ['false', false],
    [undefined, false],
  ])('reads the private person’s box %s as %s (API, scripted form and plain form alike)', (sent, kept) => {
    expect(emergencyLeadSchema.parse({ ...emergency, udtrykkeligAnmodning: sent }).udtrykkeligAnmodning).toBe(
      kept,
    );
    expect(damageReportLeadSchema.parse({ ...report, udtrykkeligAnmodning: sent }).udtrykkeligAnmodning).toBe(
      kept,
    );
  });

  it('never keeps an answer from a business or someone reporting for others', () => {
    const business = emergencyLeadSchema.parse({
      ...emergency,
      personType: 'virksomhed',
      udtrykkeligAnmodning: true,
    });
    expect(business).not.toHaveProperty('udtrykkeligAnmodning');
    for (const personType of ['virksomhed', 'taksator'] as const) {
      const parsed = damageReportLeadSchema.parse({
        ...report,
        personType,
        virksomhedsnavn: 'Holm ApS',
        cvr: '12345674',
        rekvirentNavn: 'Taksator Tom',
        rekvirentTelefon: '22334455',
        rekvirentEmail: 'tom@example.dk',
        udtrykkeligAnmodning: 'on',
      });
      expect(parsed).not.toHaveProperty('udtrykkeligAnmodning');
      expect(urgentWorkRequestDetails(parsed, at)).toEqual({});
    }
  });

  it('refuses an emergency person type other than private or business, in Danish', () => {
    const result = emergencyLeadSchema.safeParse({ ...emergency, personType: 'taksator' });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ personType: 'Vælg hvem du er' });
  });

  it('stores yes or no with the wording’s version and the time, and staff read the exact wording', () => {
    const yes = urgentWorkRequestDetails(
      emergencyLeadSchema.parse({ ...emergency, udtrykkeligAnmodning: true }),
      at,
    );
    expect(yes).toEqual({
      udtrykkeligAnmodning: 'ja',
      udtrykkeligAnmodningTekst: 'akut-1',
      udtrykkeligAnmodningTid: '2026-11-29T12:02:07.000Z',
    });
    const no = urgentWorkRequestDetails(damageReportLeadSchema.parse(report), at);
    expect(no.udtrykkeligAnmodning).toBe('nej');

    const rows = leadRows('akut-skade', yes);
    expect(rows).toContainEqual({ label: 'Udtrykkelig anmodning om akut arbejde', value: 'Ja' });
    expect(rows).toContainEqual({
      label: 'Tekst vist ved anmodningen',
      value: `»${urgentWorkRequestText}« (version akut-1)`,
    });
    // Danish time, to the second.
    expect(rows).toContainEqual({ label: 'Svaret afgivet', value: '29. november 2026 kl. 13.02.07' });
    expect(leadRows('anmeldelse', { personType: 'virksomhed' }).map((row) => row.label)).not.toContain(
      'Udtrykkelig anmodning om akut arbejde',
    );
  });
});
