/**
 * The Beredskab figures count emergencies told a wait in surge mode apart, measured against what
 * each was told; the others keep the 15-minute measure.
 */
import { describe, expect, it } from 'vitest';
import { computeFigures, type EmergencyTimes } from './figures.ts';
import { surgeLine } from './figures-mail.ts';

const emergency = (callbackMinutes: number | null, surge?: number, ageMinutes?: number): EmergencyTimes => ({
  ackSeconds: 60,
  acknowledgedBy: 'u1',
  callbackSeconds: callbackMinutes === null ? null : callbackMinutes * 60,
  calledBackBy: callbackMinutes === null ? null : 'u1',
  assignedTo: null,
  ...(surge === undefined ? {} : { announcedInSurge: true, announcedMinutes: surge }),
  ...(ageMinutes === undefined ? {} : { ageSeconds: ageMinutes * 60 }),
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
      // Told 90 minutes, never called back, 2 hours ago: not within.
      emergency(null, 90, 120),
      // Told 3 hours, not called yet, 1 hour ago: still waiting, neither kept nor broken.
      emergency(null, 180, 60),
      emergency(null, 180, 61),
    ],
    new Map([['u1', 'Anna Holm']]),
  );

  it('keeps the 15-minute measure over the emergencies told the normal promise', () => {
    expect(figures.total).toMatchObject({ emergencies: 2, within: 1, withinShare: 0.5 });
    expect(figures.people[0]).toMatchObject({ name: 'Anna Holm', emergencies: 2, within: 1 });
  });

  it('measures the surge ones against their announced time', () => {
    expect(figures.surge).toEqual({
      emergencies: 5,
      announced: { count: 5, median: 120 * 60, p90: 180 * 60 },
      calledBack: { count: 2, median: 85 * 60, p90: 97 * 60 },
      within: 1,
      counted: 3,
      waiting: 2,
      withinShare: 1 / 3,
    });
  });

  it('puts them in the weekly e-mail, and nothing for a week without (or from before surge mode)', () => {
    expect(surgeLine(figures)).toBe(
      'Travlt: 5 akutte skader fik en længere ventetid at vide (median 120,0 min) og tælles ikke med ovenfor. Ringet op: 2 (median 85,0 min); inden for den meldte tid: 1 af 3 (33,3 %), 2 venter stadig inden for tiden.',
    );
    expect(surgeLine({})).toBeNull();
    expect(surgeLine(computeFigures([emergency(10)], new Map()))).toBeNull();
  });
});
