import { describe, expect, it } from 'vitest';
import { contactApiPayloadSchema } from './contact-api.ts';
import { fieldErrors } from './fields.ts';
import { dataUrl, onePixelPng } from './test-images.ts';

function errorsOf(value: unknown) {
  const result = contactApiPayloadSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

const contact = {
  name: 'Anne',
  email: 'anne@example.dk',
  phone: '12 34 56 78',
  service: 'genhusning',
  message: 'Hej',
};
const report = {
  type: 'anmeldelse',
  name: 'Karen',
  email: 'karen@example.dk',
  phone: '12345678',
  service: 'Codan - Brandskade',
  message: 'Adresse: Algade 3',
  images: [dataUrl('image/png', onePixelPng)],
};
const emergency = { ...report, type: 'akut-skade', images: ['/api/objects/x'] };

describe('POST /api/contact payload', () => {
  it('treats a payload without type as the contact form and normalises the phone', () => {
    expect(contactApiPayloadSchema.parse(contact)).toEqual({
      ...contact,
      type: 'general',
      phone: '+4512345678',
    });
  });

  it('drops an empty phone and message of the contact form', () => {
    const parsed = contactApiPayloadSchema.parse({ ...contact, phone: '', message: '' });
    expect(parsed.phone).toBeUndefined();
    expect(parsed.message).toBeUndefined();
  });

  it('validates the contact form fields', () => {
    expect(errorsOf({ ...contact, service: 'Tryg - Vandskade' })).toEqual({ service: 'Vælg en ydelse' });
    expect(errorsOf({ ...contact, email: 'x' })).toEqual({ email: 'Indtast en gyldig e-mail' });
  });

  it('accepts a report and an emergency', () => {
    expect(errorsOf(report)).toEqual({});
    expect(errorsOf(emergency)).toEqual({});
  });

  it('requires phone, an insurer/damage service and a message on reports and emergencies', () => {
    for (const payload of [report, emergency]) {
      expect(errorsOf({ ...payload, phone: '', service: 'akut', message: '' })).toEqual({
        phone: 'Telefonnummer er påkrævet',
        service: 'Ugyldig ydelse: forventet forsikringsselskab og skadetype',
        message: 'Beskeden er påkrævet',
      });
    }
  });

  it('limits the images: data URLs on reports, at most three upload URLs on emergencies', () => {
    expect(errorsOf({ ...report, images: ['/api/objects/x'] })).toEqual({
      'images.0': 'Filen er ikke et billede',
    });
    expect(errorsOf({ ...emergency, images: ['a', 'b', 'c', 'd'] })).toEqual({
      images: 'Du kan højst vedhæfte 3 billeder',
    });
  });

  it('refuses an unknown type and a body that is not an object', () => {
    expect(errorsOf({ ...contact, type: 'spam' })).toEqual({ type: 'Ukendt henvendelsestype' });
    expect(contactApiPayloadSchema.safeParse('hej').success).toBe(false);
    expect(contactApiPayloadSchema.safeParse(null).success).toBe(false);
  });
});
