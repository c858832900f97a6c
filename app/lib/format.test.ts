import { describe, expect, it } from 'vitest';
import { formatDate, formatDkk, formatHour, formatNumber } from './format';

describe('Danish formatting', () => {
  it('groups thousands with dots, as in the terms of trade', () => {
    expect(formatNumber(100_000)).toBe('100.000');
    expect(formatDkk(5_000_000)).toBe('5.000.000 kr.');
  });

  it('writes dates the Danish way, the same day whatever the time zone', () => {
    expect(formatDate('2026-11-03')).toBe('3. november 2026');
    expect(formatDate('2026-01-01T23:30:00+01:00')).toBe('1. januar 2026');
  });

  it('writes clock hours with two digits', () => {
    expect(formatHour(8)).toBe('08');
    expect(formatHour(17)).toBe('17');
  });
});
