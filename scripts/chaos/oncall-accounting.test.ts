import { describe, expect, it } from 'vitest';
import {
  escalationProblems,
  nearestRank,
  pageLatencies,
  pagedReference,
  smsDuplicates,
} from './oncall-accounting.mjs';

describe('extra SMS copies after kills', () => {
  // Kills at 1000 and 5000.
  const killTimes = [1000, 5000];

  it('explains one copy per kill that came after the copy before it', () => {
    const result = smsDuplicates({
      received: [
        { userref: 'a', at: 990 },
        { userref: 'a', at: 3100 },
        { userref: 'b', at: 4000 },
        { userref: 'c', at: 200 },
      ],
      killTimes,
    });
    expect(result).toMatchObject({ duplicates: 1, unexplained: 0, maxPerKill: 1, overPerKill: 0 });
    expect([...result.byKill]).toEqual([[0, 1]]);
  });

  it('does not explain a copy with no kill between the two', () => {
    const result = smsDuplicates({
      received: [
        { userref: 'a', at: 1100 },
        { userref: 'a', at: 1200 },
      ],
      killTimes,
    });
    expect(result).toMatchObject({ duplicates: 1, unexplained: 1 });
  });

  it('counts copies at one kill past what the worker sends at once', () => {
    const input = {
      received: [
        { userref: 'a', at: 900 },
        { userref: 'b', at: 950 },
        { userref: 'a', at: 2000 },
        { userref: 'b', at: 2100 },
      ],
      killTimes,
    };
    expect(smsDuplicates(input)).toMatchObject({
      duplicates: 2,
      unexplained: 0,
      maxPerKill: 2,
      overPerKill: 1,
    });
    expect(smsDuplicates({ ...input, perKill: 20 })).toMatchObject({ overPerKill: 0 });
  });
});

describe('page latency', () => {
  it('reads the reference of a page and of the last step', () => {
    expect(pagedReference('AKUT SK-7F3K2Q: Vandskade\n…')).toBe('SK-7F3K2Q');
    expect(pagedReference('AKUT (ingen har svaret) SK-7F3K2Q: Vandskade')).toBe('SK-7F3K2Q');
    expect(pagedReference('SK-7F3K2Q er taget af Anna Holm.')).toBeUndefined();
  });

  it('measures from the 201 to the first page and names the emergencies never paged', () => {
    expect(
      pageLatencies({
        emergencies: [
          { reference: 'SK-AAAAAA', ackAt: 1000 },
          { reference: 'SK-BBBBBB', ackAt: 2000 },
          { reference: 'SK-CCCCCC', ackAt: 3000 },
        ],
        received: [
          { text: 'AKUT (ingen har svaret) SK-AAAAAA: x', at: 9000 },
          { text: 'AKUT SK-AAAAAA: x', at: 1150 },
          { text: 'AKUT SK-BBBBBB: x', at: 1990 },
        ],
      }),
    ).toEqual({ latencies: [150, 0], unpaged: ['SK-CCCCCC'] });
  });

  it('takes the nearest rank', () => {
    expect(nearestRank([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(nearestRank([5, 1, 4, 2, 3], 0.99)).toBe(5);
    expect(nearestRank([], 0.5)).toBeNaN();
  });
});

describe('escalations after kills', () => {
  const receivedAt = new Map([
    ['s0', 1000],
    ['s1', 11500],
    ['s2a', 21000],
    ['s2b', 21000],
    ['t0', 1000],
  ]);
  const exhaustedSms = [
    { id: 's0', reference: 'SK-A', purpose: 'page', step: 0, status: 'sent' },
    { id: 's1', reference: 'SK-A', purpose: 'page', step: 1, status: 'sent' },
    { id: 's2a', reference: 'SK-A', purpose: 'page', step: 2, status: 'sent' },
    { id: 's2b', reference: 'SK-A', purpose: 'page', step: 2, status: 'sent' },
  ];

  it('accepts an escalation that ran every step and measures how late each step was', () => {
    const result = escalationProblems({
      pages: [
        { reference: 'SK-A', status: 'exhausted', step: 3, chainLength: 2 },
        { reference: 'SK-B', status: 'acknowledged', step: 1, chainLength: 2 },
      ],
      sms: [...exhaustedSms, { id: 't0', reference: 'SK-B', purpose: 'page', step: 0, status: 'sent' }],
      receivedAt,
      escalateMs: 10_000,
    });
    expect(result).toEqual({ problems: [], lateness: [500, 0], acknowledged: 1, exhausted: 1 });
  });

  it('reports an escalation left pending, a missing step and an SMS that never arrived', () => {
    const result = escalationProblems({
      pages: [
        { reference: 'SK-A', status: 'exhausted', step: 3, chainLength: 2 },
        { reference: 'SK-C', status: 'pending', step: 1, chainLength: 2 },
      ],
      sms: [
        ...exhaustedSms.filter((row) => row.step !== 1),
        { id: 'lost', reference: 'SK-C', purpose: 'page', step: 0, status: 'sent' },
        { id: 'stuck', reference: 'SK-C', purpose: 'page', step: 1, status: 'pending' },
      ],
      receivedAt,
      escalateMs: 10_000,
    });
    expect(result.problems).toEqual([
      'SK-A: step 1 never reached the gateway',
      'SK-C: SMS lost marked sent but never reached the gateway',
      'SK-C: SMS stuck (page, step 1) still pending',
      'SK-C: escalation stopped at step 1 (pending)',
    ]);
  });
});
