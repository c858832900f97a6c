import { describe, expect, it } from 'vitest';
import {
  addBusinessHours,
  addWeekdayHours,
  danishHolidays,
  easterSunday,
  isWorkingDay,
} from './business-hours.ts';
import { firstResponseDue, answeredInTime } from './first-response.ts';
import { zonedTime } from './zoned-time.ts';

/** Copenhagen wall-clock time as an instant. */
const cph = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  zonedTime(year, month, day, hour, minute);

describe('easterSunday', () => {
  it('finds Easter Sunday in known years, the earliest and latest possible dates included', () => {
    expect(easterSunday(2019)).toEqual({ month: 4, day: 21 });
    expect(easterSunday(2024)).toEqual({ month: 3, day: 31 });
    expect(easterSunday(2025)).toEqual({ month: 4, day: 20 });
    expect(easterSunday(2026)).toEqual({ month: 4, day: 5 });
    expect(easterSunday(2027)).toEqual({ month: 3, day: 28 });
    expect(easterSunday(2038)).toEqual({ month: 4, day: 25 });
    expect(easterSunday(2285)).toEqual({ month: 3, day: 22 });
  });
});

describe('danishHolidays', () => {
  it('lists the public holidays of 2026 and nothing else', () => {
    expect([...danishHolidays(2026).keys()]).toEqual([
      '2026-01-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-05',
      '2026-04-06',
      '2026-05-14',
      '2026-05-24',
      '2026-05-25',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('has store bededag until 2023 and not from 2024', () => {
    expect(danishHolidays(2023).get('2023-05-05')).toBe('Store bededag');
    expect(isWorkingDay(2023, 5, 5)).toBe(false);
    expect(isWorkingDay(2024, 4, 26)).toBe(true);
    expect([...danishHolidays(2024).values()]).not.toContain('Store bededag');
  });

  it('counts grundlovsdag, juleaftensdag and nytårsaftensdag as working days', () => {
    expect(isWorkingDay(2026, 6, 5)).toBe(true);
    expect(isWorkingDay(2026, 12, 24)).toBe(true);
    expect(isWorkingDay(2026, 12, 31)).toBe(true);
  });
});

describe('addWeekdayHours', () => {
  it('answers a Friday 16:00 report by Monday 16:00', () => {
    expect(addWeekdayHours(cph(2026, 11, 20, 16), 24)).toEqual(cph(2026, 11, 23, 16));
  });

  it('answers a weekday report at the same clock time the next day, seconds kept', () => {
    const start = new Date(cph(2026, 11, 24, 9, 30).getTime() + 15_500);
    expect(addWeekdayHours(start, 24)).toEqual(new Date(cph(2026, 11, 25, 9, 30).getTime() + 15_500));
  });

  it('skips Easter: the Wednesday before at 10:00 is due the Tuesday after 2. påskedag at 10:00', () => {
    // Summer time starts on Easter Sunday 2027: 09:00 UTC in, 08:00 UTC out.
    const due = addWeekdayHours(cph(2027, 3, 24, 10), 24);
    expect(due).toEqual(cph(2027, 3, 30, 10));
    expect(due.toISOString()).toBe('2027-03-30T08:00:00.000Z');
  });

  it('keeps the clock time across the change to summer time and back', () => {
    expect(addWeekdayHours(cph(2026, 3, 27, 16), 24).toISOString()).toBe('2026-03-30T14:00:00.000Z');
    expect(addWeekdayHours(cph(2026, 10, 23, 16), 24).toISOString()).toBe('2026-10-26T15:00:00.000Z');
  });

  it('starts counting a weekend arrival at the next working day, so it is due at that day’s end', () => {
    expect(addWeekdayHours(cph(2026, 11, 21, 10), 24)).toEqual(cph(2026, 11, 24, 0));
    expect(addWeekdayHours(cph(2026, 11, 22, 23, 59), 24)).toEqual(cph(2026, 11, 24, 0));
    // Who wrote first is never due later: Friday 23:00 before Saturday 01:00.
    expect(addWeekdayHours(cph(2026, 11, 20, 23), 24).getTime()).toBeLessThan(
      addWeekdayHours(cph(2026, 11, 21, 1), 24).getTime(),
    );
  });

  it('skips holidays on weekdays: Kristi himmelfart, pinse, jul, nytår, store bededag 2023', () => {
    expect(addWeekdayHours(cph(2026, 5, 13, 12), 24)).toEqual(cph(2026, 5, 15, 12));
    expect(addWeekdayHours(cph(2026, 5, 22, 12), 24)).toEqual(cph(2026, 5, 26, 12));
    expect(addWeekdayHours(cph(2026, 12, 24, 12), 24)).toEqual(cph(2026, 12, 28, 12));
    expect(addWeekdayHours(cph(2026, 12, 31, 12), 24)).toEqual(cph(2027, 1, 4, 12));
    expect(addWeekdayHours(cph(2023, 5, 4, 9), 24)).toEqual(cph(2023, 5, 8, 9));
    expect(addWeekdayHours(cph(2024, 4, 25, 9), 24)).toEqual(cph(2024, 4, 26, 9));
  });

  it('starts a report sent on langfredag after Easter, at the end of the Tuesday', () => {
    expect(addWeekdayHours(cph(2027, 3, 26, 12), 24)).toEqual(cph(2027, 3, 31, 0));
  });

  it('refuses a negative or impossible number of hours', () => {
    expect(() => addWeekdayHours(new Date(), -1)).toThrow(RangeError);
    expect(() => addWeekdayHours(new Date(), Number.NaN)).toThrow(RangeError);
  });
});

describe('addBusinessHours', () => {
  // Four opening hours from each arrival.
  it.each([
    [
      'counts only the opening hours: Friday 15:00 is due Monday 10:00',
      cph(2026, 11, 20, 15),
      cph(2026, 11, 23, 10),
    ],
    ['ends at closing rather than the next opening', cph(2026, 11, 24, 13), cph(2026, 11, 24, 17)],
    ['starts an evening arrival at the next opening', cph(2026, 11, 24, 19, 45), cph(2026, 11, 25, 12)],
    ['starts a night arrival at the next opening', cph(2026, 11, 25, 3), cph(2026, 11, 25, 12)],
    ['starts an early arrival at the next opening', cph(2026, 11, 25, 7, 59), cph(2026, 11, 25, 12)],
    ['starts an arrival at closing at the next opening', cph(2026, 11, 24, 17), cph(2026, 11, 25, 12)],
    ['starts a Saturday arrival on Monday morning', cph(2026, 11, 21, 10), cph(2026, 11, 23, 12)],
    ['starts a Sunday night arrival on Monday morning', cph(2026, 11, 22, 23, 59), cph(2026, 11, 23, 12)],
    ['runs juleaften afternoon on to the 28th', cph(2026, 12, 24, 16), cph(2026, 12, 28, 11)],
    ['runs the Wednesday before Easter on to the Tuesday after', cph(2027, 3, 24, 16), cph(2027, 3, 30, 11)],
  ])('%s', (_what, arrival, due) => {
    expect(addBusinessHours(arrival, 4)).toEqual(due);
  });

  it('counts within one day with the seconds kept', () => {
    const start = new Date(cph(2026, 11, 24, 9, 30).getTime() + 15_500);
    expect(addBusinessHours(start, 4)).toEqual(new Date(cph(2026, 11, 24, 13, 30).getTime() + 15_500));
  });

  it('keeps the opening hours across the change to summer time and back', () => {
    expect(addBusinessHours(cph(2026, 3, 27, 16), 4).toISOString()).toBe('2026-03-30T09:00:00.000Z');
    expect(addBusinessHours(cph(2026, 10, 23, 16), 4).toISOString()).toBe('2026-10-26T10:00:00.000Z');
  });

  it('refuses a negative or impossible number of hours', () => {
    expect(() => addBusinessHours(new Date(), -1)).toThrow(RangeError);
    expect(() => addBusinessHours(new Date(), Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('firstResponseDue', () => {
  const arrived = cph(2026, 11, 20, 16);
  const emergency = { kind: 'akut-skade', pagesOnCall: true } as const;

  it('gives an emergency 15 minutes, or the wait it was told in surge mode', () => {
    expect(firstResponseDue(emergency, arrived)).toEqual(cph(2026, 11, 20, 16, 15));
    expect(firstResponseDue({ ...emergency, announcedCallbackMinutes: 15 }, arrived)).toEqual(
      cph(2026, 11, 20, 16, 15),
    );
    expect(firstResponseDue({ ...emergency, announcedCallbackMinutes: 90 }, arrived)).toEqual(
      cph(2026, 11, 20, 17, 30),
    );
  });

  it('gives a damage report and a contact 24 weekday hours, a resource request nothing', () => {
    expect(firstResponseDue({ kind: 'anmeldelse', pagesOnCall: false }, arrived)).toEqual(
      cph(2026, 11, 23, 16),
    );
    expect(firstResponseDue({ kind: 'kontakt', pagesOnCall: false }, arrived)).toEqual(cph(2026, 11, 23, 16));
    expect(firstResponseDue({ kind: 'ressource', pagesOnCall: false }, arrived)).toBeNull();
  });

  it('counts an answer at the deadline as in time and a missing one as late', () => {
    const due = cph(2026, 11, 23, 16);
    expect(answeredInTime(due, due)).toBe(true);
    expect(answeredInTime(due, new Date(due.getTime() + 1))).toBe(false);
    expect(answeredInTime(due, null)).toBe(false);
  });
});
