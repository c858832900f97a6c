import { describe, expect, it } from 'vitest';
import { smsLength, toGsmText } from '../sms/segments.ts';
import { pageSmsText, takenSmsText } from './sms-text.ts';

const link =
  'https://skadekompagniet.dk/vagt/AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB.1795500000.' +
  'x'.repeat(43);

describe('SMS length', () => {
  it('counts GSM-7 with æøå as 160 per SMS and 153 per part', () => {
    expect(smsLength('æøå ÆØÅ é'.padEnd(160, 'x'))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength('ø'.repeat(161)).segments).toBe(2);
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
    // Extension characters take two places.
    expect(smsLength('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
  });

  it('counts UCS-2 as 70 per SMS and 67 per part once one character is outside GSM-7', () => {
    expect(smsLength('ë'.padEnd(70, 'a'))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsLength('ë'.padEnd(71, 'a')).segments).toBe(2);
    expect(smsLength('–'.padEnd(135, 'a')).segments).toBe(3);
  });

  it('keeps æøå and replaces what would force UCS-2', () => {
    expect(toGsmText('Søren Ærø – “Zoë” Łódź…')).toBe('Søren Ærø - "Zoe" Lodz...');
    expect(smsLength(toGsmText('Zoë Brontë — 😀')).encoding).toBe('GSM-7');
  });
});

describe('page SMS', () => {
  it('says AKUT, the reference, damage type, name, phone, address and the link', () => {
    const text = pageSmsText({
      reference: 'SK-7F3K2Q',
      damageType: 'vandskade',
      name: 'Jens Hansen',
      phone: '+4512345678',
      address: 'Vestergade 12, 8000 Aarhus C',
      link,
      everybody: false,
    });
    expect(text).toBe(
      `AKUT SK-7F3K2Q: Vandskade\nJens Hansen, tlf. 12 34 56 78\nVestergade 12, 8000 Aarhus C\nTag den: ${link}`,
    );
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
  });

  it('stays within three SMS in GSM-7 for the longest name and address the form takes', () => {
    const text = pageSmsText({
      reference: 'SK-7F3K2Q',
      damageType: 'brandskade',
      name: 'Zoë Ångström-Øster '.repeat(11).slice(0, 200),
      phone: '+46701234567',
      address: 'Åbenrå Allé 1, “bagbygningen” – 2. sal '.repeat(8).slice(0, 300),
      link,
      everybody: true,
    });
    expect(text.startsWith('AKUT (ingen har svaret) SK-7F3K2Q: ')).toBe(true);
    expect(text.endsWith(`Tag den: ${link}`)).toBe(true);
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7' });
    expect(smsLength(text).segments).toBeLessThanOrEqual(3);
  });

  it('says who took it', () => {
    expect(takenSmsText('SK-7F3K2Q', 'Anna Holm')).toBe('SK-7F3K2Q er taget af Anna Holm.');
  });
});
