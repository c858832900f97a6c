import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './accept-encoding.ts';

const both = { br: true, gzip: true };

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['GZIP', 'gzip'],
  ] as const)('for %j picks %s', (header, expected) => {
    expect(chooseEncoding(header, both)).toBe(expected);
  });

  it('only picks variants that exist', () => {
    expect(chooseEncoding('br, gzip', { br: false, gzip: true })).toBe('gzip');
    expect(chooseEncoding('br', { br: false, gzip: true })).toBeNull();
  });
});
