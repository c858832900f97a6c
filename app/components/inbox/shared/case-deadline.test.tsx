import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { zonedTime } from '../../../../domain/zoned-time';
import { CaseDeadline } from './case-deadline';

afterEach(cleanup);

// Monday 30 November 2026, 10:00 in Copenhagen.
const now = zonedTime(2026, 11, 30, 10);

describe('a list row’s next case deadline', () => {
  it('says a report due by the end of today with its time, not in red', () => {
    const dueAt = zonedTime(2026, 12, 1).toISOString();
    render(<CaseDeadline lead={{ nextDeadline: { kind: 'rapport-sendt', dueAt, metAt: null } }} now={now} />);
    const line = screen.getByText('Rapport inden 24:00');
    expect(line.closest('[data-case-deadline]')!.getAttribute('data-case-deadline')).toBe('due');
  });

  it('says "Rapport forfalden" once passed, in red with an icon', () => {
    const dueAt = zonedTime(2026, 11, 28).toISOString();
    render(<CaseDeadline lead={{ nextDeadline: { kind: 'rapport-sendt', dueAt, metAt: null } }} now={now} />);
    const badge = screen.getByText('Rapport forfalden fre. 24:00').closest('[data-case-deadline]')!;
    expect(badge.getAttribute('data-case-deadline')).toBe('overdue');
    expect(badge.className).toContain('text-emergency-800');
    expect(badge.querySelector('svg')).toBeTruthy();
  });

  it('says "Fugtmåling forfalden" and "På adressen" with their times', () => {
    render(
      <>
        <CaseDeadline
          lead={{
            nextDeadline: {
              kind: 'fugtmaaling',
              dueAt: zonedTime(2026, 11, 30, 9).toISOString(),
              metAt: null,
            },
          }}
          now={now}
        />
        <CaseDeadline
          lead={{
            nextDeadline: {
              kind: 'paa-adressen',
              dueAt: zonedTime(2026, 11, 30, 14, 20).toISOString(),
              metAt: null,
            },
          }}
          now={now}
        />
      </>,
    );
    expect(screen.getByText('Fugtmåling forfalden 09:00')).toBeTruthy();
    expect(screen.getByText('På adressen inden 14:20')).toBeTruthy();
  });

  it('shows nothing without a running clock', () => {
    const { container } = render(<CaseDeadline lead={{ nextDeadline: null }} now={now} />);
    expect(container.textContent).toBe('');
  });
});
