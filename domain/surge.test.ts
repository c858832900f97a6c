import { describe, expect, it } from 'vitest';
import {
  announcedCallbackText,
  callbackPromiseOf,
  criticalCallbackOf,
  expectedCallbackMinutes,
  publicWaitMinutes,
  surgeNotice,
  waitInWords,
} from './surge.ts';

describe('expectedCallbackMinutes', () => {
  it('never promises less than 15 minutes', () => {
    expect(expectedCallbackMinutes({ waiting: 0, handlingMinutes: 10, people: 1 })).toBe(15);
    expect(expectedCallbackMinutes({ waiting: 1, handlingMinutes: 10, people: 1 })).toBe(15);
  });

  it('shares the waiting emergencies among the people who can be paged, rounding up', () => {
    expect(expectedCallbackMinutes({ waiting: 12, handlingMinutes: 10, people: 1 })).toBe(120);
    expect(expectedCallbackMinutes({ waiting: 12, handlingMinutes: 10, people: 3 })).toBe(40);
    expect(expectedCallbackMinutes({ waiting: 7, handlingMinutes: 10, people: 3 })).toBe(24); // 23.3 → 24
    expect(expectedCallbackMinutes({ waiting: 2, handlingMinutes: 10, people: 1 })).toBe(20);
  });

  it('counts at least one person when nobody can be paged', () => {
    expect(expectedCallbackMinutes({ waiting: 3, handlingMinutes: 10, people: 0 })).toBe(30);
  });
});

describe('callbackPromiseOf', () => {
  it('is normal at 15 minutes and in surge above', () => {
    expect(callbackPromiseOf({ waiting: 1, handlingMinutes: 10, people: 1, manual: false })).toEqual({
      mode: 'normal',
      expectedCallbackMinutes: 15,
    });
    expect(callbackPromiseOf({ waiting: 2, handlingMinutes: 10, people: 1, manual: false })).toEqual({
      mode: 'travlt',
      expectedCallbackMinutes: 30,
    });
  });

  it('says the same step while the queue grows within it, and not the count behind it', () => {
    const minutes = [2, 3, 4, 5, 6, 7, 8, 13, 14, 19, 20].map(
      (waiting) =>
        callbackPromiseOf({ waiting, handlingMinutes: 10, people: 1, manual: false }).expectedCallbackMinutes,
    );
    expect(minutes).toEqual([30, 30, 45, 60, 60, 90, 90, 180, 180, 240, 240]);
  });

  it('switched on by hand promises the computed time but never less than an hour', () => {
    expect(callbackPromiseOf({ waiting: 0, handlingMinutes: 10, people: 1, manual: true })).toEqual({
      mode: 'travlt',
      expectedCallbackMinutes: 60,
    });
    expect(callbackPromiseOf({ waiting: 9, handlingMinutes: 10, people: 1, manual: true })).toEqual({
      mode: 'travlt',
      expectedCallbackMinutes: 90,
    });
  });
});

describe('publicWaitMinutes', () => {
  it.each([
    [1, 15],
    [15, 15],
    [16, 30],
    [30, 30],
    [31, 45],
    [46, 60],
    [61, 90],
    [91, 120],
    [121, 180],
    [180, 180],
    [181, 240],
    [330, 360],
  ])('%i minutes are told as %i', (minutes, step) => {
    expect(publicWaitMinutes(minutes)).toBe(step);
  });
});

describe('waitInWords', () => {
  it.each([
    [16, 'ca. 30 minutter'],
    [30, 'ca. 30 minutter'],
    [40, 'ca. 45 minutter'],
    [56, 'ca. 1 time'],
    [60, 'ca. 1 time'],
    [61, 'ca. 1½ time'],
    [90, 'ca. 1½ time'],
    [91, 'ca. 2 timer'],
    [120, 'ca. 2 timer'],
    [150, 'ca. 3 timer'],
    [330, 'ca. 6 timer'],
  ])('%i minutes read "%s"', (minutes, words) => {
    expect(waitInWords(minutes)).toBe(words);
  });
});

describe('the texts', () => {
  it('the notice names the wait and 112', () => {
    expect(surgeNotice(120)).toBe(
      'Vi har mange akutte henvendelser lige nu. Forventet ventetid på opkald: ca. 2 timer. Er der fare for personer, så ring 112.',
    );
  });

  it('the callback sentence keeps the 15-minute promise outside surge', () => {
    expect(announcedCallbackText({ minutes: 15, inSurge: false, critical: false }, '12 34 56 78')).toBe(
      'Vi ringer til dig inden for 15 minutter på 12 34 56 78.',
    );
  });

  it('in surge names the expected wait', () => {
    expect(announcedCallbackText({ minutes: 90, inSurge: true, critical: false })).toBe(
      'Vi har mange akutte henvendelser lige nu. Vi ringer til dig, forventet ventetid: ca. 1½ time.',
    );
  });

  it('tells a danger to people that it is first in line', () => {
    expect(announcedCallbackText({ minutes: 15, inSurge: true, critical: true })).toBe(
      'Du er forrest i køen, fordi der er fare for personer. Vi ringer til dig inden for 15 minutter.',
    );
  });
});

describe('criticalCallbackOf', () => {
  it('first in line, with 15 minutes, only when no other danger to people waits', () => {
    expect(criticalCallbackOf({ ahead: 0, handlingMinutes: 10, people: 3 })).toEqual({
      minutes: 15,
      firstInLine: true,
    });
    expect(criticalCallbackOf({ ahead: 1, handlingMinutes: 10, people: 3 })).toEqual({
      minutes: 15,
      firstInLine: false,
    });
  });

  it('shares the dangers to people ahead among the people, in the public steps', () => {
    // 9 ahead, 3 people, 10 minutes a call: 30 minutes, not 15.
    expect(criticalCallbackOf({ ahead: 9, handlingMinutes: 10, people: 3 })).toEqual({
      minutes: 30,
      firstInLine: false,
    });
    expect(criticalCallbackOf({ ahead: 9, handlingMinutes: 10, people: 1 }).minutes).toBe(90);
  });

  it('a danger to people behind others is told an expected wait, not a promise or "forrest"', () => {
    expect(announcedCallbackText({ minutes: 30, inSurge: true, critical: false })).toBe(
      'Vi har mange akutte henvendelser lige nu. Vi ringer til dig, forventet ventetid: ca. 30 minutter.',
    );
    expect(announcedCallbackText({ minutes: 15, inSurge: true, critical: false })).toBe(
      'Vi ringer til dig inden for 15 minutter.',
    );
  });
});
