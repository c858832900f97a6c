import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isPhone,
  normalisePhone,
  optionalPhoneField,
  phoneField,
  phoneMessages,
} from './phone.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('phone numbers', () => {
  it.each([
    ['12345678', '+4512345678'],
    ['12 34 56 78', '+4512345678'],
    ['+45 12 34 56 78', '+4512345678'],
    ['+4512345678', '+4512345678'],
    ['0045 12 34 56 78', '+4512345678'],
    ['004512345678', '+4512345678'],
    ['1234-5678', '+4512345678'],
    ['(+45) 70 20 30 40', '+4570203040'],
    ['  12 34 56 78  ', '+4512345678'],
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
  ])('refuses %j', (input) => {
    expect(normalisePhone(input)).toBeNull();
    expect(isPhone(input)).toBe(false);
  });

  it('formats a number for people to read', () => {
    expect(formatPhone('+4512345678')).toBe('12 34 56 78');
    expect(formatPhone('12-34-56-78')).toBe('12 34 56 78');
    expect(formatPhone('+46 70 123 45 67')).toBe('+46701234567');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
});

describe('phone fields', () => {
  it('a required field outputs the normalised number and names the problem in Danish', () => {
    const schema = phoneField();
    expect(schema.parse('+45 12 34 56 78')).toBe('+4512345678');
    expect(messagesOf(schema.safeParse(''))).toEqual(['Telefonnummer er påkrævet']);
    expect(messagesOf(schema.safeParse('1234'))).toEqual([
      'Indtast et gyldigt dansk telefonnummer (8 cifre)',
    ]);
    expect(messagesOf(schema.safeParse('+46 70'))).toEqual([phoneMessages.invalidInternational]);
    expect(messagesOf(schema.safeParse('1'.repeat(41)))).toEqual([phoneMessages.invalid]);
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
    expect(schema.parse('12 34 56 78')).toBe('+4512345678');
    expect(messagesOf(schema.safeParse('123'))).toEqual([phoneMessages.invalid]);
  });
});
