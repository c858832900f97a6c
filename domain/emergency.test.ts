import { describe, expect, it } from 'vitest';
import { emergencyCallbackPhone, emergencyLeadSchema, type EmergencyLeadInput } from './emergency.ts';
import { controlCharacterMessage, fieldErrors } from './fields.ts';

const valid: EmergencyLeadInput = {
  kind: 'akut-skade',
  fuldeNavn: 'Per Jensen',
  adresse: 'Strandvejen 1, 2900 Hellerup',
  telefon: '+45 22 34 56 78',
  email: 'per@example.dk',
  forsikringsselskab: 'Tryg',
  policeNr: '',
  skadeNr: '',
  skadetype: 'vandskade',
  besked: 'Vand i kælderen',
};

function errorsOf(values: unknown) {
  const result = emergencyLeadSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

describe('emergency lead schema', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it('refuses a name with a right-to-left override in Danish, and keeps a name in Arabic or Hebrew letters', () => {
    expect(errorsOf({ ...valid, fuldeNavn: 'Per \u202enesneJ' })).toEqual({
      fuldeNavn: controlCharacterMessage,
    });
    expect(errorsOf({ ...valid, besked: 'Vand\n\u2067i kælderen' })).toEqual({
      besked: controlCharacterMessage,
    });
    for (const name of ['فاطمة الزهراء', 'רחל לוי']) {
      expect(emergencyLeadSchema.parse({ ...valid, fuldeNavn: name }).fuldeNavn).toBe(name);
    }
  });

  it('keeps each field in its own place: phone normalised, numbers not given left out, no photos', () => {
    expect(emergencyLeadSchema.parse(valid)).toEqual({
      kind: 'akut-skade',
      // Private until the business is chosen; the box not ticked is no express request.
      personType: 'privatperson',
      udtrykkeligAnmodning: false,
      fuldeNavn: 'Per Jensen',
      adresse: 'Strandvejen 1, 2900 Hellerup',
      telefon: '+4522345678',
      email: 'per@example.dk',
      forsikringsselskab: 'Tryg',
      policeNr: undefined,
      skadeNr: undefined,
      skadetype: 'vandskade',
      besked: 'Vand i kælderen',
      images: [],
    });
    const parsed = emergencyLeadSchema.parse({ ...valid, policeNr: ' P-1 ', skadeNr: 'S-2' });
    expect([parsed.policeNr, parsed.skadeNr]).toEqual(['P-1', 'S-2']);
  });

  it.each([
    ['fuldeNavn', 'P', 'Fulde navn er påkrævet'],
    ['adresse', 'Vej', 'Adresse er påkrævet'],
    ['telefon', '1234', 'Telefonnummer er påkrævet'],
    ['telefon', '12 34 56 7x', 'Indtast et gyldigt dansk telefonnummer (8 cifre)'],
    ['telefon', '+46 70 12', 'Indtast et gyldigt udenlandsk nummer: + og landekode, f.eks. +46 70 123 45 67'],
    ['email', 'per@', 'Ugyldig email adresse'],
    ['forsikringsselskab', '', 'Vælg dit forsikringsselskab'],
    ['skadetype', '', 'Vælg skadetype'],
    ['adresse', 'Strandvejen 1\u0007', controlCharacterMessage],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('shows every message for an empty form', () => {
    expect(errorsOf({ kind: 'akut-skade' })).toEqual({
      fuldeNavn: 'Fulde navn er påkrævet',
      adresse: 'Adresse er påkrævet',
      telefon: 'Telefonnummer er påkrævet',
      email: 'Ugyldig email adresse',
      forsikringsselskab: 'Vælg dit forsikringsselskab',
      skadetype: 'Vælg skadetype',
    });
  });

  it('takes at most three upload URLs as images', () => {
    const url = (n: number) => `http://127.0.0.1:3000/api/objects/upload/${n}`;
    expect(emergencyLeadSchema.parse({ ...valid, images: [url(1), url(2), url(3)] }).images).toHaveLength(3);
    expect(errorsOf({ ...valid, images: [url(1), url(2), url(3), url(4)] })).toEqual({
      images: 'Du kan højst vedhæfte 3 billeder',
    });
    expect(errorsOf({ ...valid, images: [''] })).toEqual({
      'images.0': 'Et af billederne blev ikke genkendt. Upload det igen.',
    });
  });

  it('gives the callback phone in readable form', () => {
    expect(emergencyCallbackPhone({ telefon: valid.telefon })).toBe('22 34 56 78');
    expect(emergencyCallbackPhone({ telefon: '+4522345678' })).toBe('22 34 56 78');
    expect(emergencyCallbackPhone({ telefon: '+46701234567' })).toBe('+46701234567');
  });
});
