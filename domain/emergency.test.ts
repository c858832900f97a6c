import { describe, expect, it } from 'vitest';
import { contactApiPayloadSchema } from './contact-api.ts';
import {
  buildEmergencyPayload,
  emergencyCallbackPhone,
  emergencyFormSchema,
  type EmergencyFormValues,
} from './emergency.ts';
import { fieldErrors } from './fields.ts';

const valid: EmergencyFormValues = {
  fuldeNavn: 'Per Jensen',
  adresse: 'Strandvejen 1, 2900 Hellerup',
  telefon: '+45 12 34 56 78',
  email: 'per@example.dk',
  forsikringsselskab: 'Tryg',
  policeNr: '',
  skadeNr: '',
  skadetype: 'vandskade',
  besked: 'Vand i kælderen',
};

function errorsOf(values: unknown) {
  const result = emergencyFormSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

describe('emergency form schema (SPEC §5 table)', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it.each([
    ['fuldeNavn', 'P', 'Fulde navn er påkrævet'],
    ['adresse', 'Vej', 'Adresse er påkrævet'],
    ['telefon', '1234', 'Telefonnummer er påkrævet'],
    ['telefon', '12 34 56 7x', 'Indtast et gyldigt dansk telefonnummer (8 cifre)'],
    ['email', 'per@', 'Ugyldig email adresse'],
    ['forsikringsselskab', '', 'Vælg dit forsikringsselskab'],
    ['skadetype', '', 'Vælg skadetype'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('shows every message for an empty form', () => {
    expect(errorsOf({})).toEqual({
      fuldeNavn: 'Fulde navn er påkrævet',
      adresse: 'Adresse er påkrævet',
      telefon: 'Telefonnummer er påkrævet',
      email: 'Ugyldig email adresse',
      forsikringsselskab: 'Vælg dit forsikringsselskab',
      skadetype: 'Vælg skadetype',
    });
  });

  it('allows at most three images', () => {
    expect(errorsOf({ ...valid, images: ['a', 'b', 'c'] })).toEqual({});
    expect(errorsOf({ ...valid, images: ['a', 'b', 'c', 'd'] })).toEqual({
      images: 'Du kan højst vedhæfte 3 billeder',
    });
  });
});

describe('emergency payload (SPEC §7)', () => {
  it('combines insurer and damage type, assembles the message and writes "Ikke angivet"', () => {
    const payload = buildEmergencyPayload(valid, ['/api/objects/a', '/api/objects/b']);
    expect(payload).toEqual({
      type: 'akut-skade',
      name: 'Per Jensen',
      email: 'per@example.dk',
      phone: '+4512345678',
      service: 'Tryg - Vandskade',
      message: [
        'Adresse: Strandvejen 1, 2900 Hellerup',
        'Forsikringsselskab: Tryg',
        'Policenummer: Ikke angivet',
        'Skadenummer: Ikke angivet',
        'Skadetype: Vandskade',
        'Beskrivelse: Vand i kælderen',
      ].join('\n'),
      images: ['/api/objects/a', '/api/objects/b'],
    });
  });

  it('includes policy and claim numbers when given', () => {
    const payload = buildEmergencyPayload({ ...valid, policeNr: 'P-1', skadeNr: 'S-2' }, []);
    expect(payload.message).toContain('Policenummer: P-1\nSkadenummer: S-2');
  });

  it('is accepted by the API schema', () => {
    const parsed = contactApiPayloadSchema.parse(buildEmergencyPayload(valid, ['/api/objects/a']));
    expect(parsed.type).toBe('akut-skade');
  });

  it('gives the callback phone in readable form', () => {
    expect(emergencyCallbackPhone(valid)).toBe('12 34 56 78');
  });
});
