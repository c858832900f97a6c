import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SurgePanel } from './surge-panel';
import { json, renderRoutes, stubStaffApi } from '../../../../tests/support/inbox';
import type { SurgeAnswer } from '../../../../domain/staff-api/oncall';
import type { StaffRole } from '../../../../domain/staff-api/roles';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const surge: SurgeAnswer = {
  mode: 'normal',
  expectedCallbackMinutes: 15,
  waiting: 0,
  people: 2,
  onCall: 3,
  allHandsSince: null,
  manual: null,
  history: [],
};

async function renderPanel(role: StaffRole) {
  stubStaffApi(() => json(surge));
  renderRoutes([{ path: '/indbakke/beredskab', element: <SurgePanel /> }], '/indbakke/beredskab', role);
  await screen.findByText('Normal drift: vi lover at ringe inden for 15 minutter.');
}

describe('the surge switch on the Beredskab page', () => {
  it('is there for a koordinator', async () => {
    await renderPanel('koordinator');
    expect(screen.getByRole('button', { name: 'Slå travlt til' })).toBeTruthy();
  });

  it('is hidden from a medarbejder, who still sees the mode', async () => {
    await renderPanel('medarbejder');
    expect(screen.queryByRole('button', { name: 'Slå travlt til' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
