import { describe, expect, it } from 'vitest';
import { leadSchema, type LeadInput } from '../../domain/lead.ts';
import { contactBody, emergencyBody, reportBody, resourceRequestBody } from '../test/lead-bodies.ts';
import { spamReasonsOf } from './spam.ts';
import { formTokenLimits, issueFormToken, verifyFormToken } from './spam-token.ts';

const secret = 'spam-test-secret-0123456789abcdefghij';
const t0 = Date.UTC(2026, 10, 22, 3, 0, 0);
const seconds = (n: number) => n * 1000;

/** A form token fetched at `fetchedAt`, and the lead sent at `sentAt` with it. */
function reasons(
  body: LeadInput,
  options: { fetchedAt?: number | null; sentAt?: number; token?: string } = {},
) {
  const fetchedAt = options.fetchedAt === undefined ? t0 : options.fetchedAt;
  const token = options.token ?? (fetchedAt === null ? undefined : issueFormToken(secret, fetchedAt));
  const lead = leadSchema.parse({ ...body, ...(token ? { formToken: token } : {}) });
  return spamReasonsOf(lead, { secret, now: options.sentAt ?? t0 + seconds(40) });
}

describe('form tokens', () => {
  it('carry the time they were issued, signed: valid for two hours, then expired', () => {
    const token = issueFormToken(secret, t0);
    expect(verifyFormToken(secret, token, t0 + seconds(10))).toEqual({
      status: 'valid',
      startedAt: t0,
      issuedAt: t0,
    });
    expect(verifyFormToken(secret, token, t0 + formTokenLimits.maxAgeMs)).toMatchObject({ status: 'valid' });
    expect(verifyFormToken(secret, token, t0 + formTokenLimits.maxAgeMs + 1)).toMatchObject({
      status: 'expired',
    });
  });

  it('cannot be forged: another secret, a changed time or a broken shape is invalid', () => {
    const token = issueFormToken(secret, t0);
    const [, , nonce, signature] = token.split('.');
    expect(verifyFormToken('another-secret-0123456789abcdefghijkl', token, t0).status).toBe('invalid');
    // Claiming the form was opened a minute earlier, to pass the time trap:
    expect(verifyFormToken(secret, `${t0 - 60_000}.${t0}.${nonce}.${signature}`, t0).status).toBe('invalid');
    // Another nonce (to get a second, unspent token from one signature), or none:
    expect(verifyFormToken(secret, `${t0}.${t0}.${'A'.repeat(16)}.${signature}`, t0).status).toBe('invalid');
    expect(verifyFormToken(secret, `${t0}.${t0}.${signature}`, t0).status).toBe('invalid');
    for (const broken of [
      '',
      'abc',
      `${t0}.${t0}`,
      `${t0}.${t0}.${nonce}.${signature}x`,
      `-1.${t0}.${nonce}.${signature}`,
    ]) {
      expect(verifyFormToken(secret, broken, t0).status).toBe('invalid');
    }
  });

  it('keep the form’s start when renewed with the previous token, and only then', () => {
    const first = issueFormToken(secret, t0);
    const renewed = issueFormToken(secret, t0 + formTokenLimits.maxAgeMs + 60_000, first);
    expect(verifyFormToken(secret, renewed, t0 + formTokenLimits.maxAgeMs + 61_000)).toMatchObject({
      status: 'valid',
      startedAt: t0,
    });
    const forged = issueFormToken(secret, t0 + 60_000, `${t0 - 3_600_000}.${t0}.${'A'.repeat(43)}`);
    expect(verifyFormToken(secret, forged, t0 + 61_000)).toMatchObject({ startedAt: t0 + 60_000 });
    const tooOld = issueFormToken(secret, t0 + formTokenLimits.renewableForMs + 1, first);
    expect(verifyFormToken(secret, tooOld, t0 + formTokenLimits.renewableForMs + 2)).toMatchObject({
      startedAt: t0 + formTokenLimits.renewableForMs + 1,
    });
  });
});

describe('spam signals', () => {
  it('find nothing in a lead of any kind sent through its form by a person', () => {
    for (const body of [contactBody, reportBody(), emergencyBody(), resourceRequestBody]) {
      expect(reasons(body as LeadInput)).toEqual([]);
    }
  });

  it('honeypot: the hidden field filled in', () => {
    expect(reasons({ ...contactBody, website: 'http://spam.example' })).toEqual(['honeypot']);
    expect(reasons({ ...contactBody, website: '   ' })).toEqual([]);
    expect(reasons({ ...contactBody, website: '' })).toEqual([]);
  });

  it('token-missing: posted straight to the API', () => {
    expect(reasons(contactBody, { fetchedAt: null })).toEqual(['token-missing']);
    expect(reasons(contactBody, { token: '   ' })).toEqual(['token-missing']);
  });

  it('token-invalid and token-expired', () => {
    expect(reasons(contactBody, { token: `${t0}.${t0}.${'x'.repeat(43)}` })).toEqual(['token-invalid']);
    expect(
      reasons(contactBody, { fetchedAt: t0, sentAt: t0 + formTokenLimits.maxAgeMs + seconds(1) }),
    ).toEqual(['token-expired']);
  });

  it('too-fast: sent less than 3 seconds after the form got its token', () => {
    expect(reasons(contactBody, { sentAt: t0 + seconds(2.9) })).toEqual(['too-fast']);
    expect(reasons(contactBody, { sentAt: t0 + seconds(3) })).toEqual([]);
    // A renewal just before sending keeps the form's start.
    const renewed = issueFormToken(secret, t0 + seconds(3600), issueFormToken(secret, t0));
    expect(reasons(contactBody, { token: renewed, sentAt: t0 + seconds(3601) })).toEqual([]);
  });

  it('many-links: more than two links in the message or description', () => {
    expect(reasons({ ...contactBody, message: 'Billeder: https://eksempel.dk/a og www.side.dk' })).toEqual(
      [],
    );
    expect(reasons({ ...contactBody, message: 'a http://a.dk b http://b.dk c www.c.dk' })).toEqual([
      'many-links',
    ]);
    expect(reasons({ ...emergencyBody(), besked: 'https://a.ru https://b.ru https://c.ru' })).toContain(
      'many-links',
    );
  });

  it('only-link: a message that is a URL and nothing else', () => {
    expect(reasons({ ...contactBody, message: '  https://cheap-pills.example/buy  ' })).toEqual([
      'only-link',
    ]);
    expect(reasons({ ...contactBody, message: 'Se billederne her: https://photos.example/abc' })).toEqual([]);
  });

  it('markup: HTML tags or forum links in any field, not "<" in text', () => {
    expect(reasons({ ...contactBody, message: '<a href="http://x.example">billig</a>' })).toEqual(['markup']);
    expect(reasons({ ...contactBody, message: 'Hej <script>alert(1)</script>' })).toEqual(['markup']);
    expect(reasons({ ...contactBody, message: '[url=http://x.example]klik[/url]' })).toEqual(['markup']);
    expect(reasons({ ...reportBody(), virksomhedsnavn: 'Holm <b>ApS</b>' })).toEqual(['markup']);
    expect(reasons({ ...contactBody, name: 'Anne <script' })).toEqual(['markup']);
    for (const message of ['Vand < 5 cm, ikke > 10 cm', 'Tak <3', 'Temperatur <5 grader og >2 m²', 'a<b']) {
      expect(reasons({ ...contactBody, message }), message).toEqual([]);
    }
  });

  it('link-in-name: a URL where the name goes', () => {
    expect(reasons({ ...contactBody, name: 'Cheap loans www.loans.example' })).toEqual(['link-in-name']);
    expect(reasons({ ...emergencyBody(), fuldeNavn: 'https://x.example' })).toEqual(['link-in-name']);
  });

  it('not-text: a message of twenty or more characters that are mostly not letters', () => {
    expect(reasons({ ...contactBody, message: '$$$ 100% !!! ### 12345 *** ===' })).toEqual(['not-text']);
    for (const message of [
      'Police 12345678, skade 2026-11-22 kl. 03:15, 3x4 m². Tlf 12 34 56 78',
      '12345678 87654321',
      'Привет, нужна помощь с водой в подвале',
      '漏水了，请尽快联系我们谢谢',
    ]) {
      expect(reasons({ ...contactBody, message }), message).toEqual([]);
    }
  });

  it('lists every reason that applies', () => {
    expect(
      reasons(
        { ...contactBody, website: 'x', message: '<a href="https://a.dk">a</a> https://b.dk https://c.dk' },
        { sentAt: t0 + 500 },
      ),
    ).toEqual(['honeypot', 'too-fast', 'many-links', 'markup']);
  });
});
