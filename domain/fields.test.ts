import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  controlCharacterMessage,
  fieldErrorLists,
  fieldErrors,
  hasControlCharacters,
  minText,
  optionalText,
  plainText,
  requiredText,
  stripControlCharacters,
} from './fields.ts';
import { messagesOf } from '../tests/support/schema-messages.ts';

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

describe('bidirectional overrides and other invisible controls', () => {
  const tricks = {
    'C1 control': '\u0085',
    'C1 CSI': '\u009b',
    'LRE U+202A': '\u202a',
    'RLE U+202B': '\u202b',
    'PDF U+202C': '\u202c',
    'LRO U+202D': '\u202d',
    'RLO U+202E': '\u202e',
    'LRI U+2066': '\u2066',
    'RLI U+2067': '\u2067',
    'FSI U+2068': '\u2068',
    'PDI U+2069': '\u2069',
    'line separator': '\u2028',
    'paragraph separator': '\u2029',
  };

  it.each(Object.entries(tricks))('single- and multi-line texts refuse the %s', (_name, character) => {
    expect(hasControlCharacters(`Ane ${character}nesneJ`)).toBe(true);
    expect(hasControlCharacters(`Vand\n${character}skade`, { multiline: true })).toBe(true);
  });

  it('plainText trims and refuses them with a Danish message, or the one given', () => {
    expect(plainText().parse('  Ane Jensen ')).toBe('Ane Jensen');
    expect(messagesOf(plainText().safeParse('Ane \u202enesneJ'))).toEqual([controlCharacterMessage]);
    expect(messagesOf(plainText({ invalid: 'Noten kan ikke bruges' }).safeParse('a\u2066b'))).toEqual([
      'Noten kan ikke bruges',
    ]);
    expect(plainText({ multiline: true }).parse('Linje 1\r\n\tLinje 2')).toBe('Linje 1\r\n\tLinje 2');
  });

  it('keeps Arabic and Hebrew names, and the plain direction marks, as typed', () => {
    for (const name of [
      'محمد الأحمد',
      'דוד כהן',
      'Sara \u200fשרה\u200f Levi',
      'علي\u061c 12',
      'Anne\u200e Ørsted',
    ]) {
      expect(hasControlCharacters(name), name).toBe(false);
      expect(requiredText('Påkrævet').parse(name)).toBe(name);
    }
  });

  it('strips them from hints that are cleaned rather than refused', () => {
    expect(stripControlCharacters('photo\u202egnp.exe')).toBe('photognp.exe');
    expect(stripControlCharacters('a\u0000b\u0085c\u2069\td')).toBe('abcd');
    expect(stripControlCharacters('a\tb\nc\u202d', { multiline: true })).toBe('a\tb\nc');
    expect(stripControlCharacters('صورة.jpg')).toBe('صورة.jpg');
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
