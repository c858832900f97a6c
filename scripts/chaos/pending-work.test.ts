import { describe, expect, it } from 'vitest';
import { nothingPending, pendingByKind } from './pending-work.mjs';

/** A /metrics text as the server writes it (server/observability/metrics.ts), other lines included. */
function metricsText(pending: Record<string, number>): string {
  return [
    '# HELP skadeservice_jobs_pending Pending jobs per kind (capped at 10,000).',
    '# TYPE skadeservice_jobs_pending gauge',
    ...Object.entries(pending).map(([kind, n]) => `skadeservice_jobs_pending{kind="${kind}"} ${n}`),
    'skadeservice_jobs_failed{kind="oncall_page"} 12',
    'skadeservice_leads_stored{kind="akut-skade"} 40',
  ].join('\n');
}

const idle = { mail: 0, oncall_sms: 0, oncall_page: 0, oncall_dispatch: 0, message_sms: 0, periodic: 5 };

describe('reading from /metrics when the drain may end', () => {
  it('ends when no on-call page, dispatch, SMS or e-mail is pending (periodic jobs always are)', () => {
    expect(nothingPending(pendingByKind(metricsText(idle)))).toBe(true);
  });

  it('waits while any of them is pending', () => {
    for (const kind of ['mail', 'oncall_sms', 'oncall_page', 'oncall_dispatch'])
      expect(nothingPending(pendingByKind(metricsText({ ...idle, [kind]: 1 }))), kind).toBe(false);
  });

  it('waits when a kind is missing from the figures', () => {
    const { oncall_page: _left, ...rest } = idle;
    expect(nothingPending(pendingByKind(metricsText(rest)))).toBe(false);
    expect(nothingPending(pendingByKind('not the metrics page'))).toBe(false);
  });
});
