import { cleanup, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { LoaderFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inboxPageRoute } from './inbox-page-route';
import * as auditLogRoute from '~/routes/indbakke/audit-log';
import { json, renderRoutes, stubStaffApi } from '../../tests/support/inbox';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("an inbox page's route module", () => {
  it('holds nothing until its client loader has loaded the inbox: no title, no page', async () => {
    const route = inboxPageRoute({ page: 'PersonalDataPage', title: 'personalData' });
    expect(route.meta()).toEqual([]);
    expect(renderToString(<route.Page />)).toBe('');
    // Without a loader of its own it loads the inbox's code alone.
    expect(await route.clientLoader({} as Parameters<typeof route.clientLoader>[0])).toBeNull();
    expect(route.meta()).toEqual([
      { title: 'Persondata | Indbakke' },
      { name: 'robots', content: 'noindex' },
    ]);
  });

  it("loads the page's data with its loader, then shows the page, with its title", async () => {
    const calls = stubStaffApi((call) =>
      call.url === '/api/staff/audit' ? json({ entries: [], nextCursor: null }) : json({}, 404),
    );
    renderRoutes(
      [
        {
          path: '/indbakke/log',
          loader: auditLogRoute.clientLoader as unknown as LoaderFunction,
          Component: auditLogRoute.default,
          ErrorBoundary: auditLogRoute.ErrorBoundary,
          HydrateFallback: () => null,
        },
      ],
      '/indbakke/log',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Log' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/staff/audit']);
    expect(auditLogRoute.meta()[0]).toEqual({ title: 'Log | Indbakke' });
  });
});
