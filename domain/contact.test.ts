import { describe, expect, it } from 'vitest';
import { contactFormSchema, contactSubmissionInsertSchema } from './contact.ts';
import { fieldErrors } from './fields.ts';

const valid = {
  name: 'Anne Hansen',
  email: 'anne@example.dk',
  phone: '12 34 56 78',
  service: 'akut',
  message: 'Hej',
};

function errorsOf(values: unknown) {
  const result = contactFormSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

describe('contact form schema', () => {
  it('accepts a complete form and one with only the required fields', () => {
    expect(contactFormSchema.safeParse(valid).success).toBe(true);
    expect(contactFormSchema.safeParse({ name: 'A', email: 'a@b.dk', service: 'andet' }).success).toBe(true);
    expect(contactFormSchema.safeParse({ ...valid, phone: '', message: '' }).success).toBe(true);
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
  });

  it('accepts an empty phone but not a wrong one', () => {
    expect(errorsOf({ ...valid, phone: '123' })).toEqual({
      phone: 'Indtast et gyldigt dansk telefonnummer (8 cifre)',
    });
  });

  it('limits the message length', () => {
    expect(errorsOf({ ...valid, message: 'x'.repeat(5001) })).toHaveProperty('message');
  });
});

describe('contact submission insert schema (SPEC §3)', () => {
  it('defaults the type to general', () => {
    const parsed = contactSubmissionInsertSchema.parse({ name: 'A', email: 'a@b.dk', service: 'akut' });
    expect(parsed.type).toBe('general');
  });

  it('requires name, email and service', () => {
    const result = contactSubmissionInsertSchema.safeParse({ images: ['x'] });
    expect(Object.keys(fieldErrors(result.error!)).sort()).toEqual(['email', 'name', 'service']);
  });
});
