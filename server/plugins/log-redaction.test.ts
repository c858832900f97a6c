import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('what request logs show of a URL', () => {
  it('hides the key of a case page and of an acknowledgement link', () => {
    expect(redactUrl('/sag/abcDEF123_-x')).toBe('/sag/[skjult]');
    expect(redactUrl('/sag/abcDEF123/billeder?x=1')).toBe('/sag/[skjult]/billeder?x=1');
    expect(redactUrl('/vagt/v1.abc.def')).toBe('/vagt/[skjult]');
  });

  it('hides the signature of a signed photo link, keeping the rest', () => {
    expect(redactUrl('/api/objects/uploads/1?expires=99&signature=s3cr3t')).toBe(
      '/api/objects/uploads/1?expires=99&signature=[skjult]',
    );
  });

  it('leaves other addresses as they are', () => {
    expect(redactUrl('/contact?ref=1')).toBe('/contact?ref=1');
    expect(redactUrl('/sagen')).toBe('/sagen');
  });
});
