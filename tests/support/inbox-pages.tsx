/** The inbox's lead page for component tests (vitest, happy-dom), routed as the inbox routes it. */
import type { LoaderFunction, RouteObject } from 'react-router';
import { InboxError } from '../../app/components/inbox/inbox-error';
import { LeadDetailPage } from '../../app/components/inbox/lead/lead-detail-page';
import { loadLead } from '../../app/components/inbox/loaders';
import type { StaffRole } from '../../domain/staff-api/roles';
import { renderRoutes } from './inbox';

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
