import { describe, expect, it } from 'vitest';
import { danishPhoneSchema, formatDanishPhone, isDanishPhone, normaliseDanishPhone } from './phone.ts';

describe('Danish phone numbers', () => {
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
  ])('accepts %j and normalises it to %s', (input, expected) => {
    expect(normaliseDanishPhone(input)).toBe(expected);
    expect(isDanishPhone(input)).toBe(true);
  });

  it.each([
    '',
    '1234567',
    '123456789',
    '+46 12 34 56 78',
    '+45 1234567',
    '12a45678',
    'telefon',
    '45 12345678 9',
  ])('refuses %j', (input) => {
    expect(normaliseDanishPhone(input)).toBeNull();
  });

  it('formats a number for people to read', () => {
    expect(formatDanishPhone('+4512345678')).toBe('12 34 56 78');
    expect(formatDanishPhone('not a phone')).toBe('not a phone');
  });

  it('the schema outputs the normalised number and names the problem in Danish', () => {
    const schema = danishPhoneSchema();
    expect(schema.parse('+45 12 34 56 78')).toBe('+4512345678');
    expect(schema.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      'Telefonnummer er påkrævet',
    ]);
    expect(schema.safeParse('1234').error?.issues.map((issue) => issue.message)).toEqual([
      'Indtast et gyldigt dansk telefonnummer (8 cifre)',
    ]);
  });
});
