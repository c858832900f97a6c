import { describe, expect, it } from 'vitest';
import { etaInstant } from './milestone-eta.ts';
import { milestoneLines, milestoneText, type RecordedMilestone } from './milestone-lines.ts';
import { zonedTime } from './zoned-time.ts';

const dk = (y: number, mo: number, d: number, h = 0, mi = 0) => zonedTime(y, mo, d, h, mi);
const fact = (kind: RecordedMilestone['kind'], at: Date, details: Record<string, unknown> = {}) => ({
  kind,
  at,
  details,
});

describe('the customer reads each milestone in plain Danish from the fact', () => {
  it('says the expected arrival, the arrival and the damage stop by the Danish clock', () => {
    const setOff = dk(2026, 3, 12, 13, 50);
    const etaAt = etaInstant(setOff, '14:20').toISOString();
    expect(milestoneText(fact('paa-vej', setOff, { eta: '14:20', etaAt }), null)).toBe(
      'Vi er på vej – forventet kl. 14.20',
    );
    expect(milestoneText(fact('paa-adressen', dk(2026, 3, 12, 14, 35)), null)).toBe(
      'Vi er nået frem kl. 14.35',
    );
    // Summer time: the clock the customer sees, not UTC.
    expect(milestoneText(fact('skadestop', dk(2026, 7, 2, 15, 5)), null)).toBe(
      'Skaden blev stoppet kl. 15.05',
    );
  });

  it('says an arrival on the next day as tomorrow', () => {
    const setOff = dk(2026, 3, 12, 23, 40);
    const etaAt = etaInstant(setOff, '00:15').toISOString();
    expect(milestoneText(fact('paa-vej', setOff, { eta: '00:15', etaAt }), null)).toBe(
      'Vi er på vej – forventet i morgen kl. 00.15',
    );
  });

  it('counts the dehumidifiers and days as recorded, one in the singular', () => {
    const at = dk(2026, 3, 12, 16);
    expect(milestoneText(fact('affugtning-startet', at, { affugtere: 3, forventetDage: 14 }), null)).toBe(
      'Affugtning: 3 affugtere, forventet ca. 14 dage',
    );
    expect(milestoneText(fact('affugtning-startet', at, { affugtere: 1, forventetDage: 1 }), null)).toBe(
      'Affugtning: 1 affugter, forventet ca. 1 dag',
    );
  });

  it('names the insurer the form recorded, and none it did not', () => {
    const sent = fact('rapport-sendt', dk(2026, 3, 12, 9));
    expect(milestoneText(sent, 'Tryg')).toBe('Rapporten er sendt til Tryg 12.3.');
    expect(milestoneText(sent, null)).toBe('Rapporten er sendt til dit forsikringsselskab 12.3.');
    expect(milestoneText(sent, 'Andet forsikringsselskab')).toBe(
      'Rapporten er sendt til dit forsikringsselskab 12.3.',
    );
  });

  it('dates the end of the drying and of the case', () => {
    expect(milestoneText(fact('affugtning-afsluttet', dk(2026, 4, 2, 10)), null)).toBe(
      'Affugtningen er afsluttet 2.4.',
    );
    expect(milestoneText(fact('afsluttet', dk(2026, 4, 9, 10)), null)).toBe('Sagen er afsluttet 9.4.');
  });

  it('lists the lines oldest first and names each Danish day once', () => {
    const lines = milestoneLines(
      [
        fact('affugtning-startet', dk(2026, 3, 13, 8), { affugtere: 2, forventetDage: 10 }),
        fact('skadestop', dk(2026, 3, 12, 15, 5)),
        fact('paa-adressen', dk(2026, 3, 12, 14, 35)),
      ],
      { insurer: 'Tryg' },
    );
    expect(lines.map((line) => [line.day, line.text])).toEqual([
      ['12.3.', 'Vi er nået frem kl. 14.35'],
      [null, 'Skaden blev stoppet kl. 15.05'],
      ['13.3.', 'Affugtning: 2 affugtere, forventet ca. 10 dage'],
    ]);
  });
});

describe('the expected arrival as an instant', () => {
  it('is today, also up to an hour past, and otherwise tomorrow', () => {
    expect(etaInstant(dk(2026, 3, 12, 13, 50), '14:20')).toEqual(dk(2026, 3, 12, 14, 20));
    expect(etaInstant(dk(2026, 3, 12, 15, 10), '14:20')).toEqual(dk(2026, 3, 12, 14, 20));
    expect(etaInstant(dk(2026, 3, 12, 15, 21), '14:20')).toEqual(dk(2026, 3, 13, 14, 20));
    expect(etaInstant(dk(2026, 3, 12, 23, 40), '00:15')).toEqual(dk(2026, 3, 13, 0, 15));
  });

  it('crosses the change to summer time on the Danish clock', () => {
    // 29 March 2026: clocks go from 02:00 to 03:00.
    expect(etaInstant(dk(2026, 3, 28, 23, 30), '08:00')).toEqual(dk(2026, 3, 29, 8, 0));
  });
});
