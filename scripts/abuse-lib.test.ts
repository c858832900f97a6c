import { describe, expect, it } from 'vitest';
import { attackResult, cookieValue, isLoopback, mentionsAddress, summary } from './abuse-lib.mjs';

describe('npm run abuse', () => {
  it('attacks the loopback interface only', () => {
    expect(isLoopback('http://127.0.0.1:4123')).toBe(true);
    expect(isLoopback('http://localhost:3000')).toBe(true);
    expect(isLoopback('https://skadekompagniet.dk')).toBe(false);
    expect(isLoopback('http://10.0.0.5:3000')).toBe(false);
    expect(isLoopback('not a url')).toBe(false);
  });

  it('prints held or FAILED per attack and counts what got through', () => {
    const { text, failed } = summary([
      attackResult('token reuse', true, '1 of 8 reached'),
      attackResult('relay text in the receipt', false, 'the message was in the receipt'),
    ]);
    expect(failed).toBe(1);
    expect(text).toContain('held    token reuse');
    expect(text).toContain('FAILED  relay text in the receipt');
    expect(text).toContain('1 of 2 attacks got through.');
    expect(summary([attackResult('x', true, '')]).text).toContain('All 1 attacks held.');
  });

  it('reads a session cookie from Set-Cookie lines, cleared as an empty value', () => {
    expect(cookieValue(['other=1; Path=/', 'indbakke=abc.def; HttpOnly; SameSite=Strict'], 'indbakke')).toBe(
      'abc.def',
    );
    expect(cookieValue(['indbakke=; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], 'indbakke')).toBe('');
    expect(cookieValue(['xindbakke=1'], 'indbakke')).toBeNull();
    expect(cookieValue([], 'indbakke')).toBeNull();
  });

  it('tells an address from a longer one that ends with it', () => {
    expect(mentionsAddress('Til: ann@target.example\n', 'ann@target.example')).toBe(true);
    expect(mentionsAddress('<Ann@Target.example>', 'ann@target.example')).toBe(true);
    expect(mentionsAddress('joann@target.example', 'ann@target.example')).toBe(false);
    expect(mentionsAddress('ann@target.examples', 'ann@target.example')).toBe(false);
    expect(mentionsAddress('kontakt@skadekompagniet.dk', 't@skadekompagniet.dk')).toBe(false);
  });
});
