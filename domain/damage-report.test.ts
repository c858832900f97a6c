import { describe, expect, it } from 'vitest';
import { contactApiPayloadSchema } from './contact-api.ts';
import {
  buildDamageReportPayload,
  damageReportFormSchema,
  type DamageReportFormValues,
} from './damage-report.ts';
import { fieldErrors } from './fields.ts';
import { dataUrl, onePixelPng } from './test-images.ts';

const base: DamageReportFormValues = {
  personType: 'privatperson',
  fuldeNavn: 'Karen Holm',
  telefon: '12345678',
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
  const result = damageReportFormSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

describe('damage report form schema', () => {
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
        cvr: 'Indtast et gyldigt CVR-nummer (8 cifre)',
      });
      expect(errorsOf({ ...company, virksomhedsnavn: 'Holm ApS', cvr: '12 34 56 74' })).toEqual({});
    });

    it('does not need requester details', () => {
      expect(errorsOf({ ...company, virksomhedsnavn: 'Holm ApS', cvr: '12345674' })).toEqual({});
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

      it('is accepted with complete requester details and no company', () => {
        expect(
          errorsOf({
            ...requester,
            rekvirentNavn: 'Ole',
            rekvirentTelefon: '87654321',
            rekvirentEmail: 'ole@tryg.dk',
          }),
        ).toEqual({});
      });
    },
  );

  it('shows the conditional errors together with the other errors', () => {
    const errors = errorsOf({ ...base, personType: 'virksomhed', fuldeNavn: '', skadetype: '' });
    expect(Object.keys(errors).sort()).toEqual(['cvr', 'fuldeNavn', 'skadetype', 'virksomhedsnavn']);
  });

  it('accepts image data URLs and refuses other text, too many and too large images', () => {
    const png = dataUrl('image/png', onePixelPng);
    expect(errorsOf({ ...base, images: [png, png] })).toEqual({});
    expect(errorsOf({ ...base, images: ['https://example.com/a.png'] })).toEqual({
      'images.0': 'Filen er ikke et billede',
    });
    expect(errorsOf({ ...base, images: [dataUrl('text/plain', onePixelPng)] })).toEqual({
      'images.0': 'Filen er ikke et billede',
    });
    expect(errorsOf({ ...base, images: Array.from({ length: 11 }, () => png) })).toEqual({
      images: 'Du kan højst vedhæfte 10 billeder',
    });
    const justTooBig = Buffer.alloc(10 * 1024 * 1024 + 1);
    expect(errorsOf({ ...base, images: [dataUrl('image/png', justTooBig)] })).toEqual({
      'images.0': 'Billedet er større end 10 MB',
    });
    expect(errorsOf({ ...base, images: [dataUrl('image/png', Buffer.alloc(10 * 1024 * 1024))] })).toEqual({});
  });
});

describe('damage report payload (SPEC §7)', () => {
  it('assembles every field of a private person', () => {
    const png = dataUrl('image/png', onePixelPng);
    expect(buildDamageReportPayload({ ...base, images: [png] })).toEqual({
      type: 'anmeldelse',
      name: 'Karen Holm',
      email: 'karen@example.dk',
      phone: '+4512345678',
      service: 'Codan - Brandskade',
      message: [
        'Adresse: Algade 3, 4000 Roskilde',
        'Forsikringsselskab: Codan',
        'Policenummer: 123',
        'Skadenummer: Ikke angivet',
        'Skadetype: Brandskade',
        'Beskrivelse: Røgskade i køkkenet',
        'Hvem er du: Privatperson',
      ].join('\n'),
      images: [png],
    });
  });

  it('includes company name and CVR for a company', () => {
    const payload = buildDamageReportPayload({
      ...base,
      personType: 'virksomhed',
      virksomhedsnavn: 'Holm ApS',
      cvr: '12 34 56 74',
    });
    expect(payload.message).toContain('Hvem er du: Virksomhed\nVirksomhedsnavn: Holm ApS\nCVR: 12345674');
    expect(payload.message).not.toContain('Rekvirent');
  });

  it('includes the requester details for an assessor', () => {
    const payload = buildDamageReportPayload({
      ...base,
      personType: 'taksator',
      rekvirentNavn: 'Ole Taksator',
      rekvirentTelefon: '87654321',
      rekvirentEmail: 'ole@tryg.dk',
    });
    expect(payload.message).toContain(
      'Hvem er du: Taksator\nRekvirent: Ole Taksator\nRekvirentens telefon: 87 65 43 21\nRekvirentens e-mail: ole@tryg.dk',
    );
    expect(payload.message).not.toContain('CVR');
  });

  it('is accepted by the API schema', () => {
    const parsed = contactApiPayloadSchema.parse(buildDamageReportPayload(base));
    expect(parsed.type).toBe('anmeldelse');
  });
});
