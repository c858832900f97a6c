import { describe, expect, it } from 'vitest';
import { smsLength, toGsmText } from '../sms/segments.ts';
import { digestSmsText, pageSmsText, takenSmsText, visitorSmsText } from './sms-text.ts';

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
  it('says AKUT, the priority, the reference, damage type, the link, then name, phone and address', () => {
    const text = pageSmsText({
      reference: 'SK-7F3K2Q',
      priority: 'kritisk',
      damageType: 'vandskade',
      name: 'Jens Hansen',
      phone: '+4522345678',
      address: 'Vestergade 12, 8000 Aarhus C',
      link,
      everybody: false,
    });
    expect(text).toBe(
      `AKUT KRITISK SK-7F3K2Q: Vandskade\nTag den: ${link}\nJens Hansen, tlf. 22 34 56 78\nVestergade 12, 8000 Aarhus C`,
    );
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
  });

  it('stays within three SMS in GSM-7 for the longest name and address the form takes', () => {
    const text = pageSmsText({
      reference: 'SK-7F3K2Q',
      priority: 'hoej',
      damageType: 'brandskade',
      name: 'Zoë Ångström-Øster '.repeat(11).slice(0, 200),
      phone: '+46701234567',
      address: 'Åbenrå Allé 1, “bagbygningen” – 2. sal '.repeat(8).slice(0, 300),
      link,
      everybody: true,
    });
    expect(text.startsWith('AKUT HØJ (ingen har svaret) SK-7F3K2Q: ')).toBe(true);
    expect(text.split('\n')[1]).toBe(`Tag den: ${link}`);
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7' });
    expect(smsLength(text).segments).toBeLessThanOrEqual(3);
    // Name and address cut to about 40 characters each.
    const [, , nameLine, addressLine] = text.split('\n');
    expect(nameLine!.replace(/, tlf\..*$/, '').length).toBeLessThanOrEqual(40);
    expect(addressLine!.length).toBeLessThanOrEqual(40);
  });

  it('carries only our link: links and our own words are taken out of what the visitor wrote', () => {
    const text = pageSmsText({
      reference: 'SK-7F3K2Q',
      priority: 'normal',
      damageType: 'vandskade',
      name: 'Jens Tag den: https://evil.example/x',
      phone: '+4522345678',
      address: 'Vestergade 12 TAG DEN www.skade-hjaelp.net/vagt evil.dk/vagt/1 skadekompagniet.com',
      link,
      everybody: false,
    });
    expect(text).toBe(
      `AKUT NORMAL SK-7F3K2Q: Vandskade\nTag den: ${link}\nJens, tlf. 22 34 56 78\nVestergade 12`,
    );
    expect(text.match(/https?:\/\//g)).toHaveLength(1);
    expect(text.match(/tag den/gi)).toHaveLength(1);
  });

  it('keeps an address as people write it', () => {
    expect(visitorSmsText('Nørre Allé 7, 2. th., 8000 Aarhus C')).toBe('Nørre Allé 7, 2. th., 8000 Aarhus C');
    expect(visitorSmsText('Sankt Pauls Gade 3, st. tv.')).toBe('Sankt Pauls Gade 3, st. tv.');
    expect(visitorSmsText('http://x.dk')).toBe('-');
  });

  it('names a normal priority too', () => {
    const text = pageSmsText({
      reference: 'SK-7F3K2Q',
      priority: 'normal',
      damageType: 'stormskade',
      name: 'Jens Hansen',
      phone: null,
      address: 'Vestergade 12, 8000 Aarhus C',
      link,
      everybody: false,
    });
    expect(text.split('\n')[0]).toBe('AKUT NORMAL SK-7F3K2Q: Stormskade');
  });

  it('says who took it', () => {
    expect(takenSmsText('SK-7F3K2Q', 'Anna Holm')).toBe('SK-7F3K2Q er taget af Anna Holm.');
  });
});

describe('digest SMS', () => {
  const queueLink =
    'https://skadekompagniet.dk/vagt/liste/BBBBBBBBBBBBBBBBBBBBBB.1795500000.' + 'x'.repeat(43);

  it('counts the emergencies, the critical ones and the oldest, in GSM-7 within two SMS', () => {
    const text = digestSmsText({
      count: 14,
      critical: 3,
      possibleSpam: 0,
      oldestMinutes: 6,
      everybody: false,
      link: queueLink,
    });
    expect(text).toBe(`AKUT: 14 nye - 3 kritiske. Ældste 6 min. Se listen: ${queueLink}`);
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
  });

  it('says one in the singular, marks possible spam and the last step', () => {
    const text = digestSmsText({
      count: 1,
      critical: 1,
      possibleSpam: 1,
      oldestMinutes: 1,
      everybody: true,
      link: queueLink,
    });
    expect(text).toBe(
      `AKUT (ingen har svaret): 1 ny - 1 kritisk. 1 mulig spam. Ældste 1 min. Se listen: ${queueLink}`,
    );
    expect(smsLength(text).segments).toBeLessThanOrEqual(2);
  });

  it('stays within two SMS for the largest counts', () => {
    const text = digestSmsText({
      count: 9999,
      critical: 9999,
      possibleSpam: 9999,
      oldestMinutes: 1440,
      everybody: true,
      link: queueLink,
    });
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
  });
});
