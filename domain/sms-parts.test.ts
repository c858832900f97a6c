import { describe, expect, it } from 'vitest';
import { customerSmsLength, customerSmsText, smsLength } from './sms-parts.ts';

describe('billed SMS parts', () => {
  it('counts GSM-7 units, the extension characters as two', () => {
    expect(smsLength('€[]{}|^~\\')).toEqual({ encoding: 'GSM-7', units: 18, segments: 1 });
    expect(smsLength('æøåÆØÅé'.padEnd(160, 'x'))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength('€'.repeat(81))).toEqual({ encoding: 'GSM-7', units: 162, segments: 2 });
    // 2,000 euro signs: 76 to a part of 153 units.
    expect(smsLength('€'.repeat(2000)).segments).toBe(27);
  });

  it('never splits an extension character between parts', () => {
    // 152 + 154 = 306 units would be two parts of 153; the escape and its € cannot be split.
    expect(smsLength(`${'a'.repeat(152)}${'€'.repeat(77)}`)).toEqual({
      encoding: 'GSM-7',
      units: 306,
      segments: 3,
    });
  });

  it('counts UCS-2 in UTF-16 units and never splits a surrogate pair', () => {
    expect(smsLength('ë'.padEnd(70, 'a'))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsLength(`ë${'a'.repeat(65)}😀${'a'.repeat(66)}`)).toEqual({
      encoding: 'UCS-2',
      units: 134,
      segments: 3,
    });
  });

  it('counts a customer SMS as sent: in GSM-7 where it can be, with the case link', () => {
    const link = `https://skade.example/sag/${'x'.repeat(43)}`;
    expect(customerSmsText('Hej', link)).toBe(`Hej\nSvar og følg din sag: ${link}`);
    // "–" becomes "-" before sending: GSM-7, not UCS-2.
    expect(customerSmsLength('Vi kommer 10–12.', link)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(customerSmsLength('a'.repeat(151), link)).toMatchObject({ units: 151 + 23 + 69, segments: 2 });
  });
});
