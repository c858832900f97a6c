import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { LoaderFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeadListPage } from './lead-list-page';
import { filtersFromSearch, loadLeads } from '../loaders';
import { counts, json, renderRoutes, stubStaffApi, summary } from '../../../../tests/support/inbox';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList(path: string) {
  const calls = stubStaffApi(() => json({ leads: [summary()], nextCursor: null, counts }));
  const view = renderRoutes(
    [{ path: '/indbakke', loader: loadLeads as unknown as LoaderFunction, Component: LeadListPage }],
    path,
  );
  return { calls, ...view };
}

describe("the list's assignment filter", () => {
  it('offers "Mine sager" and "Ikke tildelt", keeping the other filters, and asks the API for them', async () => {
    const { calls, router } = renderList('/indbakke?status=new');
    const nav = await screen.findByRole('navigation', { name: 'Tildeling' });
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Alle sager');
    fireEvent.click(within(nav).getByRole('link', { name: 'Mine sager' }));
    await screen.findByRole('link', { name: 'Mine sager', current: 'page' });
    expect(router.state.location.search).toBe('?status=new&assigned=me');
    expect(calls.at(-2)!.url).toBe('/api/staff/leads?status=new&assigned=me&limit=50');
    fireEvent.click(screen.getByRole('link', { name: 'Ikke tildelt' }));
    await screen.findByRole('link', { name: 'Ikke tildelt', current: 'page' });
    expect(router.state.location.search).toBe('?status=new&assigned=none');
  });

  it('keeps the assignment when the other filters are applied', async () => {
    const { router } = renderList('/indbakke?assigned=me');
    fireEvent.change(await screen.findByLabelText('Søg', { selector: 'input' }), {
      target: { value: 'vand' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Vis' }));
    await screen.findByDisplayValue('vand');
    expect(new URLSearchParams(router.state.location.search).get('assigned')).toBe('me');
  });

  it('ignores an unknown assignment in an old link', () => {
    expect(filtersFromSearch(new URLSearchParams('assigned=someone&q=x'))).toEqual({ q: 'x' });
    expect(filtersFromSearch(new URLSearchParams('assigned=none'))).toEqual({ assigned: 'none' });
  });
});
