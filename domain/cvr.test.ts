import { describe, expect, it } from 'vitest';
import { cvrMessage, cvrProblem, isValidCvr, normaliseCvr } from './cvr.ts';

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

  it('tells a typo in 8 digits (the check digit fails) from a number that is not 8 digits', () => {
    expect(cvrProblem('12345674')).toBeNull();
    expect(cvrProblem('12345678')).toBe('checkDigit');
    expect(cvrProblem('DK 12 34 56 75')).toBe('checkDigit');
    expect(cvrProblem('1234567')).toBe('format');
    expect(cvrProblem('abcdefgh')).toBe('format');
    expect(cvrMessage('12345678')).toBe('CVR-nummeret findes ikke – tjek cifrene');
    expect(cvrMessage('1234567')).toBe('Indtast et gyldigt CVR-nummer (8 cifre)');
    expect(cvrMessage('12 34 56 74')).toBeNull();
  });
});
