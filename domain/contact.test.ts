import { describe, expect, it } from 'vitest';
import { contactLeadSchema } from './contact.ts';
import { controlCharacterMessage } from './fields.ts';
import { fieldErrorsOf } from '../tests/support/schema-messages.ts';

const valid = {
  kind: 'kontakt',
  name: 'Anne Hansen',
  email: 'anne@example.dk',
  phone: '22 34 56 78',
  service: 'akut',
  message: 'Hej',
};

const errorsOf = (values: unknown) => fieldErrorsOf(contactLeadSchema, values);

describe('contact lead schema', () => {
  it('accepts a complete form and one with only the required fields', () => {
    expect(contactLeadSchema.safeParse(valid).success).toBe(true);
    expect(
      contactLeadSchema.safeParse({ kind: 'kontakt', name: 'A', email: 'a@b.dk', service: 'andet' }).success,
    ).toBe(true);
    expect(contactLeadSchema.safeParse({ ...valid, phone: '', message: '' }).success).toBe(true);
  });

  it('stores the phone normalised and leaves out what was not given', () => {
    expect(contactLeadSchema.parse(valid)).toEqual({ ...valid, phone: '+4522345678' });
    const parsed = contactLeadSchema.parse({ ...valid, phone: '  ', message: '' });
    expect(parsed.phone).toBeUndefined();
    expect(parsed.message).toBeUndefined();
  });

  it('is a lead of kind kontakt', () => {
    expect(errorsOf({ ...valid, kind: 'anmeldelse' })).toHaveProperty('kind');
    expect(errorsOf({ ...valid, kind: undefined })).toHaveProperty('kind');
  });

  it('requires a name', () => {
    expect(errorsOf({ ...valid, name: '   ' })).toEqual({ name: 'Navn er påkrævet' });
    expect(errorsOf({ ...valid, name: undefined })).toEqual({ name: 'Navn er påkrævet' });
  });

  it('requires a valid e-mail', () => {
    expect(errorsOf({ ...valid, email: 'anne' })).toEqual({ email: 'Indtast en gyldig e-mail' });
    expect(errorsOf({ ...valid, email: '' })).toEqual({ email: 'E-mail er påkrævet' });
  });

  it('requires one of the six services', () => {
    expect(errorsOf({ ...valid, service: '' })).toEqual({ service: 'Vælg en ydelse' });
    expect(errorsOf({ ...valid, service: 'rengøring' })).toEqual({ service: 'Vælg en ydelse' });
    expect(errorsOf({ ...valid, service: 'Tryg - Vandskade' })).toEqual({ service: 'Vælg en ydelse' });
  });

  it('accepts an empty phone and a foreign one, but not a wrong one', () => {
    expect(errorsOf({ ...valid, phone: '123' })).toEqual({
      phone: 'Indtast et gyldigt dansk telefonnummer (8 cifre)',
    });
    expect(contactLeadSchema.parse({ ...valid, phone: '+46 70 123 45 67' }).phone).toBe('+46701234567');
  });

  it('limits the message length and keeps its line breaks', () => {
    expect(errorsOf({ ...valid, message: 'x'.repeat(5001) })).toEqual({
      message: 'Beskeden er for lang (højst 5000 tegn)',
    });
    expect(contactLeadSchema.parse({ ...valid, message: 'Hej\r\n\tmed jer' }).message).toBe(
      'Hej\r\n\tmed jer',
    );
  });

  it('refuses control characters', () => {
    expect(errorsOf({ ...valid, name: 'Anne\u0000' })).toEqual({ name: controlCharacterMessage });
    expect(errorsOf({ ...valid, message: 'Hej\u001b[31m' })).toEqual({ message: controlCharacterMessage });
  });
});
