import { describe, expect, it } from 'vitest';
import { shareTargets } from './share';

describe('share links', () => {
  const targets = shareTargets({
    url: 'https://example.dk/blog/vandskade?x=1&y=2',
    title: 'Vandskade & skybrud',
    emailBody: 'Læs artiklen',
  });
  const href = (network: string) => targets.find((t) => t.network === network)?.href ?? '';

  it('carries the article URL, encoded, to every network', () => {
    const encoded = encodeURIComponent('https://example.dk/blog/vandskade?x=1&y=2');
    for (const network of ['linkedin', 'facebook', 'x']) expect(href(network)).toContain(encoded);
    expect(new URL(href('linkedin')).searchParams.get('url')).toBe(
      'https://example.dk/blog/vandskade?x=1&y=2',
    );
    expect(new URL(href('facebook')).searchParams.get('u')).toBe('https://example.dk/blog/vandskade?x=1&y=2');
    expect(new URL(href('x')).searchParams.get('text')).toBe('Vandskade & skybrud');
  });

  it('puts the title in the e-mail subject and the URL in its body', () => {
    const mail = new URL(href('email'));
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe('Vandskade & skybrud');
    expect(mail.searchParams.get('body')).toBe('Læs artiklen\n\nhttps://example.dk/blog/vandskade?x=1&y=2');
  });
});
