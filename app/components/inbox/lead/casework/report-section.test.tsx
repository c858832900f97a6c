import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inboxReportText as text } from '~/content/inbox-casework-report';
import { json, stubStaffApi } from '../../../../../tests/support/inbox';
import { ReportSection } from './report-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const leadId = '22222222-2222-4222-8222-222222222222';
const sentEarlier = {
  id: '33333333-3333-4333-8333-333333333333',
  sentAt: '2026-03-03T09:15:00.000Z',
  by: 'Anna Holm',
  recipients: ['skade@tryg.example'],
  messageId: '<a@example.dk>',
  bytes: 1000,
};

describe('the first report on the lead page', () => {
  it('shows where it goes, sends it to the added addresses, and lists it with a download', async () => {
    const calls = stubStaffApi((call) => {
      if (call.url === `/api/staff/leads/${leadId}/reports`)
        return json({ reports: [sentEarlier], defaultRecipients: ['skade@tryg.example'] });
      if (call.url === `/api/staff/leads/${leadId}/report` && call.method === 'POST')
        return json(
          {
            report: {
              ...sentEarlier,
              id: '44444444-4444-4444-8444-444444444444',
              sentAt: '2026-03-04T10:00:00.000Z',
              recipients: ['skade@tryg.example', 'taksator@example.dk'],
            },
          },
          201,
        );
      return json({ message: 'Kaldet mislykkedes.' }, 500);
    });
    const onSent = vi.fn();
    render(<ReportSection leadId={leadId} onSent={onSent} onError={vi.fn()} />);

    expect(await screen.findByText(text.claimsAddress('skade@tryg.example'))).toBeTruthy();
    expect(screen.getByRole('link', { name: text.download }).getAttribute('href')).toBe(
      `/api/staff/leads/${leadId}/report.pdf`,
    );
    fireEvent.change(screen.getByLabelText(text.recipientsLabel), {
      target: { value: ' taksator@example.dk, ' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.send }));

    await vi.waitFor(() =>
      expect(onSent).toHaveBeenCalledWith(text.sent(['skade@tryg.example', 'taksator@example.dk'])),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ to: ['taksator@example.dk'] });
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'skade@tryg.example, taksator@example.dk',
      'skade@tryg.example',
    ]);
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe(
      `/api/staff/leads/${leadId}/reports/${sentEarlier.id}.pdf`,
    );
  });

  it('says when the insurer has no claims address and nothing has been sent', async () => {
    stubStaffApi(() => json({ reports: [], defaultRecipients: [] }));
    render(<ReportSection leadId={leadId} onSent={vi.fn()} onError={vi.fn()} />);
    expect(await screen.findByText(text.noClaimsAddress)).toBeTruthy();
    expect(screen.getByText(text.none)).toBeTruthy();
  });
});
