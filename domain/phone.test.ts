import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isDanishMobile,
  isPhone,
  normalisePhone,
  optionalPhoneField,
  phoneField,
  phoneMessages,
} from './phone.ts';
import { messagesOf } from '../tests/support/schema-messages.ts';

describe('phone numbers', () => {
  it.each([
    ['20123456', '+4520123456'],
    ['20 12 34 56', '+4520123456'],
    ['+45 20 12 34 56', '+4520123456'],
    ['+4520123456', '+4520123456'],
    ['0045 20 12 34 56', '+4520123456'],
    ['004520123456', '+4520123456'],
    ['2012-3456', '+4520123456'],
    ['80 20 30 40', '+4580203040'],
    ['(+45) 70 20 30 40', '+4570203040'],
    ['  20 12 34 56  ', '+4520123456'],
    ['+46 70 123 45 67', '+46701234567'],
    ['0046 70 123 45 67', '+46701234567'],
    ['+1 (415) 555-0132', '+14155550132'],
  ])('accepts %j and normalises it to %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
    expect(isPhone(input)).toBe(true);
  });

  it.each([
    '',
    '1234567',
    '123456789',
    '+45 1234567',
    '+45 123456789',
    '12a45678',
    'telefon',
    '45 12345678 9',
    '+46 12',
    '+0 12345678',
    '+1234567890123456',
    // The right shape, but no such number in libphonenumber's metadata.
    '+4500000000',
    '12345678',
    '00 00 00 00',
    '+45 11 11 11 11',
    '+44 0000 000000',
    '+1 555 555 0123',
    '+999 1234 5678',
  ])('refuses %j', (input) => {
    expect(normalisePhone(input)).toBeNull();
    expect(isPhone(input)).toBe(false);
  });

  it('formats a number for people to read', () => {
    expect(formatPhone('+4520123456')).toBe('20 12 34 56');
    expect(formatPhone('20-12-34-56')).toBe('20 12 34 56');
    // A number stored before the metadata check is still shown grouped.
    expect(formatPhone('+4512345678')).toBe('12 34 56 78');
    expect(formatPhone('+46 70 123 45 67')).toBe('+46701234567');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
});

describe('phone fields', () => {
  it('a required field outputs the normalised number and names the problem in Danish', () => {
    const schema = phoneField();
    expect(schema.parse('+45 20 12 34 56')).toBe('+4520123456');
    expect(messagesOf(schema.safeParse(''))).toEqual(['Telefonnummer er påkrævet']);
    expect(messagesOf(schema.safeParse('1234'))).toEqual([
      'Indtast et gyldigt dansk telefonnummer (8 cifre)',
    ]);
    expect(messagesOf(schema.safeParse('+46 70'))).toEqual([phoneMessages.invalidInternational]);
    expect(messagesOf(schema.safeParse('1'.repeat(41)))).toEqual([phoneMessages.invalid]);
  });

  it('refuses a number no series holds with its own Danish message', () => {
    const schema = phoneField();
    for (const impossible of ['+4500000000', '12 34 56 78', '+49 000 000000']) {
      expect(messagesOf(schema.safeParse(impossible))).toEqual([
        'Telefonnummeret findes ikke – tjek cifrene',
      ]);
    }
    expect(schema.parse('+46 70 123 45 67')).toBe('+46701234567');
  });

  it('a minimum length counts anything shorter as missing, with one message', () => {
    const schema = phoneField({ required: 'Telefonnummer er påkrævet', minLength: 8 });
    expect(messagesOf(schema.safeParse('1234'))).toEqual(['Telefonnummer er påkrævet']);
    expect(messagesOf(schema.safeParse('1234 5678x'))).toEqual([phoneMessages.invalid]);
  });

  it("a form's own invalid message is used for every wrong number", () => {
    const schema = phoneField({ invalid: 'Indtast et gyldigt telefonnummer' });
    expect(messagesOf(schema.safeParse('+46 70'))).toEqual(['Indtast et gyldigt telefonnummer']);
  });

  it("does not stop the form's own checks from running alongside", async () => {
    const { z } = await import('zod');
    const schema = z.object({ phone: phoneField(), other: z.string().optional() }).check(
      z.superRefine(
        (values, ctx) => {
          if (!values.other) ctx.addIssue({ code: 'custom', path: ['other'], message: 'Udfyld feltet' });
        },
        { when: () => true },
      ),
    );
    expect(messagesOf(schema.safeParse({ phone: '' }))).toEqual([
      'Telefonnummer er påkrævet',
      'Udfyld feltet',
    ]);
  });

  it('an optional field takes blank or missing as not given', () => {
    const schema = optionalPhoneField();
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse('   ')).toBeUndefined();
    expect(schema.parse('20 12 34 56')).toBe('+4520123456');
    expect(messagesOf(schema.safeParse('123'))).toEqual([phoneMessages.invalid]);
    expect(messagesOf(schema.safeParse('+4500000000'))).toEqual([phoneMessages.unknown]);
  });
});

describe('numbers an SMS can reach', () => {
  it.each(['+4520123456', '20 12 34 56', '+4540123456', '+4561234567', '+4531123456'])(
    'sends an SMS to the Danish number %s',
    (phone) => expect(isDanishMobile(phone)).toBe(true),
  );

  it.each([
    ['a toll-free number', '+4580123456'],
    ['a premium-rate number', '+4590123456'],
    ['a number no Danish series holds', '+4512345678'],
    ['a foreign mobile', '+46701234567'],
    ['no number', null],
    ['text that is no number', 'ring på kontoret'],
  ])('sends no SMS to %s', (_what, phone) => expect(isDanishMobile(phone)).toBe(false));
});
