/** The inbox's lead list and lead page for component tests (vitest, happy-dom), routed as the inbox routes them. */
import type { LoaderFunction, RouteObject } from 'react-router';
import { InboxError } from '../../app/components/inbox/inbox-error';
import { LeadDetailPage } from '../../app/components/inbox/lead/lead-detail-page';
import { LeadListPage } from '../../app/components/inbox/lead-list/lead-list-page';
import { loadLead, loadLeads } from '../../app/components/inbox/loaders';
import type { StaffRole } from '../../domain/staff-api/roles';
import { Arrived, renderRoutes } from './inbox';

/**
 * Renders the lead page of `id` (its loader and error page) for a staff member of `role`;
 * `others` are the routes it may lead to. Returns what renderRoutes returns.
 */
export function renderLeadPage(id: string, role?: StaffRole, others: RouteObject[] = []) {
  return renderRoutes(
    [
      {
        path: '/indbakke/henvendelse/:id',
        loader: loadLead as unknown as LoaderFunction,
        Component: LeadDetailPage,
        ErrorBoundary: InboxError,
      },
      ...others,
    ],
    `/indbakke/henvendelse/${id}`,
    role,
  );
}

/**
 * Renders the lead list at `path` (its loader and error page) for a staff member of `role`; the
 * login page and a lead's page are stand-ins that show where a click arrived.
 */
export function renderLeadList(path = '/indbakke', role?: StaffRole) {
  return renderRoutes(
    [
      {
        path: '/indbakke',
        loader: loadLeads as unknown as LoaderFunction,
        Component: LeadListPage,
        ErrorBoundary: InboxError,
      },
      { path: '/indbakke/login', Component: () => <Arrived name="Log ind" /> },
      { path: '/indbakke/henvendelse/:id', Component: () => <Arrived name="Henvendelsen" /> },
    ],
    path,
    role,
  );
}
