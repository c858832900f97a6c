import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoaderFunction } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { InboxError } from '../inbox-error';
import { LeadDetailPage } from '../lead/lead-detail-page';
import { LeadListPage } from './lead-list-page';
import { filtersFromSearch, loadLead, loadLeads } from '../loaders';
import type { FetchCall } from '../../../../tests/support/inbox';
import { counts, detail, json, renderRoutes, stubStaffApi, summary } from '../../../../tests/support/inbox';
import type { LeadSummary } from '../../../../domain/staff-api/leads';

const critical = summary({
  id: 'k1',
  kind: 'akut-skade',
  reference: 'SK-KRT001',
  name: 'Kim Kritisk',
  priority: 'kritisk',
});
const high = summary({
  id: 'h1',
  kind: 'akut-skade',
  reference: 'SK-HOJ001',
  name: 'Hanne Høj',
  priority: 'hoej',
});
const normal = summary({ id: 'n1', kind: 'akut-skade', reference: 'SK-NRM001', name: 'Nils Normal' });

function renderList(
  path: string,
  pages: (params: URLSearchParams) => { leads: LeadSummary[]; nextCursor: string | null },
) {
  const calls: FetchCall[] = stubStaffApi((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (call.method === 'GET' && url.pathname === '/api/staff/leads')
      return json({ ...pages(url.searchParams), counts });
    return json({ message: 'Uventet kald' }, 500);
  });
  const view = renderRoutes(
    [
      {
        path: '/indbakke',
        loader: loadLeads as unknown as LoaderFunction,
        Component: LeadListPage,
        ErrorBoundary: InboxError,
      },
    ],
    path,
  );
  return { calls, ...view };
}

const isUrgentQuery = (params: URLSearchParams) =>
  params.get('kind') === 'akut-skade' && params.get('status') === 'new';

describe('the list by priority', () => {
  it('marks critical and high-priority leads with a badge in words, and normal ones with none', async () => {
    renderList('/indbakke', (params) => ({
      leads: isUrgentQuery(params) ? [] : [critical, high, normal],
      nextCursor: null,
    }));
    const table = within(await screen.findByRole('table'));
    const rowOf = (name: string) => table.getByRole('link', { name }).closest('tr')!;
    expect(within(rowOf('Kim Kritisk')).getByText('Kritisk')).toBeTruthy();
    expect(within(rowOf('Hanne Høj')).getByText('Høj prioritet')).toBeTruthy();
    expect(within(rowOf('Nils Normal')).queryByText(/prioritet|Kritisk/)).toBeNull();
  });

  it('filters and sorts by priority through the URL, and pages on in the same order', async () => {
    const { calls, router } = renderList('/indbakke', (params) =>
      isUrgentQuery(params)
        ? { leads: [], nextCursor: null }
        : params.get('cursor') === 'next-1'
          ? { leads: [high], nextCursor: null }
          : { leads: [critical], nextCursor: 'next-1' },
    );
    await screen.findByRole('search', { name: 'Filtrér' });
    fireEvent.change(screen.getByLabelText('Prioritet'), { target: { value: 'kritisk' } });
    fireEvent.change(screen.getByLabelText('Rækkefølge'), { target: { value: 'priority' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vis' }));
    await waitFor(() => expect(router.state.location.search).toBe('?priority=kritisk&sort=priority'));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/staff/leads?priority=kritisk&sort=priority&limit=50',
      ),
    );
    // The link follows the filters once the list they asked for has come (the call above is when it was asked).
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Eksportér CSV' }).getAttribute('href')).toContain(
        'priority=kritisk',
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Vis flere' }));
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe(
        '/api/staff/leads?priority=kritisk&sort=priority&cursor=next-1&limit=50',
      ),
    );
    expect((screen.getByLabelText('Rækkefølge') as HTMLSelectElement).value).toBe('priority');
  });

  it('reads an unknown priority or order in the address as none', () => {
    expect(filtersFromSearch(new URLSearchParams('priority=hoej&sort=priority'))).toEqual({
      priority: 'hoej',
      sort: 'priority',
    });
    expect(filtersFromSearch(new URLSearchParams('priority=urgent&sort=newest'))).toEqual({});
    expect(filtersFromSearch(new URLSearchParams('sort=oldest'))).toEqual({});
  });
});

describe('the lead page', () => {
  it('shows an emergency’s priority, normal included', async () => {
    for (const [priority, text] of [
      ['kritisk', 'Kritisk'],
      ['normal', 'Normal prioritet'],
    ] as const) {
      stubStaffApi((call) =>
        call.url.startsWith(`/api/staff/leads/${detail().id}`) && !call.url.includes('timeline')
          ? json({ lead: detail({ priority }) })
          : json({ message: 'Uventet kald' }, 500),
      );
      renderRoutes(
        [
          {
            path: '/indbakke/henvendelse/:id',
            loader: loadLead as unknown as LoaderFunction,
            Component: LeadDetailPage,
          },
        ],
        `/indbakke/henvendelse/${detail().id}`,
      );
      await screen.findByRole('heading', { level: 1, name: 'Bo Hansen' });
      expect(screen.getByText(text)).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
