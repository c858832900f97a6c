import { describe, expect, it } from 'vitest';
import {
  escalationProblems,
  isLastStepSms,
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
  it('reads the reference of a single page and of its last step, none of a digest', () => {
    expect(pagedReference('AKUT KRITISK SK-7F3K2Q: Vandskade\n…')).toBe('SK-7F3K2Q');
    expect(pagedReference('AKUT HØJ SK-7F3K2Q: Vandskade\n…')).toBe('SK-7F3K2Q');
    expect(pagedReference('AKUT NORMAL (ingen har svaret) SK-7F3K2Q: Vandskade')).toBe('SK-7F3K2Q');
    expect(pagedReference('AKUT: 14 nye - 3 kritiske. Ældste 6 min. Se listen: x')).toBeUndefined();
    expect(pagedReference('SK-7F3K2Q er taget af Anna Holm.')).toBeUndefined();
  });

  it('tells the last step of a single page and of a digest from the others', () => {
    expect(isLastStepSms('AKUT HØJ (ingen har svaret) SK-7F3K2Q: Vandskade')).toBe(true);
    expect(isLastStepSms('AKUT (ingen har svaret): 3 nye - 0 kritiske. Ældste 2 min.')).toBe(true);
    expect(isLastStepSms('AKUT: 3 nye - 0 kritiske. Ældste 2 min.')).toBe(false);
    expect(isLastStepSms('AKUT KRITISK SK-7F3K2Q: Vandskade')).toBe(false);
  });

  it('measures from the 201 to the first SMS that carried it, a digest included', () => {
    expect(
      pageLatencies({
        emergencies: [
          { reference: 'SK-AAAAAA', ackAt: 1000 },
          { reference: 'SK-BBBBBB', ackAt: 2000 },
          { reference: 'SK-CCCCCC', ackAt: 3000 },
          { reference: 'SK-DDDDDD', ackAt: 3000 },
          { reference: 'SK-EEEEEE', ackAt: 3000 },
        ],
        notices: [
          { reference: 'SK-AAAAAA', status: 'digest', smsId: 'late' },
          { reference: 'SK-AAAAAA', status: 'single', smsId: 'single' },
          { reference: 'SK-BBBBBB', status: 'digest', smsId: 'digest' },
          // Written, never at the gateway: not paged.
          { reference: 'SK-CCCCCC', status: 'digest', smsId: 'never-sent' },
          // Taken from a queue page before its own SMS: counted apart.
          { reference: 'SK-DDDDDD', status: 'dropped', smsId: null },
          // Dropped, but nobody took it from a queue page.
          { reference: 'SK-EEEEEE', status: 'dropped', smsId: null },
        ],
        receivedAt: new Map([
          ['late', 9000],
          ['single', 1150],
          ['digest', 1990],
        ]),
        takenFromQueue: new Set(['SK-DDDDDD', 'SK-EEEEEE']),
        acknowledgedPages: new Set(['SK-DDDDDD']),
      }),
    ).toEqual({ latencies: [150, 0], unpaged: ['SK-CCCCCC', 'SK-EEEEEE'], takenBeforeSms: ['SK-DDDDDD'] });
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
    ['d1', 11500],
    ['s2a', 21000],
    ['d2b', 75000],
    ['t0', 1000],
  ]);
  // SK-A: step 0 alone to Anna, step 1 in a digest to Bo, the last step to both (Bo's in a digest).
  const exhaustedNotices = [
    { reference: 'SK-A', step: 0, userId: 'anna', status: 'single', smsId: 's0' },
    { reference: 'SK-A', step: 1, userId: 'bo', status: 'digest', smsId: 'd1' },
    { reference: 'SK-A', step: 2, userId: 'anna', status: 'single', smsId: 's2a' },
    { reference: 'SK-A', step: 2, userId: 'bo', status: 'digest', smsId: 'd2b' },
  ];
  const sms = [
    { id: 's0', reference: 'SK-A', purpose: 'page', step: 0, status: 'sent' },
    { id: 'd1', reference: null, purpose: 'digest', step: 1, status: 'sent' },
    { id: 's2a', reference: 'SK-A', purpose: 'page', step: 2, status: 'sent' },
    { id: 'd2b', reference: null, purpose: 'digest', step: 2, status: 'sent' },
    { id: 't0', reference: 'SK-B', purpose: 'page', step: 0, status: 'sent' },
  ];

  it('accepts an escalation whose every notice reached the gateway and measures how late each step was', () => {
    const result = escalationProblems({
      pages: [
        { reference: 'SK-A', status: 'exhausted', step: 3, chainLength: 2 },
        { reference: 'SK-B', status: 'acknowledged', step: 1, chainLength: 2 },
      ],
      notices: [
        ...exhaustedNotices,
        { reference: 'SK-B', step: 0, userId: 'anna', status: 'single', smsId: 't0' },
        // Taken before Bo's slot: dropped at his dispatch, or still waiting for it.
        { reference: 'SK-B', step: 1, userId: 'bo', status: 'waiting', smsId: null },
      ],
      sms,
      receivedAt,
      escalateMs: 10_000,
    });
    expect(result).toEqual({ problems: [], lateness: [500, 0], acknowledged: 1, exhausted: 1 });
  });

  it('reports a step never carried, a step run twice, an escalation left pending and SMS that never arrived', () => {
    const result = escalationProblems({
      pages: [
        { reference: 'SK-A', status: 'exhausted', step: 3, chainLength: 2 },
        { reference: 'SK-C', status: 'pending', step: 1, chainLength: 2 },
      ],
      notices: [
        ...exhaustedNotices.filter((notice) => notice.smsId !== 'd2b'),
        { reference: 'SK-A', step: 2, userId: 'bo', status: 'waiting', smsId: null },
        { reference: 'SK-A', step: 0, userId: 'anna', status: 'single', smsId: 's0' },
        { reference: 'SK-C', step: 0, userId: 'anna', status: 'digest', smsId: 'lost' },
      ],
      sms: [
        ...sms.filter((row) => row.id !== 'd2b'),
        { id: 'lost', reference: null, purpose: 'digest', step: 0, status: 'sent' },
        { id: 'stuck', reference: null, purpose: 'digest', step: 1, status: 'pending' },
      ],
      receivedAt,
      escalateMs: 10_000,
    });
    expect(result.problems).toEqual([
      'digest: SMS lost marked sent but never reached the gateway',
      'digest: SMS stuck (digest, step 1) still pending',
      'SK-A: step 0 ran twice for one person',
      'SK-A: step 2 never reached a person (notice waiting)',
      'SK-C: escalation stopped at step 1 (pending)',
    ]);
  });
});
