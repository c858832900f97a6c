import { describe, expect, it } from 'vitest';
import {
  rekvisitionFormMessages as m,
  rekvisitionLeadSchema,
  type RekvisitionLeadInput,
} from './rekvisition.ts';
import { fieldErrorsOf } from '../tests/support/schema-messages.ts';

const valid: RekvisitionLeadInput = {
  kind: 'rekvisition',
  forsikringsselskab: 'Tryg',
  taksatorNavn: 'Tina Taksator',
  taksatorEmail: 'tina@tryg.dk',
  taksatorTelefon: '',
  skadeNr: 'TRY-2026-1234',
  policeNr: '',
  fuldeNavn: 'Per Jensen',
  telefon: '22 34 56 78',
  email: '',
  adresse: 'Strandvejen 1, 2900 Hellerup',
  skadetype: 'vandskade',
  skadedato: '2026-01-15',
  besked: '',
  hastegrad: 'normal',
  adgang: 'Nøgle hos naboen i nr. 3',
};

const errorsOf = (values: unknown) => fieldErrorsOf(rekvisitionLeadSchema, values);

describe('rekvisition lead schema', () => {
  it('accepts an assignment and keeps what staff need: phone normalised, blanks left out', () => {
    const lead = rekvisitionLeadSchema.parse(valid);
    expect(lead).toMatchObject({
      telefon: '+4522345678',
      email: undefined,
      taksatorTelefon: undefined,
      policeNr: undefined,
      skadedato: '2026-01-15',
      adgang: 'Nøgle hos naboen i nr. 3',
      images: [],
    });
  });

  it('refuses an empty form with every message in Danish at once', () => {
    expect(
      errorsOf({
        kind: 'rekvisition',
        forsikringsselskab: '',
        taksatorNavn: '',
        taksatorEmail: '',
        skadeNr: '',
        fuldeNavn: '',
        telefon: '',
        email: '',
        adresse: '',
        skadetype: '',
        hastegrad: '',
      }),
    ).toEqual({
      forsikringsselskab: 'Vælg forsikringsselskab',
      taksatorNavn: 'Taksators navn er påkrævet',
      taksatorEmail: 'Taksators e-mail er påkrævet',
      skadeNr: 'Skadenummer er påkrævet',
      fuldeNavn: 'Forsikringstagers navn er påkrævet',
      telefon: 'Angiv forsikringstagers telefonnummer eller e-mail',
      adresse: 'Skadeadressen er påkrævet',
      skadetype: 'Vælg skadetype',
      hastegrad: 'Vælg hastegrad',
    });
  });

  it("needs the policyholder's phone or e-mail, and either alone is enough", () => {
    expect(errorsOf({ ...valid, telefon: '', email: '' })).toEqual({ telefon: m.contactRequired });
    expect(errorsOf({ ...valid, telefon: '', email: 'per@example.dk' })).toEqual({});
    expect(errorsOf({ ...valid, telefon: '22 34 56 78', email: '' })).toEqual({});
    expect(errorsOf({ ...valid, email: 'per@' })).toEqual({ email: 'Ugyldig email adresse' });
    expect(errorsOf({ ...valid, taksatorEmail: 'tina' })).toEqual({ taksatorEmail: 'Ugyldig email adresse' });
  });

  it('refuses a damage date in the future or not a real day, and takes today', () => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Copenhagen' }).format(new Date());
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    expect(errorsOf({ ...valid, skadedato: nextYear })).toEqual({
      skadedato: 'Skadedatoen kan ikke ligge i fremtiden',
    });
    expect(errorsOf({ ...valid, skadedato: '2026-02-30' })).toEqual({
      skadedato: 'Skriv datoen som åååå-mm-dd',
    });
    expect(errorsOf({ ...valid, skadedato: '15.01.2026' })).toEqual({
      skadedato: 'Skriv datoen som åååå-mm-dd',
    });
    expect(errorsOf({ ...valid, skadedato: today })).toEqual({});
  });

  it('takes a claim number as insurers write it, not a message', () => {
    expect(errorsOf({ ...valid, skadeNr: '2026/123 456-B' })).toEqual({});
    expect(errorsOf({ ...valid, skadeNr: 'Ring på https://example.com' })).toEqual({
      skadeNr: m.skadeNrInvalid,
    });
  });

  it('takes only the two urgencies and the insurers the site knows', () => {
    expect(errorsOf({ ...valid, hastegrad: 'haster' })).toEqual({ hastegrad: 'Vælg hastegrad' });
    expect(errorsOf({ ...valid, forsikringsselskab: 'Ukendt A/S' })).toEqual({
      forsikringsselskab: 'Vælg forsikringsselskab',
    });
  });
});
