import { describe, expect, it } from 'vitest';
import { damageReportLeadSchema, type DamageReportLeadInput } from './damage-report.ts';
import { fieldErrors } from './fields.ts';

const base: DamageReportLeadInput = {
  kind: 'anmeldelse',
  personType: 'privatperson',
  fuldeNavn: 'Karen Holm',
  telefon: '22345678',
  adresse: 'Algade 3, 4000 Roskilde',
  email: 'karen@example.dk',
  virksomhedsnavn: '',
  cvr: '',
  rekvirentNavn: '',
  rekvirentTelefon: '',
  rekvirentEmail: '',
  forsikringsselskab: 'Codan',
  policeNr: '123',
  skadeNr: '',
  skadetype: 'brandskade',
  besked: 'Røgskade i køkkenet',
  images: [],
};

function errorsOf(values: unknown) {
  const result = damageReportLeadSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

describe('damage report lead schema', () => {
  it('accepts a private person without the conditional fields', () => {
    expect(errorsOf(base)).toEqual({});
  });

  it.each([
    ['personType', '', 'Vælg hvem du er'],
    ['fuldeNavn', '', 'Fulde navn er påkrævet'],
    ['telefon', '', 'Telefonnummer er påkrævet'],
    ['telefon', '1234', 'Indtast et gyldigt dansk telefonnummer (8 cifre)'],
    ['adresse', '', 'Adresse er påkrævet'],
    ['email', '', 'E-mail er påkrævet'],
    ['email', 'karen.example.dk', 'Ugyldig email adresse'],
    ['forsikringsselskab', 'Ukendt', 'Vælg dit forsikringsselskab'],
    ['skadetype', 'oversvømmelse', 'Vælg skadetype'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsOf({ ...base, [field]: value })).toEqual({ [field]: message });
  });

  it('keeps each field in its own place, the phone normalised and what was not given left out', () => {
    const url = 'http://127.0.0.1:3000/api/objects/upload/1';
    expect(damageReportLeadSchema.parse({ ...base, images: [url] })).toEqual({
      kind: 'anmeldelse',
      personType: 'privatperson',
      fuldeNavn: 'Karen Holm',
      telefon: '+4522345678',
      adresse: 'Algade 3, 4000 Roskilde',
      email: 'karen@example.dk',
      forsikringsselskab: 'Codan',
      policeNr: '123',
      skadeNr: undefined,
      skadetype: 'brandskade',
      besked: 'Røgskade i køkkenet',
      images: [url],
      // A private person who did not tick the box: no express request.
      udtrykkeligAnmodning: false,
    });
  });

  describe('a company (virksomhed)', () => {
    const company = { ...base, personType: 'virksomhed' as const };

    it('must give company name and CVR', () => {
      expect(errorsOf(company)).toEqual({
        virksomhedsnavn: 'Virksomhedsnavn er påkrævet',
        cvr: 'CVR-nummer er påkrævet',
      });
    });

    it('must give a CVR that passes the modulus-11 check', () => {
      expect(errorsOf({ ...company, virksomhedsnavn: 'Holm ApS', cvr: '12345678' })).toEqual({
        cvr: 'CVR-nummeret findes ikke – tjek cifrene',
      });
      expect(errorsOf({ ...company, virksomhedsnavn: 'Holm ApS', cvr: '1234567' })).toEqual({
        cvr: 'Indtast et gyldigt CVR-nummer (8 cifre)',
      });
      expect(errorsOf({ ...company, virksomhedsnavn: 'Holm ApS', cvr: '12 34 56 74' })).toEqual({});
    });

    it('does not need requester details, and keeps company name and normalised CVR only', () => {
      const parsed = damageReportLeadSchema.parse({
        ...company,
        virksomhedsnavn: 'Holm ApS',
        cvr: '12 34 56 74',
        rekvirentNavn: 'Ole',
      });
      expect(parsed).toMatchObject({ virksomhedsnavn: 'Holm ApS', cvr: '12345674' });
      expect(parsed).not.toHaveProperty('rekvirentNavn');
    });
  });

  describe.each(['taksator', 'skadebehandler', 'forsikringsmagler'] as const)(
    'a requester (%s)',
    (personType) => {
      const requester = { ...base, personType };

      it('must give requester name, phone and e-mail', () => {
        expect(errorsOf(requester)).toEqual({
          rekvirentNavn: 'Rekvirentens navn er påkrævet',
          rekvirentTelefon: 'Rekvirentens telefonnummer er påkrævet',
          rekvirentEmail: 'Rekvirentens e-mail er påkrævet',
        });
      });

      it('must give a valid requester phone and e-mail', () => {
        expect(
          errorsOf({ ...requester, rekvirentNavn: 'Ole', rekvirentTelefon: '99', rekvirentEmail: 'ole' }),
        ).toEqual({
          rekvirentTelefon: 'Indtast et gyldigt dansk telefonnummer (8 cifre)',
          rekvirentEmail: 'Ugyldig email adresse',
        });
      });

      it('is accepted with complete requester details and no company, the phone normalised', () => {
        const parsed = damageReportLeadSchema.parse({
          ...requester,
          rekvirentNavn: 'Ole',
          rekvirentTelefon: '87 65 43 21',
          rekvirentEmail: 'ole@tryg.dk',
          cvr: '12345674',
        });
        expect(parsed).toMatchObject({
          rekvirentNavn: 'Ole',
          rekvirentTelefon: '+4587654321',
          rekvirentEmail: 'ole@tryg.dk',
        });
        expect(parsed).not.toHaveProperty('cvr');
      });
    },
  );

  it('shows the conditional errors together with the other errors', () => {
    const errors = errorsOf({ ...base, personType: 'virksomhed', fuldeNavn: '', skadetype: '' });
    expect(Object.keys(errors).sort()).toEqual(['cvr', 'fuldeNavn', 'skadetype', 'virksomhedsnavn']);
  });

  it('shows the conditional errors while the phone is still empty', () => {
    expect(errorsOf({ ...base, personType: 'taksator', telefon: '' })).toEqual({
      telefon: 'Telefonnummer er påkrævet',
      rekvirentNavn: 'Rekvirentens navn er påkrævet',
      rekvirentTelefon: 'Rekvirentens telefonnummer er påkrævet',
      rekvirentEmail: 'Rekvirentens e-mail er påkrævet',
    });
  });

  it('takes at most ten upload URLs as images', () => {
    const urls = Array.from({ length: 11 }, (_, i) => `http://127.0.0.1:3000/api/objects/upload/${i}`);
    expect(errorsOf({ ...base, images: urls.slice(0, 10) })).toEqual({});
    expect(errorsOf({ ...base, images: urls })).toEqual({ images: 'Du kan højst vedhæfte 10 billeder' });
    expect(errorsOf({ ...base, images: ['a\u0000b'] })).toEqual({
      'images.0': 'Et af billederne blev ikke genkendt. Upload det igen.',
    });
  });
});
