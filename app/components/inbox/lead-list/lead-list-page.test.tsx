import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FetchCall } from '../../../../tests/support/inbox';
import { counts, json, stubStaffApi, summary } from '../../../../tests/support/inbox';
import type { LeadSummary } from '../../../../domain/staff-api/leads';
import { renderLeadList } from '../../../../tests/support/inbox-pages';

const emergency = summary({
  id: 'e1',
  kind: 'akut-skade',
  reference: 'SK-3003',
  name: 'Carl Akut',
  topic: 'Vandskade',
  photoCount: 2,
});
const contact = summary({ id: 'c1', reference: 'SK-1001', name: 'Ane Jensen', isCustomer: true });
const spam = summary({ id: 's1', reference: 'SK-9009', name: 'Billig Viagra', status: 'spam' });

function listApi(
  pages: (call: FetchCall, params: URLSearchParams) => { leads: LeadSummary[]; nextCursor: string | null },
  other?: (call: FetchCall) => Response,
) {
  return stubStaffApi((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (call.method === 'GET' && url.pathname === '/api/staff/leads')
      return json({ ...pages(call, url.searchParams), counts });
    return other?.(call) ?? json({ message: 'Uventet kald' }, 500);
  });
}

const isUrgentQuery = (params: URLSearchParams) =>
  params.get('akut') === 'ja' && params.get('status') === 'new' && !params.has('q');

describe('the list of leads', () => {
  it('shows new emergencies in a red block above the list, then every lead newest first', async () => {
    const calls = listApi((_call, params) =>
      isUrgentQuery(params)
        ? { leads: [emergency], nextCursor: null }
        : { leads: [emergency, contact], nextCursor: null },
    );
    renderLeadList();
    // The count is of every new emergency (the API's count: 3), not of the page shown (1).
    const urgent = await screen.findByRole('region', { name: /Nye akutte skader \(3\)/ });
    expect(within(urgent).getByText(/Viser de 1 første af 3, kritiske først\./)).toBeTruthy();
    expect(
      within(urgent).getByRole('link', { name: 'Se alle 3 nye akutte skader' }).getAttribute('href'),
    ).toBe('/indbakke?status=new&akut=ja&sort=priority');
    // Open on a wide screen (a phone starts with it folded: urgent-leads.test.tsx).
    expect(urgent.querySelector('details')?.open).toBe(true);
    expect(within(urgent).getByRole('link', { name: 'Carl Akut' }).getAttribute('href')).toBe(
      '/indbakke/henvendelse/e1',
    );
    expect(within(urgent).getByText('Akut')).toBeTruthy();
    const list = screen.getByRole('region', { name: 'Alle' });
    expect(urgent.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const table = within(list).getByRole('table');
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('[data-lead-link]')?.textContent);
    expect(names).toEqual(['Carl Akut', 'Ane Jensen']);
    expect(within(list).getByRole('status').textContent).toBe('Viser 2 henvendelser.');
    expect(within(list).getAllByText('2 fotos').length).toBeGreaterThan(0);
    expect(within(list).getAllByText('Kunde').length).toBeGreaterThan(0);
    const urls = calls.map((call) => call.url).sort();
    expect(urls).toEqual([
      '/api/staff/leads?limit=50',
      '/api/staff/leads?status=new&akut=ja&sort=priority&limit=50',
    ]);
  });

  it('marks an urgent assignment as urgent like an emergency, a normal one not', async () => {
    const urgentAssignment = summary({
      id: 'r1',
      kind: 'rekvisition',
      reference: 'RK-4004',
      name: 'Poul Hansen',
      pagesOnCall: true,
    });
    const normalAssignment = summary({
      id: 'r2',
      kind: 'rekvisition',
      reference: 'RK-5005',
      name: 'Per Jensen',
    });
    listApi(() => ({ leads: [urgentAssignment, normalAssignment], nextCursor: null }));
    renderLeadList('/indbakke?kind=rekvisition');
    const list = await screen.findByRole('region', { name: 'Alle' });
    const rowOf = async (name: string) =>
      (await within(list).findAllByText(name))[0]!.closest('tr, li, article') as HTMLElement;
    const badgeIn = (row: HTMLElement) => within(row).getByText('Rekvisition');
    expect(badgeIn(await rowOf('Poul Hansen')).className).toContain('bg-emergency-700');
    expect(badgeIn(await rowOf('Per Jensen')).className).not.toContain('bg-emergency-700');
  });

  it('shows the counts per status, marking the current one', async () => {
    listApi(() => ({ leads: [contact], nextCursor: null }));
    renderLeadList('/indbakke?status=in-progress');
    const nav = await screen.findByRole('navigation', { name: 'Status' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Alle8', 'Ny3', 'I gang1', 'Afsluttet4', 'Spam2']);
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('I gang1');
    expect(links[4]!.getAttribute('href')).toBe('/indbakke?status=spam');
    expect(links[0]!.getAttribute('href')).toBe('/indbakke');
  });

  it('filters by kind, dates and text through the URL, and exports the same filter as CSV', async () => {
    const calls = listApi(() => ({ leads: [contact], nextCursor: null }));
    const { router } = renderLeadList('/indbakke?status=new');
    await screen.findByRole('search', { name: 'Filtrér' });
    fireEvent.change(screen.getByLabelText('Søg'), { target: { value: ' Ane ' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'kontakt' } });
    fireEvent.change(screen.getByLabelText('Fra dato'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Til dato'), { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vis' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?kind=kontakt&status=new&from=2026-12-01&to=2026-12-31&q=Ane',
      ),
    );
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/staff/leads?kind=kontakt&status=new&from=2026-12-01&to=2026-12-31&q=Ane&limit=50',
      ),
    );
    // The link follows the filter the list was loaded with, once that answer is shown.
    const exportLink = () => screen.getByRole('link', { name: 'Eksportér CSV' });
    await waitFor(() =>
      expect(exportLink().getAttribute('href')).toBe(
        '/api/staff/leads/export.csv?kind=kontakt&status=new&from=2026-12-01&to=2026-12-31&q=Ane',
      ),
    );
    expect(exportLink().hasAttribute('download')).toBe(true);
    expect((screen.getByLabelText('Søg') as HTMLInputElement).value).toBe('Ane');
  });

  it('offers the update to every waiting customer and the CSV export to a koordinator only', async () => {
    listApi(() => ({ leads: [contact], nextCursor: null }));
    renderLeadList('/indbakke', 'medarbejder');
    await screen.findByRole('search', { name: 'Filtrér' });
    expect(screen.queryByRole('button', { name: 'Send opdatering til ventende' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Eksportér CSV' })).toBeNull();
    cleanup();
    renderLeadList('/indbakke', 'koordinator');
    await screen.findByRole('search', { name: 'Filtrér' });
    expect(screen.getByRole('button', { name: 'Send opdatering til ventende' })).toBeTruthy();
  });

  it('pages on with "Vis flere" and the cursor, keeping the leads already shown', async () => {
    const more = summary({ id: 'c2', reference: 'SK-0999', name: 'Dorte Ældre' });
    const calls = listApi((_call, params) =>
      isUrgentQuery(params)
        ? { leads: [], nextCursor: null }
        : params.get('cursor') === 'next-1'
          ? { leads: [more], nextCursor: null }
          : { leads: [contact], nextCursor: 'next-1' },
    );
    renderLeadList();
    const status = await screen.findByText('Viser 1 henvendelse – der er flere.');
    expect(screen.queryByRole('region', { name: /Nye akutte skader/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Vis flere' }));
    await waitFor(() => expect(status.textContent).toBe('Viser 2 henvendelser.'));
    expect(calls.at(-1)!.url).toBe('/api/staff/leads?cursor=next-1&limit=50');
    expect(screen.getAllByRole('link', { name: 'Ane Jensen' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Dorte Ældre' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Vis flere' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Dorte Ældre'));
  });

  it('lets staff move a lead out of the spam view with "Ikke spam"', async () => {
    let moved = false;
    const calls = listApi(
      (_call, params) => ({
        leads: params.get('status') === 'spam' && !moved ? [spam] : [],
        nextCursor: null,
      }),
      (call) => {
        if (call.method === 'PATCH' && call.url === '/api/staff/leads/s1') {
          moved = true;
          return json({ ok: true });
        }
        return json({}, 500);
      },
    );
    renderLeadList('/indbakke?status=spam');
    expect(await screen.findByText(/markeret som spam\. De indgår ikke/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Nye akutte skader/ })).toBeNull();
    expect(calls.some((call) => call.url.includes('akut=ja'))).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Ikke spam: SK-9009' })[0]!);
    expect(await screen.findByText('SK-9009 er flyttet tilbage til nye henvendelser.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ status: 'new' });
    await waitFor(() => expect(screen.getByText('Ingen henvendelser er markeret som spam.')).toBeTruthy());
  });

  it('sends the visitor to the login page when the session has ended', async () => {
    stubStaffApi(() => json({ message: 'Log ind igen.' }, 401));
    const { router } = renderLeadList();
    expect(await screen.findByRole('heading', { name: 'Log ind' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/indbakke/login');
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    stubStaffApi(() => json({ message: 'Databasen svarer ikke.' }, 503));
    renderLeadList();
    expect((await screen.findByRole('alert')).textContent).toBe('Databasen svarer ikke.');
    expect(screen.getByRole('heading', { level: 1, name: 'Siden kunne ikke vises' })).toBeTruthy();
  });
});
