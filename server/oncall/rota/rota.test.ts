import { describe, expect, it } from 'vitest';
import { handoverAfter, onCallAt, type RotaChain, type RotaOverride } from './rota.ts';
import { localParts, zonedTime } from '../../../domain/zoned-time.ts';

// Monday 08:00 handovers; the chain begins on Wednesday 2026-03-18 at noon (Copenhagen).
const chain: RotaChain = {
  effectiveFrom: zonedTime(2026, 3, 18, 12),
  memberIds: ['anna', 'bo', 'carl'],
  handoverWeekday: 0,
  handoverHour: 8,
};

describe('zoned time', () => {
  it('finds Copenhagen wall-clock instants on both sides of a daylight-saving change', () => {
    expect(zonedTime(2026, 3, 23, 8).toISOString()).toBe('2026-03-23T07:00:00.000Z'); // CET
    expect(zonedTime(2026, 3, 30, 8).toISOString()).toBe('2026-03-30T06:00:00.000Z'); // CEST
    expect(zonedTime(2026, 10, 26, 8).toISOString()).toBe('2026-10-26T07:00:00.000Z');
    expect(localParts(new Date('2026-03-29T01:30:00Z'))).toMatchObject({ hour: 3, minute: 30, weekday: 6 });
  });
});

describe('who is on call', () => {
  it('is the chain as set until the first handover', () => {
    const now = onCallAt([chain], [], zonedTime(2026, 3, 20, 3));
    expect(now.order).toEqual(['anna', 'bo', 'carl']);
    expect(now.onCall).toBe('anna');
    expect(now.next).toBe('bo');
    expect(now.nextHandover?.toISOString()).toBe('2026-03-23T07:00:00.000Z');
  });

  it('turns by one at each handover, at 08:00 local time across the change to summer time', () => {
    // The clocks go forward on Sunday 29 March: the handover a day later is 06:00 UTC, not 07:00.
    const justBefore = new Date('2026-03-30T05:59:59Z');
    const justAfter = new Date('2026-03-30T06:00:00Z');
    expect(onCallAt([chain], [], justBefore).order).toEqual(['bo', 'carl', 'anna']);
    expect(onCallAt([chain], [], justAfter).order).toEqual(['carl', 'anna', 'bo']);
    expect(handoverAfter(chain, new Date('2026-03-27T12:00:00Z')).toISOString()).toBe(
      '2026-03-30T06:00:00.000Z',
    );
    expect(onCallAt([chain], [], zonedTime(2026, 4, 6, 8)).order).toEqual(['anna', 'bo', 'carl']);
  });

  it('keeps 08:00 local time at the change back to winter time', () => {
    const autumn: RotaChain = { ...chain, effectiveFrom: zonedTime(2026, 10, 21, 12) };
    expect(handoverAfter(autumn, autumn.effectiveFrom).toISOString()).toBe('2026-10-26T07:00:00.000Z');
    expect(onCallAt([autumn], [], new Date('2026-10-26T06:59:00Z')).onCall).toBe('anna');
    expect(onCallAt([autumn], [], new Date('2026-10-26T07:00:00Z')).onCall).toBe('bo');
  });

  it('puts a person covering a range first, across the handover, and back after it', () => {
    // Dina covers Friday 16:00 to Tuesday 08:00, across Monday's handover.
    const cover: RotaOverride = {
      userId: 'dina',
      startsAt: zonedTime(2026, 3, 20, 16),
      endsAt: zonedTime(2026, 3, 24, 8),
      createdAt: new Date('2026-03-01T00:00:00Z'),
    };
    expect(onCallAt([chain], [cover], zonedTime(2026, 3, 20, 15, 59)).onCall).toBe('anna');
    const friday = onCallAt([chain], [cover], zonedTime(2026, 3, 20, 16));
    expect(friday.order).toEqual(['dina', 'anna', 'bo', 'carl']);
    expect(friday.next).toBe('anna');
    expect(friday.override).toBe(cover);
    expect(onCallAt([chain], [cover], zonedTime(2026, 3, 23, 9)).order).toEqual([
      'dina',
      'bo',
      'carl',
      'anna',
    ]);
    expect(onCallAt([chain], [cover], zonedTime(2026, 3, 24, 8)).order).toEqual(['bo', 'carl', 'anna']);
  });

  it('moves a member who covers to the front instead of paging them twice', () => {
    const cover: RotaOverride = {
      userId: 'carl',
      startsAt: zonedTime(2026, 3, 18, 0),
      endsAt: zonedTime(2026, 3, 19, 0),
      createdAt: new Date(),
    };
    expect(onCallAt([chain], [cover], zonedTime(2026, 3, 18, 13)).order).toEqual(['carl', 'anna', 'bo']);
  });

  it('uses the latest chain in force and nobody before the first', () => {
    const later: RotaChain = {
      ...chain,
      effectiveFrom: zonedTime(2026, 3, 25, 12),
      memberIds: ['bo', 'anna'],
    };
    expect(onCallAt([chain, later], [], zonedTime(2026, 3, 25, 13)).order).toEqual(['bo', 'anna']);
    expect(onCallAt([chain, later], [], zonedTime(2026, 3, 24, 13)).order).toEqual(['bo', 'carl', 'anna']);
    const none = onCallAt([chain], [], zonedTime(2026, 3, 1, 0));
    expect(none).toMatchObject({ order: [], onCall: null, next: null, nextHandover: null });
  });
});
