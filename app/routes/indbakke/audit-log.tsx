import { inboxPageRoute } from '~/components/inbox-page-route';

/** /indbakke/log: the audit log (see app/components/inbox/audit-log/audit-log-page.tsx). */
const route = inboxPageRoute({ page: 'AuditLogPage', title: 'log', loader: 'loadAudit' });

export const clientLoader = route.clientLoader;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;
export default route.Page;
