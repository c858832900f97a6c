/**
 * The list as a coordinator works it: what a row tells, bulk status changes, keyboard shortcuts,
 * an impossible date range, and the way back to where they were.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeadSummary } from '../../../../domain/staff-api/leads';
import type { FetchCall } from '../../../../tests/support/inbox';
import { counts, detail, json, stubStaffApi, summary } from '../../../../tests/support/inbox';
import { forgetPlaces, mergePages } from './list-place';
import { renderLeadList } from '../../../../tests/support/inbox-pages';

afterEach(() => {
  vi.restoreAllMocks();
  forgetPlaces();
});

const hour = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const emergency = summary({
  id: 'e1',
  kind: 'akut-skade',
  reference: 'SK-3003',
  name: 'Carl Akut',
  phone: '+4523456789',
  town: 'Roskilde',
  insurer: 'Tryg',
  topic: 'Vandskade',
  photoCount: 3,
  receivedAt: ago(2 * hour + 60_000),
});
const resource = (index: number) =>
  summary({
    id: `r${index}`,
    kind: 'ressource',
    reference: `RS-${1000 + index}`,
    name: `Rita Ressource ${index}`,
    phone: null,
    town: null,
    topic: 'E-bog',
    receivedAt: ago((3 * 24 + index) * hour),
  });

function listApi(
  pages: (params: URLSearchParams) => { leads: LeadSummary[]; nextCursor: string | null },
  other?: (call: FetchCall) => Response | undefined,
) {
  return stubStaffApi((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (call.method === 'GET' && url.pathname === '/api/staff/leads') {
      const params = url.searchParams;
      if (params.get('akut') === 'ja' && params.get('status') === 'new')
        return json({ leads: [emergency], nextCursor: null, counts });
      return json({ ...pages(params), counts });
    }
    return other?.(call) ?? json({ message: 'Uventet kald' }, 500);
  });
}

const table = () => within(screen.getByRole('region', { name: 'Alle' })).getByRole('table');
const row = (name: string) => within(table()).getByText(name).closest('tr')!;

describe("a coordinator's list", () => {
  it('shows phone (a link that calls), town, insurer, photo count and age in each row', async () => {
    listApi(() => ({ leads: [emergency, resource(1)], nextCursor: null }));
    renderLeadList();
    await screen.findByRole('table');
    const first = within(row('Carl Akut'));
    expect(first.getByRole('link', { name: 'Ring 23 45 67 89' }).getAttribute('href')).toBe(
      'tel:+4523456789',
    );
    expect(first.getByText('Roskilde')).toBeTruthy();
    expect(first.getByText('Tryg')).toBeTruthy();
    expect(first.getByText('3 fotos')).toBeTruthy();
    expect(first.getByText('for 2 t siden').getAttribute('dateTime')).toBe(emergency.receivedAt);
    const second = within(row('Rita Ressource 1'));
    expect(second.getByText('for 3 dage siden')).toBeTruthy();
    expect(second.getByText('Intet telefonnummer')).toBeTruthy();
  });

  it('shows phone and town on the emergency cards', async () => {
    listApi(() => ({ leads: [], nextCursor: null }));
    renderLeadList();
    const urgent = await screen.findByRole('region', { name: /Nye akutte skader/ });
    expect(within(urgent).getByRole('link', { name: 'Ring 23 45 67 89' }).getAttribute('href')).toBe(
      'tel:+4523456789',
    );
    expect(within(urgent).getByText('Roskilde')).toBeTruthy();
  });

  it('lets long names and texts wrap anywhere instead of widening the page', async () => {
    const long = 'Ω'.repeat(150);
    listApi(() => ({ leads: [summary({ name: long, topic: long, town: long })], nextCursor: null }));
    renderLeadList();
    await screen.findByRole('table');
    for (const element of screen.getAllByText(long)) {
      expect(element.closest('.wrap-anywhere'), element.outerHTML.slice(0, 80)).not.toBeNull();
    }
  });

  it('sets one status for every lead selected with "Vælg alle på siden", and says so', async () => {
    const leads = Array.from({ length: 20 }, (_, index) => resource(index));
    let closed = false;
    const calls = listApi(
      () => ({ leads: closed ? [] : leads, nextCursor: null }),
      (call) => {
        if (call.method !== 'POST' || call.url !== '/api/staff/leads/status') return undefined;
        closed = true;
        return json({ changed: 20, leads: [] });
      },
    );
    renderLeadList('/indbakke?kind=ressource');
    const bulk = await screen.findByRole('group', { name: 'Valgte henvendelser' });
    expect(within(bulk).getByText('Ingen valgt')).toBeTruthy();
    fireEvent.click(within(bulk).getByLabelText('Vælg alle på siden'));
    expect(within(bulk).getByText('20 valgt')).toBeTruthy();
    expect(
      (
        within(row('Rita Ressource 3')).getByRole('checkbox', {
          name: 'Vælg RS-1003 fra Rita Ressource 3',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    fireEvent.change(within(bulk).getByLabelText('Ny status'), { target: { value: 'done' } });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Sæt status for de valgte' }));
    expect(await screen.findByText('Status er sat til Afsluttet for 20 henvendelser.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ ids: leads.map((lead) => lead.id), status: 'done' });
    expect(screen.getByText('Status er sat til Afsluttet for 20 henvendelser.').getAttribute('role')).toBe(
      'status',
    );
  });

  it('sends a selection larger than the endpoint takes in several calls', async () => {
    const leads = Array.from({ length: 101 }, (_, index) => resource(index));
    const calls = listApi(
      () => ({ leads, nextCursor: null }),
      (call) =>
        call.method === 'POST'
          ? json({ changed: (call.body as { ids: string[] }).ids.length, leads: [] })
          : undefined,
    );
    renderLeadList('/indbakke?kind=ressource');
    // 101 rows take a while to render on a busy machine: the wait is not what this test is about.
    const slow = { timeout: 10_000 };
    const bulk = await screen.findByRole('group', { name: 'Valgte henvendelser' }, slow);
    fireEvent.click(within(bulk).getByLabelText('Vælg alle på siden'));
    fireEvent.click(within(bulk).getByRole('button', { name: 'Sæt status for de valgte' }));
    await screen.findByText('Status er sat til Afsluttet for 101 henvendelser.', {}, slow);
    const posts = calls
      .filter((call) => call.method === 'POST')
      .map((call) => (call.body as { ids: string[] }).ids);
    expect(posts.map((ids) => ids.length)).toEqual([100, 1]);
  }, 30_000);

  it('says so, and calls nothing, when "Sæt status" is pressed with nothing selected', async () => {
    const calls = listApi(() => ({ leads: [resource(1)], nextCursor: null }));
    renderLeadList();
    fireEvent.click(await screen.findByRole('button', { name: 'Sæt status for de valgte' }));
    expect((await screen.findByText('Vælg mindst én henvendelse først.')).getAttribute('role')).toBe('alert');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('keyboard shortcuts on the list', () => {
  const key = (key: string, target: Element = document.body) => fireEvent.keyDown(target, { key });
  const leads = [resource(1), resource(2), resource(3)];

  it('j and k move the selection, o opens the selected lead', async () => {
    listApi(() => ({ leads, nextCursor: null }));
    const { router } = renderLeadList('/indbakke?kind=ressource');
    await screen.findByRole('table');
    key('j');
    expect(document.activeElement?.textContent).toBe('Rita Ressource 1');
    key('j');
    key('j');
    key('j');
    expect(document.activeElement?.textContent).toBe('Rita Ressource 3');
    key('k', document.activeElement!);
    expect(document.activeElement?.textContent).toBe('Rita Ressource 2');
    key('o', document.activeElement!);
    expect(await screen.findByRole('heading', { name: 'Henvendelsen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/indbakke/henvendelse/r2');
  });

  it('Enter on the page opens the selected lead', async () => {
    listApi(() => ({ leads, nextCursor: null }));
    const { router } = renderLeadList('/indbakke?kind=ressource');
    await screen.findByRole('table');
    key('j');
    (document.activeElement as HTMLElement).blur();
    key('Enter');
    await screen.findByRole('heading', { name: 'Henvendelsen' });
    expect(router.state.location.pathname).toBe('/indbakke/henvendelse/r1');
  });

  it('e sets the selected lead to Afsluttet without a message to the customer, and moves on to the next', async () => {
    const calls = listApi(
      () => ({ leads, nextCursor: null }),
      (call) => (call.method === 'PATCH' ? json({ lead: detail({ id: 'r1', status: 'done' }) }) : undefined),
    );
    renderLeadList('/indbakke?kind=ressource');
    await screen.findByRole('table');
    key('j');
    key('e', document.activeElement!);
    expect(
      await screen.findByText('RS-1001 har fået status Afsluttet, uden besked til kunden.'),
    ).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url).toBe('/api/staff/leads/r1');
    expect(patch.body).toEqual({ status: 'done', notifyCustomer: false });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Rita Ressource 2'));
  });

  it('/ goes to the search field and ? lists the shortcuts', async () => {
    listApi(() => ({ leads, nextCursor: null }));
    renderLeadList();
    await screen.findByRole('table');
    key('/');
    expect(document.activeElement).toBe(screen.getByLabelText('Søg'));
    (document.activeElement as HTMLElement).blur();
    key('?');
    const dialog = await screen.findByRole('dialog', { name: 'Tastaturgenveje' });
    for (const action of ['Vælg den næste henvendelse', 'Åbn den valgte henvendelse', 'Gå til søgefeltet']) {
      expect(within(dialog).getByText(action)).toBeTruthy();
    }
  });

  it('never fires while typing in a field', async () => {
    const calls = listApi(() => ({ leads, nextCursor: null }));
    const { router } = renderLeadList('/indbakke?kind=ressource');
    await screen.findByRole('table');
    const search = screen.getByLabelText('Søg');
    search.focus();
    for (const typed of ['j', 'k', 'o', 'e', '/', '?', 'Enter']) key(typed, search);
    expect(document.activeElement).toBe(search);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/indbakke');
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });
});

describe('an impossible date range', () => {
  it('is refused at once, in Danish, without asking the server', async () => {
    const calls = listApi(() => ({ leads: [resource(1)], nextCursor: null }));
    const { router } = renderLeadList();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Fra dato'), { target: { value: '2026-12-31' } });
    fireEvent.change(screen.getByLabelText('Til dato'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vis' }));
    const alert = await screen.findByText(/^Fra-datoen ligger efter til-datoen\./);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Fra dato').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Fra dato'));
    expect(router.state.location.search).toBe('');
    expect(calls.some((call) => call.url.includes('from='))).toBe(false);
  });

  it("shows the server's Danish message when the range comes from the address", async () => {
    stubStaffApi(() =>
      json({ message: 'Fra-datoen ligger efter til-datoen. Ret datoerne, og prøv igen.' }, 400),
    );
    renderLeadList('/indbakke?from=2026-12-31&to=2026-12-01');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Fra-datoen ligger efter til-datoen. Ret datoerne, og prøv igen.',
    );
  });
});

describe('back to the list from a lead', () => {
  it('shows the pages already loaded and scrolls to where staff were', async () => {
    const later = resource(9);
    const calls = listApi((params) =>
      params.get('cursor') === 'next-1'
        ? { leads: [later], nextCursor: null }
        : { leads: [resource(1)], nextCursor: 'next-1' },
    );
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderLeadList('/indbakke?kind=ressource');
    fireEvent.click(await screen.findByRole('button', { name: 'Vis flere' }));
    await screen.findByText('Viser 2 henvendelser.');
    Object.defineProperty(window, 'scrollY', { value: 1234, configurable: true });
    fireEvent.click(within(table()).getByRole('link', { name: 'Rita Ressource 9' }));
    await screen.findByRole('heading', { name: 'Henvendelsen' });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Viser 2 henvendelser.')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('cursor='))).toHaveLength(1);
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 1234, behavior: 'instant' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Rita Ressource 9'));
  });

  it('starts at the top when the list is opened anew', async () => {
    listApi((params) =>
      params.get('cursor')
        ? { leads: [resource(9)], nextCursor: null }
        : { leads: [resource(1)], nextCursor: 'next-1' },
    );
    const { router } = renderLeadList('/indbakke?kind=ressource');
    fireEvent.click(await screen.findByRole('button', { name: 'Vis flere' }));
    await screen.findByText('Viser 2 henvendelser.');
    await act(() => router.navigate('/indbakke/henvendelse/r1'));
    await act(() => router.navigate('/indbakke?kind=ressource'));
    expect(await screen.findByText('Viser 1 henvendelse – der er flere.')).toBeTruthy();
  });

  it('leaves out remembered leads the fresh first page already has', () => {
    const [a, b, c] = [resource(1), resource(2), resource(3)];
    expect(mergePages([a!, b!], [b!, c!]).map((lead) => lead.id)).toEqual(['r3']);
  });
});
