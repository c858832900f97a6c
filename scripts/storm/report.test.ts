import { describe, expect, it } from 'vitest';
import { digestWording, partsPerKind } from './report.mjs';

const link = 'http://127.0.0.1:3000/v/AbCdEfGhIjKlMnOp';
const received = [
  {
    text: `AKUT KRITISK SK-7F3K2Q: Vandskade\nTag den: ${link}\nJens Hansen, tlf. 22 34 56 78\nVestergade 12`,
  },
  { text: `AKUT: 3 nye, 34 venter - 6 kritiske. Ældste 12 min. Se listen: ${link}` },
  { text: `Travlt: 120 venter, alle på vagt er kaldt ind. 3 nye - 6 kritiske. Se listen: ${link}` },
  { text: 'SK-7F3K2Q er taget af Anna Holm.' },
  { text: `AKUT HØJ SK-8G4L3R: ${'€'.repeat(90)}` },
];

describe("the storm's report of the SMS", () => {
  it('counts the parts of each kind of SMS as billed', () => {
    expect(partsPerKind(received)).toBe(
      'page 2 × at most 2 part(s); digest 2 × at most 1 part(s); other 1 × at most 1 part(s)',
    );
  });

  it('shows the first and the last digest as read, without the link', () => {
    expect(digestWording(received)).toBe(
      '"AKUT: 3 nye, 34 venter - 6 kritiske. Ældste 12 min. Se listen: <link>" … "Travlt: 120 venter, alle på vagt er kaldt ind. 3 nye - 6 kritiske. Se listen: <link>"',
    );
    expect(digestWording(received.slice(0, 1))).toBe('none');
  });
});
