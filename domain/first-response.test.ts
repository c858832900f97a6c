import { describe, expect, it } from 'vitest';
import { announcedCallDue, firstResponseDue } from './first-response.ts';
import { zonedTime } from './zoned-time.ts';

describe("the time an assignment's policyholder is told we call", () => {
  // Monday 10.00 in Denmark: 4 business hours later is Monday 14.00.
  const monday = zonedTime(2026, 11, 30, 10, 0);
  const mondayAfternoon = zonedTime(2026, 11, 30, 14, 0);
  const assignment = { kind: 'rekvisition', pagesOnCall: false } as const;

  it('is the insurer’s business hours, 4 by default, also in surge mode while the emergencies wait less', () => {
    expect(firstResponseDue(assignment, monday)).toEqual(mondayAfternoon);
    expect(announcedCallDue(assignment, monday, { mode: 'normal', expectedCallbackMinutes: 15 })).toEqual(
      mondayAfternoon,
    );
    expect(announcedCallDue(assignment, monday, { mode: 'travlt', expectedCallbackMinutes: 180 })).toEqual(
      mondayAfternoon,
    );
  });

  it('follows the insurer’s own rule: 8 business hours from Monday 10.00 is Tuesday 09.00', () => {
    expect(firstResponseDue({ ...assignment, insurerResponseHours: 8 }, monday)).toEqual(
      zonedTime(2026, 12, 1, 9, 0),
    );
  });

  it('is the emergencies’ expected wait in surge mode when that is later, as their calls come first', () => {
    const wait = { mode: 'travlt', expectedCallbackMinutes: 6 * 60 } as const;
    expect(announcedCallDue(assignment, monday, wait)).toEqual(zonedTime(2026, 11, 30, 16, 0));
    // A kind that tells no time keeps its deadline.
    expect(announcedCallDue({ kind: 'anmeldelse', pagesOnCall: false }, monday, wait)).toEqual(
      zonedTime(2026, 12, 1, 10, 0),
    );
  });

  it('is the callback time of an urgent assignment, which pages the on-call staff', () => {
    expect(firstResponseDue({ ...assignment, pagesOnCall: true }, monday)).toEqual(
      zonedTime(2026, 11, 30, 10, 15),
    );
    expect(
      firstResponseDue({ ...assignment, pagesOnCall: true, announcedCallbackMinutes: 90 }, monday),
    ).toEqual(zonedTime(2026, 11, 30, 11, 30));
  });
});
