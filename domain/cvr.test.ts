import { describe, expect, it } from 'vitest';
import { isValidCvr, normaliseCvr } from './cvr.ts';

describe('CVR numbers', () => {
  it('accepts a number passing the modulus-11 check', () => {
    // 1·2 + 2·7 + 3·6 + 4·5 + 5·4 + 6·3 + 7·2 + 4·1 = 110 = 10 · 11
    expect(isValidCvr('12345674')).toBe(true);
    expect(isValidCvr('10150817')).toBe(true);
  });

  it('accepts spaces and a DK prefix and outputs the 8 digits', () => {
    expect(normaliseCvr('12 34 56 74')).toBe('12345674');
    expect(normaliseCvr('DK12345674')).toBe('12345674');
  });

  it.each(['12345678', '12345675', '1234567', '123456740', 'abcdefgh', ''])('refuses %j', (input) => {
    expect(isValidCvr(input)).toBe(false);
  });
});
