import { describe, expect, it } from 'vitest';
import {
  caseDeadlines,
  caseRules,
  endOfBusinessDay,
  isOverdue,
  nextDeadline,
  reportDueAt,
} from './case-clocks.ts';
import type { MilestoneKind } from './milestones.ts';
import { zonedTime } from './zoned-time.ts';

const dk = (y: number, mo: number, d: number, h = 0, mi = 0) => zonedTime(y, mo, d, h, mi);
const rules = caseRules(null);

function facts(
  milestones: [MilestoneKind, Date][],
  extra: Partial<Parameters<typeof caseDeadlines>[0]> = {},
) {
  return {
    kind: 'akut-skade' as const,
    // As stored: an emergency pages, another kind here does not.
    pagesOnCall: (extra.kind ?? 'akut-skade') === 'akut-skade',
    calledBackAt: null,
    visitAt: null,
    milestones: milestones.map(([kind, at]) => ({ kind, at })),
    readingTimes: [],
    rules,
    ...extra,
  };
}

describe('the first report', () => {
  it('is due by the end of the next business day after the damage stop', () => {
    // Tuesday 1 December 2026, 15:05 → end of Wednesday 2 December.
    expect(reportDueAt(dk(2026, 12, 1, 15, 5), 'next-business-day')).toEqual(dk(2026, 12, 3));
  });

  it('skips the weekend and the Christmas holidays', () => {
    // Friday 4 December → Monday 7 December, ends at Tuesday 00:00.
    expect(reportDueAt(dk(2026, 12, 4, 22), 'next-business-day')).toEqual(dk(2026, 12, 8));
    // Thursday 24 December 2026 → Christmas Day and the Second Day (25, 26) and Sunday → Monday 28.
    expect(reportDueAt(dk(2026, 12, 24, 10), 'next-business-day')).toEqual(dk(2026, 12, 29));
  });

  it('counts a damage stop on a Sunday from Monday under the same-day rule', () => {
    expect(endOfBusinessDay(dk(2026, 12, 6, 3), 0)).toEqual(dk(2026, 12, 8));
    expect(reportDueAt(dk(2026, 12, 6, 3), 'second-business-day')).toEqual(dk(2026, 12, 10));
  });

  it('is met by the first report sent after the damage stop, and overdue when none was in time', () => {
    const stop = dk(2026, 12, 1, 15, 5);
    const late = dk(2026, 12, 3, 9);
    const [report] = caseDeadlines(
      facts([
        ['skadestop', stop],
        ['rapport-sendt', late],
      ]),
    );
    expect(report).toEqual({ kind: 'rapport-sendt', dueAt: dk(2026, 12, 3), metAt: late });
    expect(isOverdue(report!, late)).toBe(true);
    const [waiting] = caseDeadlines(facts([['skadestop', stop]]));
    expect(isOverdue(waiting!, dk(2026, 12, 2, 23))).toBe(false);
    expect(isOverdue(waiting!, dk(2026, 12, 3, 0, 1))).toBe(true);
  });
});

describe('on site', () => {
  it('runs for an emergency from the call-back, by the insurer’s hours', () => {
    const called = dk(2026, 12, 1, 20);
    expect(caseDeadlines(facts([]))).toEqual([]);
    expect(caseDeadlines(facts([], { calledBackAt: called }))).toEqual([
      { kind: 'paa-adressen', dueAt: dk(2026, 12, 2, 0), metAt: null },
    ]);
    const custom = caseRules({ onSiteHours: 2, reportRule: 'next-business-day' });
    expect(caseDeadlines(facts([], { calledBackAt: called, rules: custom }))[0]!.dueAt).toEqual(
      dk(2026, 12, 1, 22),
    );
  });

  it('is the agreed visit for a damage report', () => {
    const visit = dk(2026, 12, 2, 10);
    const arrived = dk(2026, 12, 2, 9, 50);
    expect(caseDeadlines(facts([['paa-adressen', arrived]], { kind: 'anmeldelse', visitAt: visit }))).toEqual(
      [{ kind: 'paa-adressen', dueAt: visit, metAt: arrived }],
    );
  });
});

describe('moisture while drying runs', () => {
  it('is due 7 days after the last reading, and stops with the drying', () => {
    const start = dk(2026, 12, 1, 12);
    const reading = dk(2026, 12, 5, 9);
    const running = caseDeadlines(facts([['affugtning-startet', start]], { readingTimes: [reading] }));
    expect(running).toEqual([{ kind: 'fugtmaaling', dueAt: dk(2026, 12, 12, 9), metAt: null }]);
    const ended = facts([
      ['affugtning-startet', start],
      ['affugtning-afsluttet', dk(2026, 12, 20)],
    ]);
    expect(caseDeadlines(ended)).toEqual([]);
  });

  it('shows the soonest open deadline next', () => {
    const deadlines = caseDeadlines(
      facts(
        [
          ['skadestop', dk(2026, 12, 1, 15)],
          ['affugtning-startet', dk(2026, 12, 1, 16)],
        ],
        {
          calledBackAt: dk(2026, 12, 1, 10),
        },
      ),
    );
    expect(nextDeadline(deadlines)?.kind).toBe('paa-adressen');
    expect(nextDeadline(deadlines.filter((d) => d.kind !== 'paa-adressen'))?.kind).toBe('rapport-sendt');
  });
});
