/**
 * The Beredskab figures count emergencies told a wait in surge mode apart, measured against what
 * each was told; the others keep the 15-minute measure.
 */
import { describe, expect, it } from 'vitest';
import { computeFigures, type EmergencyTimes } from './figures.ts';
import { surgeLine } from './figures-mail.ts';

const emergency = (callbackMinutes: number | null, surge?: number): EmergencyTimes => ({
  ackSeconds: 60,
  acknowledgedBy: 'u1',
  callbackSeconds: callbackMinutes === null ? null : callbackMinutes * 60,
  calledBackBy: callbackMinutes === null ? null : 'u1',
  assignedTo: null,
  ...(surge === undefined ? {} : { announcedInSurge: true, announcedMinutes: surge }),
});

describe('figures in surge mode', () => {
  const figures = computeFigures(
    [
      emergency(10),
      emergency(20),
      // Told 2 hours and called after 100 minutes: within what it was told.
      emergency(100, 120),
      // Told 60 minutes, called after 70: not within.
      emergency(70, 60),
      // Told 90 minutes, never called back: not within.
      emergency(null, 90),
    ],
    new Map([['u1', 'Anna Holm']]),
  );

  it('keeps the 15-minute measure over the emergencies told the normal promise', () => {
    expect(figures.total).toMatchObject({ emergencies: 2, within: 1, withinShare: 0.5 });
    expect(figures.people[0]).toMatchObject({ name: 'Anna Holm', emergencies: 2, within: 1 });
  });

  it('measures the surge ones against their announced time', () => {
    expect(figures.surge).toEqual({
      emergencies: 3,
      announced: { count: 3, median: 90 * 60, p90: 114 * 60 },
      calledBack: { count: 2, median: 85 * 60, p90: 97 * 60 },
      within: 1,
      withinShare: 1 / 3,
    });
  });

  it('puts them in the weekly e-mail, and nothing for a week without (or from before surge mode)', () => {
    expect(surgeLine(figures)).toBe(
      'Travlt: 3 akutte skader fik en længere ventetid at vide (median 90,0 min) og tælles ikke med ovenfor. Ringet op: 2 (median 85,0 min); inden for den meldte tid: 1 (33,3 %).',
    );
    expect(surgeLine({})).toBeNull();
    expect(surgeLine(computeFigures([emergency(10)], new Map()))).toBeNull();
  });
});
