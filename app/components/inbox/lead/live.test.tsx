import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detail, json, stubStaffApi, type FetchCall } from '../../../../tests/support/inbox';
import type { LeadDetail } from '../../../../domain/staff-api/leads';
import { renderLeadPage } from '../../../../tests/support/inbox-pages';

const id = '22222222-2222-4222-8222-222222222222';
const versionUrl = `/api/staff/leads/${id}/version`;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The server's side: the lead as it is now and its version, which the test changes. */
function renderLive(start: LeadDetail) {
  const server = { lead: start, version: 'v1' };
  const calls = stubStaffApi((call: FetchCall) => {
    if (call.url === versionUrl) {
      const known = new Headers(call.init?.headers).get('If-None-Match');
      return known === `"${server.version}"`
        ? new Response(null, { status: 304 })
        : json({ version: server.version });
    }
    if (call.method === 'GET' && call.url === `/api/staff/leads/${id}`) return json({ lead: server.lead });
    return json({ message: 'Uventet kald' }, 500);
  });
  renderLeadPage(id);
  const change = (lead: LeadDetail) => {
    server.lead = lead;
    server.version = `v${Number(server.version.slice(1)) + 1}`;
  };
  const leadReads = () => calls.filter((call) => call.url === `/api/staff/leads/${id}`).length;
  const versionReads = () => calls.filter((call) => call.url === versionUrl);
  return { change, leadReads, versionReads };
}

describe('an open lead page', () => {
  it('asks cheaply while nothing changes and shows a case taken by someone else within 5 s', async () => {
    const page = renderLive(detail());
    const group = await screen.findByRole('group', { name: 'Skift status' });
    expect(within(group).getByRole('button', { name: 'Ny', pressed: true })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    // Three polls, each with the version it knows, each answered 304; the lead read once.
    const polls = page.versionReads().slice(1);
    expect(polls).toHaveLength(3);
    for (const poll of polls) expect(new Headers(poll.init?.headers).get('If-None-Match')).toBe('"v1"');
    expect(page.leadReads()).toBe(1);

    page.change(
      detail({
        status: 'in-progress',
        statusChangedAt: '2026-12-03T10:30:00.000Z',
        statusChangedBy: 'Bo Vagt',
        notes: [
          {
            id: 'n1',
            authorName: 'Bo Vagt',
            body: 'Ringet op, kommer kl. 14.',
            createdAt: '2026-12-03T10:31:00.000Z',
          },
        ],
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText('Ringet op, kommer kl. 14.')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Skift status' })).getByRole('button', {
        name: 'I gang',
        pressed: true,
      }),
    ).toBeTruthy();
    expect(page.leadReads()).toBe(2);
  });

  it('keeps a note being typed when the lead is loaded anew', async () => {
    const page = renderLive(detail());
    const field = await screen.findByRole('textbox', { name: /Ny note/ });
    fireEvent.change(field, { target: { value: 'Halvt skrevet' } });
    page.change(detail({ assignedTo: { id: 'u2', name: 'Bo Vagt' } }));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(page.leadReads()).toBe(2);
    expect((screen.getByRole('textbox', { name: /Ny note/ }) as HTMLTextAreaElement).value).toBe(
      'Halvt skrevet',
    );
  });

  it('stops asking while the tab is hidden and asks at once when it is shown again', async () => {
    const page = renderLive(detail());
    await screen.findByRole('group', { name: 'Skift status' });
    setVisibility('hidden');
    const before = page.versionReads().length;
    page.change(detail({ status: 'done' }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(page.versionReads()).toHaveLength(before);
    setVisibility('visible');
    await act(() => vi.advanceTimersByTimeAsync(10));
    // One poll at once, then the lead loaded anew (which reads the version first).
    await vi.waitFor(() => expect(page.leadReads()).toBe(2));
    expect(page.versionReads()).toHaveLength(before + 2);
    expect(new Headers(page.versionReads()[before]!.init?.headers).get('If-None-Match')).toBe('"v1"');
  });
});
