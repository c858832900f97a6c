import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

const token = 'abcDEF123_-xyz';

describe('what request logs show of a URL', () => {
  it('hides the key of a case page and of an acknowledgement link', () => {
    expect(redactUrl('/sag/abcDEF123_-x')).toBe('/sag/[skjult]');
    expect(redactUrl('/sag/abcDEF123/billeder?x=1')).toBe('/sag/[skjult]/billeder?x=1');
    expect(redactUrl('/vagt/v1.abc.def')).toBe('/vagt/[skjult]');
    // The short link of an SMS is as much a key as the signed one it stands for.
    expect(redactUrl('/v/AbCdEfGhIjKlMnOp')).toBe('/v/[skjult]');
    expect(redactUrl('/sms-status/cpsms/0f0e.sig?status=2&receiver=4511111111')).toBe(
      '/sms-status/cpsms/[skjult]?status=2&receiver=4511111111',
    );
    expect(redactUrl('/SMS-STATUS//cpsms/0f0e.sig')).toBe('/sms-status/cpsms/[skjult]');
  });

  it('hides the signature of a signed photo link, keeping the rest', () => {
    expect(redactUrl('/api/objects/uploads/1?expires=99&signature=s3cr3t')).toBe(
      '/api/objects/uploads/1?expires=99&signature=[skjult]',
    );
  });

  it('leaves other addresses as they are', () => {
    expect(redactUrl('/contact?ref=1')).toBe('/contact?ref=1');
    expect(redactUrl('/sagen')).toBe('/sagen');
    expect(redactUrl('/sag')).toBe('/sag');
    expect(redactUrl('/blog/sag/x')).toBe('/blog/sag/x');
    expect(redactUrl('/s%C3%A6g/x')).toBe('/s%C3%A6g/x');
  });

  it.each([
    `/s%61g/${token}`,
    `/%73%61%67/${token}`,
    `/S%41G/${token}`,
    `/SAG/${token}`,
    `/Sag/${token}`,
    `//sag/${token}`,
    `/sag%2F${token}`,
    `/s%2561g/${token}`,
    `/sag/${token.slice(0, 3)}%${token.slice(3)}`,
    `/sag/${token}%ZZ`,
    `/s%61g/${token}%E0%A4`,
    `/sag/${token.replace('D', '%44')}`,
  ])('hides the key of the case page written as %s', (url) => {
    const redacted = redactUrl(url);
    expect(redacted).toBe('/sag/[skjult]');
    expect(redacted).not.toContain(token.slice(3, 9));
  });

  it.each([`/v%61gt/${token}`, `/VAGT/${token}`, `/%76agt/${token}?x=1`])(
    'hides the key of the acknowledgement link written as %s',
    (url) => {
      expect(redactUrl(url)).toMatch(/^\/vagt\/\[skjult\](\?x=1)?$/);
    },
  );

  it('keeps what follows the key of an encoded case path', () => {
    expect(redactUrl(`/s%61g/${token}/billeder?x=1`)).toBe('/sag/[skjult]/billeder?x=1');
  });

  it.each(['sign%61ture', 'SIGNATURE', 'sig%6Eature', 'signature%20'])(
    'hides a signature named %s',
    (name) => {
      expect(redactUrl(`/api/objects/uploads/1?expires=99&${name}=s3cr3t`)).toBe(
        `/api/objects/uploads/1?expires=99&${name}=[skjult]`,
      );
    },
  );
});
