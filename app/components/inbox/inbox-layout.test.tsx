import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, type LoaderFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditLogPage } from './pages';
import { InboxFrameError } from './inbox-error';
import { InboxLayout } from './inbox-layout';
import { loadAudit, loadStaff } from './loaders';
import { json, noContent, renderRoutes, stubStaffApi, type FetchCall } from '../../../tests/support/inbox';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const anna = {
  id: 'u1',
  email: 'anna@skadekompagniet.dk',
  name: 'Anna Andersen',
  secondFactor: 'done',
  role: 'koordinator',
};

function LoginStandIn() {
  const state = useLocation().state as { loggedOut?: boolean } | null;
  return <h1>{state?.loggedOut ? 'Logget ud' : 'Log ind'}</h1>;
}

function renderInbox(answer: (call: FetchCall) => Response, path = '/indbakke') {
  const calls = stubStaffApi(answer);
  const rendered = renderRoutes(
    [
      {
        path: '/indbakke',
        loader: loadStaff as unknown as LoaderFunction,
        Component: InboxLayout,
        ErrorBoundary: InboxFrameError,
        children: [
          { index: true, Component: () => <h1 tabIndex={-1}>Henvendelser</h1> },
          { path: 'persondata', Component: () => <h1 tabIndex={-1}>Persondata</h1> },
          { path: 'log', loader: loadAudit as unknown as LoaderFunction, Component: AuditLogPage },
        ],
      },
      { path: '/indbakke/login', Component: LoginStandIn },
    ],
    path,
  );
  return { calls, ...rendered };
}

describe('the inbox frame', () => {
  it("shows the staff member's name, the inbox's navigation and Log ud", async () => {
    renderInbox(() => json(anna));
    expect(await screen.findByRole('heading', { name: 'Henvendelser' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getAllByText('Anna Andersen').length).toBeGreaterThan(0);
    const nav = within(header).getByRole('navigation', { name: 'Indbakken' });
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Henvendelser');
    expect(within(header).getByRole('button', { name: 'Log ud' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Spring til indhold' }).getAttribute('href')).toBe(
      '#indbakke-indhold',
    );
  });

  it("shows a medarbejder no Persondata or Log, and a koordinator's page opened directly says it needs the role", async () => {
    const calls = renderInbox(() => json({ ...anna, role: 'medarbejder' })).calls;
    expect(await screen.findByRole('heading', { name: 'Henvendelser' })).toBeTruthy();
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Indbakken' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Henvendelser', 'Vagtplan', 'Beredskab']);
    cleanup();
    renderInbox(
      (call) =>
        call.url.startsWith('/api/staff/audit')
          ? json({ message: 'x' }, 403)
          : json({ ...anna, role: 'medarbejder' }),
      '/indbakke/log',
    );
    expect(await screen.findByRole('heading', { name: 'Log' })).toBeTruthy();
    expect(screen.getByText('Det kræver rollen koordinator.').getAttribute('role')).toBe('alert');
    expect(calls.length).toBeGreaterThan(0);
  });

  it('moves focus to the new page heading after a navigation', async () => {
    renderInbox(() => json(anna));
    await screen.findByRole('heading', { name: 'Henvendelser' });
    fireEvent.click(screen.getByRole('link', { name: 'Persondata' }));
    const heading = await screen.findByRole('heading', { name: 'Persondata' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it.each([
    ['no session', () => json({ message: 'Log ind.' }, 401)],
    ['a password but no second factor yet', () => json({ ...anna, secondFactor: 'verify' })],
  ])('sends a visitor with %s to the login page', async (_case, answer) => {
    const { router } = renderInbox(answer);
    expect(await screen.findByRole('heading', { name: 'Log ind' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/indbakke/login');
    expect(screen.queryByText('Anna Andersen')).toBeNull();
  });

  it('logs out, shows nothing private any more and says so on the login page', async () => {
    const { calls, router } = renderInbox((call) =>
      call.url === '/api/staff/logout' ? noContent() : json(anna),
    );
    await screen.findByRole('heading', { name: 'Henvendelser' });
    fireEvent.click(screen.getByRole('button', { name: 'Log ud' }));
    expect(await screen.findByRole('heading', { name: 'Logget ud' })).toBeTruthy();
    // The live updates may have asked once more meanwhile: the logout is among the calls, not last.
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/staff/logout' }));
    expect(router.state.location.pathname).toBe('/indbakke/login');
    expect(screen.queryByText('Anna Andersen')).toBeNull();
  });

  it('hides its content when the page goes into the back/forward cache, and checks the session on its return', async () => {
    let loggedIn = true;
    const { router } = renderInbox(() => (loggedIn ? json(anna) : json({ message: 'Log ind.' }, 401)));
    await screen.findByRole('heading', { name: 'Henvendelser' });

    const persisted = (type: string) => Object.assign(new Event(type), { persisted: true });
    act(() => {
      window.dispatchEvent(persisted('pagehide'));
    });
    expect(screen.queryByRole('heading', { name: 'Henvendelser' })).toBeNull();
    expect(screen.getByText('Indlæser …')).toBeTruthy();

    loggedIn = false;
    await act(async () => {
      window.dispatchEvent(persisted('pageshow'));
    });
    expect(await screen.findByRole('heading', { name: 'Log ind' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/indbakke/login');
  });

  it('shows its content again after the back/forward cache when the session is still valid', async () => {
    renderInbox(() => json(anna));
    await screen.findByRole('heading', { name: 'Henvendelser' });
    const persisted = (type: string) => Object.assign(new Event(type), { persisted: true });
    act(() => {
      window.dispatchEvent(persisted('pagehide'));
    });
    await act(async () => {
      window.dispatchEvent(persisted('pageshow'));
    });
    expect(await screen.findByRole('heading', { name: 'Henvendelser' })).toBeTruthy();
  });

  it('keeps the session and says why when logging out fails', async () => {
    renderInbox((call) =>
      call.url === '/api/staff/logout' ? json({ message: 'Serveren svarer ikke.' }, 503) : json(anna),
    );
    await screen.findByRole('heading', { name: 'Henvendelser' });
    fireEvent.click(screen.getByRole('button', { name: 'Log ud' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Serveren svarer ikke.',
      ),
    );
    expect(screen.getByRole('heading', { name: 'Henvendelser' })).toBeTruthy();
  });
});

describe('the audit log', () => {
  it('lists who did what and when, linking the lead, and pages on', async () => {
    const { calls } = renderInbox((call) => {
      if (call.url === '/api/staff/me') return json(anna);
      if (call.url === '/api/staff/audit')
        return json({
          entries: [
            {
              at: '2026-12-03T10:30:00.000Z',
              actor: 'Anna Andersen',
              action: 'status-changed',
              leadId: 'l1',
              details: { from: 'new', to: 'in-progress' },
            },
            { at: '2026-12-03T09:00:00.000Z', actor: null, action: 'noget.nyt', leadId: null, details: {} },
          ],
          nextCursor: 'c2',
        });
      return json({
        entries: [
          { at: '2026-12-02T08:00:00.000Z', actor: 'Bo', action: 'login', leadId: null, details: null },
        ],
        nextCursor: null,
      });
    }, '/indbakke/log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').filter((item) => item.closest('ol'));
    expect(items[0]!.textContent).toContain('3. dec. 2026 kl. 11.30');
    expect(items[0]!.textContent).toContain('Anna Andersen');
    expect(items[0]!.textContent).toContain('Status ændret');
    expect(items[0]!.textContent).toContain('fra Ny til I gang');
    expect(within(items[0]!).getByRole('link', { name: 'Åbn henvendelsen' }).getAttribute('href')).toBe(
      '/indbakke/henvendelse/l1',
    );
    expect(items[1]!.textContent).toContain('Systemet');
    expect(items[1]!.textContent).toContain('noget.nyt');
    fireEvent.click(screen.getByRole('button', { name: 'Vis flere' }));
    expect(await screen.findByText('Viser 3 hændelser.')).toBeTruthy();
    // The last call to the log (the open inbox's live poll may come after it).
    const audit = calls.filter((call) => call.url.startsWith('/api/staff/audit'));
    expect(audit.at(-1)!.url).toBe('/api/staff/audit?cursor=c2');
    expect(screen.queryByRole('button', { name: 'Vis flere' })).toBeNull();
  });
});
