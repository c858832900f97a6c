import { describe, expect, it } from 'vitest';
import { zonedTime } from '../../../../domain/zoned-time';
import { deadlineWhen, leadDeadline } from './lead-deadline';

/** Tuesday 24 November 2026 in Copenhagen. */
const tuesday = (hour: number, minute = 0) => zonedTime(2026, 11, 24, hour, minute);
const open = (due: Date | null, answered: Date | null = null, status: 'new' | 'done' = 'new') => ({
  status,
  firstResponseDueAt: due?.toISOString() ?? null,
  firstResponseAt: answered?.toISOString() ?? null,
});

describe('deadlineWhen', () => {
  it('says the clock alone today, the weekday within a week, the date further away', () => {
    const now = tuesday(9);
    expect(deadlineWhen(tuesday(14, 20), now)).toBe('14:20');
    expect(deadlineWhen(zonedTime(2026, 11, 30, 16), now)).toBe('man. 16:00');
    expect(deadlineWhen(zonedTime(2026, 11, 23, 16), now)).toBe('man. 16:00');
    expect(deadlineWhen(zonedTime(2026, 12, 8, 10, 5), now)).toBe('8.12. 10:05');
  });

  it('shows a deadline at midnight as the end of the day before', () => {
    expect(deadlineWhen(zonedTime(2026, 11, 25, 0), tuesday(9))).toBe('24:00');
    expect(deadlineWhen(zonedTime(2026, 11, 24, 0), zonedTime(2026, 11, 22, 12))).toBe('man. 24:00');
  });
});

describe('leadDeadline', () => {
  const now = tuesday(14, 30);

  it('gives an open unanswered lead its deadline, overdue once passed', () => {
    expect(leadDeadline(open(tuesday(16)), now)).toMatchObject({ state: 'due', text: 'svar inden 16:00' });
    expect(leadDeadline(open(tuesday(14, 20)), now)).toMatchObject({
      state: 'overdue',
      text: 'Frist overskredet 14:20',
    });
  });

  it('says "Besvaret" once answered and nothing without a deadline or for a lead closed unanswered', () => {
    expect(leadDeadline(open(tuesday(14, 20), tuesday(14)), now)).toEqual({
      state: 'answered',
      text: 'Besvaret',
    });
    expect(leadDeadline(open(null), now)).toBeNull();
    expect(leadDeadline(open(tuesday(10), null, 'done'), now)).toBeNull();
  });
});
