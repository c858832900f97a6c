import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  controlCharacterMessage,
  fieldErrorLists,
  fieldErrors,
  hasControlCharacters,
  minText,
  optionalText,
  requiredText,
} from './fields.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('control characters', () => {
  it.each(['\u0000', '\u0007', '\u0008', '\u001b', '\u007f', '\t', '\n', '\r'])(
    'a single-line text refuses %j',
    (character) => {
      expect(hasControlCharacters(`Ane${character}Jensen`)).toBe(true);
    },
  );

  it('a multi-line text keeps tab and line breaks but refuses the rest', () => {
    expect(hasControlCharacters('Linje 1\r\nLinje 2\tmed tab', { multiline: true })).toBe(false);
    for (const character of ['\u0000', '\u0008', '\u000b', '\u000c', '\u001b', '\u007f']) {
      expect(
        hasControlCharacters(`Vand${character}skade`, { multiline: true }),
        JSON.stringify(character),
      ).toBe(true);
    }
  });

  it('ordinary Danish text and other scripts pass', () => {
    expect(hasControlCharacters('Æble, Ørsted & Åsa – “citat” 👍 Ελλάδα')).toBe(false);
  });

  it('every text builder refuses them with the Danish message', () => {
    for (const schema of [requiredText('Påkrævet'), minText(2, 'Påkrævet'), optionalText()]) {
      expect(messagesOf(schema.safeParse('Ane\u0000'))).toEqual([controlCharacterMessage]);
    }
    expect(optionalText(5000, 'For lang', { multiline: true }).parse('Hej\nmed dig')).toBe('Hej\nmed dig');
    expect(messagesOf(requiredText('Påkrævet').safeParse('Hej\nmed dig'))).toEqual([controlCharacterMessage]);
  });
});

describe('text builders', () => {
  it('trim, require and limit', () => {
    expect(requiredText('Påkrævet').parse('  Ane  ')).toBe('Ane');
    expect(messagesOf(requiredText('Påkrævet').safeParse('   '))).toEqual(['Påkrævet']);
    expect(messagesOf(minText(5, 'For kort').safeParse('Vej'))).toEqual(['For kort']);
    expect(messagesOf(requiredText('Påkrævet', 3, 'For lang').safeParse('Anne'))).toEqual(['For lang']);
  });

  it('an optional text takes blank, null or missing as not given', () => {
    const schema = optionalText();
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse(null)).toBeUndefined();
    expect(schema.parse('  ')).toBeUndefined();
    expect(schema.parse(' P-1 ')).toBe('P-1');
  });
});

describe('field errors', () => {
  const schema = z.object({ name: requiredText('Navn er påkrævet'), images: z.array(z.string()) });

  it('gives the first message per field path', () => {
    const result = schema.safeParse({ name: '', images: ['a', 1] });
    expect(fieldErrors(result.error!)).toEqual({ name: 'Navn er påkrævet', 'images.1': expect.any(String) });
  });

  it('lists every message per field for API answers, the body itself as "body"', () => {
    expect(fieldErrorLists(schema.safeParse({ name: '\u0000', images: [] }).error!)).toEqual({
      name: [controlCharacterMessage],
    });
    expect(Object.keys(fieldErrorLists(schema.safeParse('hej').error!))).toEqual(['body']);
  });
});
