import { describe, expect, it } from 'vitest';
import { formatAge, formatDay } from './format';

const now = Date.parse('2026-12-03T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('the age of a lead', () => {
  it('reads as a coordinator says it, in Danish', () => {
    expect(formatAge(ago(20_000), now)).toBe('lige nu');
    expect(formatAge(ago(minute), now)).toBe('for 1 min siden');
    expect(formatAge(ago(59 * minute), now)).toBe('for 59 min siden');
    expect(formatAge(ago(2 * hour + 5 * minute), now)).toBe('for 2 t siden');
    expect(formatAge(ago(23 * hour + 59 * minute), now)).toBe('for 23 t siden');
    expect(formatAge(ago(day + hour), now)).toBe('for 1 dag siden');
    expect(formatAge(ago(3 * day), now)).toBe('for 3 dage siden');
    expect(formatAge(ago(27 * day), now)).toBe('for 27 dage siden');
  });

  it('gives the date after four weeks, and "now" for a time slightly ahead', () => {
    expect(formatAge(ago(40 * day), now)).toBe('24. okt. 2026');
    expect(formatAge(new Date(now + 30_000).toISOString(), now)).toBe('lige nu');
  });

  it('leaves a value that is not a time as it is', () => {
    expect(formatAge('ukendt', now)).toBe('ukendt');
  });
});

describe('a calendar day', () => {
  it('reads as a Danish date whatever the time zone', () => {
    expect(formatDay('2026-12-03')).toBe('3. dec. 2026');
    expect(formatDay('2026-01-01')).toBe('1. jan. 2026');
    expect(formatDay('i går')).toBe('i går');
  });
});
