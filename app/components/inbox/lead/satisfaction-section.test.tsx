import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubStaffApi } from '../../../../tests/support/inbox';
import type { LeadSatisfactionAnswer } from '../../../../domain/staff-api/satisfaction';
import { StaffRoleContext } from '../shared/staff-role';
import { SatisfactionSection } from './satisfaction-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const leadId = '7a1f0c9e-3b7d-4f3a-9a51-1d2e3f4a5b6c';
const base = `/api/staff/leads/${leadId}/satisfaction`;

const unhappy: NonNullable<LeadSatisfactionAnswer['satisfaction']> = {
  askedAt: '2026-12-03T09:00:00.000Z',
  score: 2,
  comment: 'Ingen ringede tilbage.',
  answeredAt: '2026-12-04T10:00:00.000Z',
  changedAt: null,
  needsFollowUp: true,
  handledAt: null,
  handledByName: null,
};

function renderSection(role: 'koordinator' | 'medarbejder') {
  const calls = stubStaffApi((call) =>
    call.method === 'GET'
      ? json({ satisfaction: unhappy })
      : json({
          satisfaction: {
            ...unhappy,
            needsFollowUp: false,
            handledAt: '2026-12-04T11:00:00.000Z',
            handledByName: 'Anna Holm',
          },
        }),
  );
  render(
    <StaffRoleContext.Provider value={role}>
      <SatisfactionSection leadId={leadId} version="1" onError={vi.fn()} />
    </StaffRoleContext.Provider>,
  );
  return calls;
}

describe("the lead page's satisfaction section", () => {
  it('shows an unhappy answer, and a koordinator marks it followed up', async () => {
    const calls = renderSection('koordinator');
    expect(await screen.findByText('2 af 5: Utilfreds')).toBeTruthy();
    expect(screen.getByText('Ingen ringede tilbage.')).toBeTruthy();
    expect(screen.getByText('Utilfreds kunde: ikke fulgt op endnu.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Markér som fulgt op' }));
    expect(await screen.findByText('Svaret er markeret som fulgt op.')).toBeTruthy();
    expect(screen.getByText(/Fulgt op .* af Anna Holm\./)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url === `${base}/handled`)).toBe(true);
  });

  it('offers a medarbejder no button', async () => {
    renderSection('medarbejder');
    expect(await screen.findByText('2 af 5: Utilfreds')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Markér som fulgt op' })).toBeNull();
  });
});
