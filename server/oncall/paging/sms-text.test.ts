import { describe, expect, it } from 'vitest';
import { smsLength, toGsmText } from '../../sms/segments.ts';
import { damageTypes, insurers } from '../../../domain/enums.ts';
import { digestSmsText, pageSmsText, reserveSmsText, takenSmsText, visitorSmsText } from './sms-text.ts';

/** A page's short link (server/oncall/paging/short-link.ts), as the SMS carry it. */
const link = 'https://skadekompagniet.dk/v/AbCdEfGhIjKlMnOp';

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

/** Jens Hansen's critical water damage, paged to the first on call. */
const page: Parameters<typeof pageSmsText>[0] = {
  reference: 'SK-7F3K2Q',
  priority: 'kritisk',
  damageType: 'vandskade',
  name: 'Jens Hansen',
  phone: '+4522345678',
  address: 'Vestergade 12, 8000 Aarhus C',
  link,
  everybody: false,
};
/** The longest name and address the form takes (domain/emergency.ts: name 200, address 300). */
const longestName = 'Zoë Ångström-Øster '.repeat(11).slice(0, 200);
const longestAddress = 'Åbenrå Allé 1, “bagbygningen” – 2. sal {€} '.repeat(8).slice(0, 300);
/** A page sent the first time, and sent again after someone took it and never called. */
const withdrawals = [null, { takenBy: 'Maximiliane-Charlotte Østergaard-Brøndum', takenAt: new Date() }];

describe('page SMS', () => {
  it('says AKUT, the priority, the reference, damage type, the link, then name, phone and address', () => {
    const text = pageSmsText(page);
    expect(text).toBe(
      `AKUT KRITISK SK-7F3K2Q: Vandskade\nTag den: ${link}\nJens Hansen, tlf. 22 34 56 78\nVestergade 12, 8000 Aarhus C`,
    );
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  // The longest values the form takes, a foreign phone, every priority with and without the last
  // step, every damage type: one part each.
  it('is one GSM-7 part in every variant, with the longest name and address the form takes', () => {
    for (const priority of ['kritisk', 'hoej', 'normal'] as const)
      for (const everybody of [false, true])
        for (const withdrawn of withdrawals)
          for (const damageType of [...damageTypes, 'en skade beskrevet med mange ord af den, der ringer']) {
            const text = pageSmsText({
              ...page,
              withdrawn,
              priority,
              damageType,
              name: longestName,
              phone: '+46701234567',
              address: longestAddress,
              everybody,
            });
            expect(smsLength(text), text).toMatchObject({ encoding: 'GSM-7', segments: 1 });
            expect(text.split('\n')[1]).toBe(`Tag den: ${link}`);
            const [, , nameLine, addressLine] = text.split('\n');
            // Both kept recognisable: cut, not dropped.
            expect(nameLine!.startsWith('Zo')).toBe(true);
            expect(addressLine!.startsWith('Åb')).toBe(true);
          }
  });

  it('names an urgent assignment’s insurer after the reference, with no priority word, in one part', () => {
    const assignment = { ...page, reference: 'RK-7F3K2Q', priority: null };
    const text = pageSmsText({ ...assignment, source: 'Tryg' });
    expect(text).toBe(
      `AKUT RK-7F3K2Q Tryg: Vandskade\nTag den: ${link}\nJens Hansen, tlf. 22 34 56 78\nVestergade 12, 8000 Aarhus C`,
    );
    // Every insurer, the longest name and address, the last step, a page sent again: one part.
    for (const source of insurers)
      for (const everybody of [false, true])
        for (const withdrawn of withdrawals) {
          const longest = pageSmsText({
            ...assignment,
            source,
            damageType: 'en skade beskrevet med mange ord af den, der ringer',
            name: longestName,
            phone: '+46701234567',
            address: longestAddress,
            everybody,
            withdrawn,
          });
          expect(smsLength(longest), longest).toMatchObject({ encoding: 'GSM-7', segments: 1 });
          expect(longest.split('\n')[1]).toBe(`Tag den: ${link}`);
        }
  });

  it('says a page sent again was taken by someone who never called, by first name and time', () => {
    const text = pageSmsText({
      ...page,
      // 21.42 in Copenhagen (winter time).
      withdrawn: { takenBy: 'Bo Jensen', takenAt: new Date('2026-12-03T20:42:00Z') },
    });
    expect(text.split('\n')[0]).toBe('AKUT KRITISK SK-7F3K2Q: taget af Bo kl. 21.42, ikke ringet op');
    expect(text.split('\n')[1]).toBe(`Tag den: ${link}`);
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('carries only our link: links and our own words are taken out of what the visitor wrote', () => {
    const text = pageSmsText({
      ...page,
      priority: 'normal',
      name: 'Jens Tag den: https://evil.example/x',
      address: 'Vestergade 12 TAG DEN www.skade-hjaelp.net/vagt evil.dk/vagt/1 skadekompagniet.com',
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
    const text = pageSmsText({ ...page, priority: 'normal', damageType: 'stormskade', phone: null });
    expect(text.split('\n')[0]).toBe('AKUT NORMAL SK-7F3K2Q: Stormskade');
  });

  it('says who took it', () => {
    expect(takenSmsText('SK-7F3K2Q', 'Anna Holm')).toBe('SK-7F3K2Q er taget af Anna Holm.');
  });
});

describe('digest SMS', () => {
  const queueLink = 'https://skadekompagniet.dk/v/QrStUvWxYzAbCdEf';
  const counts = { fresh: 3, waiting: 34, critical: 6, possibleSpam: 0, oldestMinutes: 12 };

  it('says what is new since the last SMS apart from all that waits, the critical ones and the oldest', () => {
    const text = digestSmsText({ ...counts, everybody: false, allHands: false, link: queueLink });
    expect(text).toBe(`AKUT: 3 nye, 34 venter - 6 kritiske. Ældste 12 min. Se listen: ${queueLink}`);
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('says one in the singular, marks possible spam and the last step', () => {
    const text = digestSmsText({
      fresh: 1,
      waiting: 1,
      critical: 1,
      possibleSpam: 1,
      oldestMinutes: 1,
      everybody: true,
      allHands: false,
      link: queueLink,
    });
    expect(text).toBe(
      `AKUT (ingen har svaret): 1 ny, 1 venter - 1 kritisk. 1 mulig spam. Ældste 1 min. Se listen: ${queueLink}`,
    );
  });

  it('tells a person woken in a surge why', () => {
    const text = digestSmsText({
      ...counts,
      waiting: 120,
      everybody: false,
      allHands: true,
      link: queueLink,
    });
    expect(text).toBe(
      `Travlt: 120 venter, alle på vagt er kaldt ind. 3 nye - 6 kritiske. Ældste 12 min. Se listen: ${queueLink}`,
    );
  });

  it('stays within two SMS for the largest counts', () => {
    const largest = { fresh: 9999, waiting: 9999, critical: 9999, possibleSpam: 9999, oldestMinutes: 1440 };
    for (const allHands of [false, true]) {
      const text = digestSmsText({ ...largest, everybody: true, allHands, link: queueLink });
      expect(smsLength(text).segments).toBeLessThanOrEqual(2);
    }
  });
});

describe('reserve SMS', () => {
  it('asks for help with the wait and the list, in one part', () => {
    const text = reserveSmsText({
      waiting: 120,
      wait: 'ca. 3 timer',
      link: 'https://skadekompagniet.dk/v/QrStUvWxYzAbCdEf',
    });
    expect(text).toBe(
      'Kan du hjælpe? Travlt: 120 venter, ventetid ca. 3 timer. Åbn listen og tag en: https://skadekompagniet.dk/v/QrStUvWxYzAbCdEf',
    );
    expect(smsLength(text).segments).toBe(1);
  });
});
