import { describe, expect, it } from 'vitest';
import { failuresOf, maxInWindow, smsPerPerson, toldAgainstTaken, waitsToPhone } from './figures.mjs';

describe('the storm figures', () => {
  it('counts the most SMS one person got within any hour and minute', () => {
    const minute = 60_000;
    // Minutes 10 to 65 hold eight of them.
    const received = [0, 10, 20, 30, 61, 62, 63, 64, 65, 3_700].map((m) => ({
      to: '+4560000001',
      at: m * minute,
    }));
    received.push({ to: '+4560000002', at: 0 });
    expect(maxInWindow([0, 59_999, 60_000], 60_000)).toBe(2);
    expect(
      smsPerPerson(received, [
        { name: 'Anna', phone: '+4560000001' },
        { name: 'Bo', phone: '+4560000002' },
      ]),
    ).toEqual([
      { name: 'Anna', total: 10, maxPerHour: 8, maxPerMinute: 1 },
      { name: 'Bo', total: 1, maxPerHour: 1, maxPerMinute: 1 },
    ]);
  });

  it('measures each emergency to its first sighting on a phone, repeats apart', () => {
    const sent = [
      { reference: 'SK-AAAAAA', acceptedAt: 1_000, sender: {} },
      { reference: 'SK-BBBBBB', acceptedAt: 2_000, sender: {} },
      { reference: 'SK-CCCCCC', acceptedAt: 3_000, sender: { duplicateOf: 0 } },
      { acceptedAt: undefined, sender: {} },
    ];
    const seen = new Map([
      ['SK-AAAAAA', { at: 4_000 }],
      ['SK-CCCCCC', { at: 3_500 }],
    ]);
    expect(waitsToPhone(sent, seen)).toEqual({
      waits: [3_000],
      never: ['SK-BBBBBB'],
      duplicates: 1,
      duplicatesShown: 1,
    });
  });

  it('compares the wait until taken, in evening minutes, with what the customer was told', () => {
    const sent = [
      { reference: 'SK-AAAAAA', acceptedAt: 0, told: { minutes: 30, answerMinutes: 20 } },
      { reference: 'SK-BBBBBB', acceptedAt: 0, told: { minutes: 30 } },
      { reference: 'SK-CCCCCC', acceptedAt: 0, told: {} },
    ];
    // A 5-minute run: 1 s is 12 evening seconds.
    const taken = new Map([
      ['SK-AAAAAA', { at: 150_000 }],
      ['SK-BBBBBB', { at: 100_000 }],
    ]);
    const result = toldAgainstTaken(sent, taken, { endedAt: 100_000, compression: 12 });
    expect(result.told).toEqual([20, 30, 15]);
    expect(result.taken).toEqual([30, 20]);
    expect(result.takenWithin).toBe(1);
    expect(result.open).toEqual([20]);
    expect(result.openPastTold).toBe(1);
  });

  it('fails on a lost lead or a 5xx always, and on SMS or waits only when bounded', () => {
    const calm = {
      lost: [],
      serverErrors: 0,
      perPerson: [{ name: 'Anna', maxPerHour: 200 }],
      waits: [90_000],
      never: ['SK-AAAAAA'],
    };
    expect(failuresOf(calm)).toEqual([]);
    expect(failuresOf({ ...calm, lost: ['SK-BBBBBB'] })).toHaveLength(1);
    expect(failuresOf({ ...calm, serverErrors: 2 })).toEqual(['2 answers with a 5xx status']);
    expect(failuresOf({ ...calm, maxSmsPerPersonHour: 60 })).toEqual([
      'Anna got 200 SMS within an hour (at most 60)',
    ]);
    expect(failuresOf({ ...calm, never: [], maxWaitSeconds: 120 })).toEqual([]);
    expect(failuresOf({ ...calm, maxWaitSeconds: 60 })).toHaveLength(2);
    // Someone on call never woken during a surge, when that is bounded.
    const asleep = { ...calm, perPerson: [...calm.perPerson, { name: 'Bo', maxPerHour: 0, total: 0 }] };
    expect(failuresOf({ ...asleep, inSurge: true })).toEqual([]);
    expect(failuresOf({ ...asleep, everyoneWoken: true, inSurge: false })).toEqual([]);
    expect(failuresOf({ ...asleep, everyoneWoken: true, inSurge: true })).toEqual([
      'Bo is on call and got no SMS during a surge',
    ]);
  });
});
