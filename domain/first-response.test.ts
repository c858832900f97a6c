import { describe, expect, it } from 'vitest';
import { announcedCallDue, firstResponseDue } from './first-response.ts';
import { zonedTime } from './zoned-time.ts';

describe("the time an assignment's policyholder is told we call", () => {
  // Monday 10.00 in Denmark: 24 weekday hours later is Tuesday 10.00.
  const monday = zonedTime(2026, 11, 30, 10, 0);
  const tuesday = zonedTime(2026, 12, 1, 10, 0);

  it('is the weekday deadline, also in surge mode while the emergencies wait less', () => {
    expect(firstResponseDue('rekvisition', monday)).toEqual(tuesday);
    expect(announcedCallDue('rekvisition', monday, { mode: 'normal', expectedCallbackMinutes: 15 })).toEqual(
      tuesday,
    );
    expect(announcedCallDue('rekvisition', monday, { mode: 'travlt', expectedCallbackMinutes: 310 })).toEqual(
      tuesday,
    );
  });

  it('is the emergencies’ expected wait in surge mode when that is later, as their calls come first', () => {
    const wait = { mode: 'travlt', expectedCallbackMinutes: 30 * 60 } as const;
    expect(announcedCallDue('rekvisition', monday, wait)).toEqual(zonedTime(2026, 12, 1, 16, 0));
    // A kind that tells no time keeps its deadline.
    expect(announcedCallDue('anmeldelse', monday, wait)).toEqual(tuesday);
  });
});
