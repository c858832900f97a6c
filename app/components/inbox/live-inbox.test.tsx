import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, type LoaderFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countedTitle, LiveInbox, livePollMs } from './live-inbox';
import { LeadListPage } from './lead-list/lead-list-page';
import { loadLeads } from './loaders';
import { counts, json, renderRoutes, stubStaffApi, summary } from '../../../tests/support/inbox';
import type { LeadSummary } from '../../../domain/staff-api/leads';
import type { LiveAnswer } from '../../../domain/staff-api/oncall';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

const older = summary({ id: 'a1', reference: 'SK-1001', name: 'Ane Jensen' });
const second = summary({ id: 'a2', reference: 'SK-1002', name: 'Bent Berg' });
const fresh = summary({ id: 'e9', kind: 'akut-skade', reference: 'SK-9999', name: 'Carl Akut' });

/** The emergency SK-9999 comes in: the server's list and live state have it from the next poll. */
function emergencyArrives(state: ReturnType<typeof liveServer>['state']) {
  state.leads = [fresh, older, second];
  state.live = {
    newestLeadId: 'e9',
    newestLeadAt: fresh.receivedAt,
    unacknowledged: [{ id: 'e9', reference: 'SK-9999', receivedAt: fresh.receivedAt }],
  };
}

/** A server whose leads and live state the test changes; it counts the live polls. */
function liveServer() {
  const state = {
    leads: [older, second] as LeadSummary[],
    live: { newestLeadId: 'a1', newestLeadAt: older.receivedAt, unacknowledged: [] } as LiveAnswer,
    polls: 0,
  };
  const calls = stubStaffApi((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/staff/live') {
      state.polls++;
      return json(state.live);
    }
    if (url.pathname === '/api/staff/leads') {
      const urgent = url.searchParams.get('kind') === 'akut-skade';
      const leads = urgent ? state.leads.filter((lead) => lead.kind === 'akut-skade') : state.leads;
      return json({ leads, nextCursor: null, counts });
    }
    return json({ message: 'Uventet kald' }, 500);
  });
  return { state, calls };
}

function renderLiveList() {
  return renderRoutes(
    [
      {
        path: '/indbakke',
        Component: () => (
          <>
            <LiveInbox />
            <Outlet />
          </>
        ),
        children: [{ index: true, loader: loadLeads as unknown as LoaderFunction, Component: LeadListPage }],
      },
    ],
    '/indbakke',
  );
}

describe('the live inbox', () => {
  it('puts the count of emergencies nobody has taken in front of the title', () => {
    expect(countedTitle('Henvendelser | Indbakke', 2)).toBe('(2) Henvendelser | Indbakke');
    expect(countedTitle('(2) Henvendelser | Indbakke', 3)).toBe('(3) Henvendelser | Indbakke');
    expect(countedTitle('(3) Henvendelser | Indbakke', 0)).toBe('Henvendelser | Indbakke');
  });

  it('shows a new emergency in the list and its block within one poll, without a reload, keeping the selection', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    document.title = 'Henvendelser | Indbakke';
    const { state } = liveServer();
    const { router } = renderLiveList();
    await screen.findAllByText('Bent Berg');
    await waitFor(() => expect(state.polls).toBe(1));
    // A card on a phone and a table row on a wider screen: the same lead, selected once.
    fireEvent.click(screen.getAllByRole('checkbox', { name: /Vælg SK-1002/ })[0]!);
    const locationKey = router.state.location.key;

    emergencyArrives(state);
    await act(() => vi.advanceTimersByTimeAsync(livePollMs));
    const block = await screen.findByRole('region', { name: /Nye akutte skader/ });
    expect(within(block).getByText('Carl Akut')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Ny akut skade: SK-9999.')).toBeTruthy());
    await waitFor(() => expect(document.title).toBe('(1) Henvendelser | Indbakke'));
    // The same page, loaded anew in place: the selection stays.
    expect(router.state.location.pathname).toBe('/indbakke');
    expect(router.state.location.key).not.toBe(locationKey);
    for (const box of screen.getAllByRole('checkbox', { name: /Vælg SK-1002/ }))
      expect((box as HTMLInputElement).checked).toBe(true);
  });

  it('stops asking while the tab is hidden and asks at once when it is shown again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state } = liveServer();
    renderLiveList();
    await waitFor(() => expect(state.polls).toBe(1));
    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(livePollMs * 3));
    expect(state.polls).toBe(1);
    setVisibility('visible');
    await waitFor(() => expect(state.polls).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(livePollMs));
    await waitFor(() => expect(state.polls).toBe(3));
  });

  it('plays a short tone for a new emergency once the sound is allowed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const started: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      resume = async () => undefined;
      close = async () => undefined;
      createGain() {
        return {
          connect() {},
          gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
        };
      }
      createOscillator() {
        return {
          type: 'sine',
          frequency: {
            setValueAtTime(value: number) {
              started.push(value);
            },
          },
          connect() {},
          start() {},
          stop() {},
        };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { state } = liveServer();
    renderLiveList();
    await waitFor(() => expect(state.polls).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Slå lyd til' }));
    expect(screen.getByRole('button', { name: 'Slå lyd fra' })).toBeTruthy();
    emergencyArrives(state);
    await act(() => vi.advanceTimersByTimeAsync(livePollMs));
    await waitFor(() => expect(started).toEqual([880, 1175]));
    // Nothing new in the next poll: no second tone.
    await act(() => vi.advanceTimersByTimeAsync(livePollMs));
    expect(started).toEqual([880, 1175]);
  });
});
