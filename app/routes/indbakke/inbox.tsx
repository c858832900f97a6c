import { inboxPageRoute } from '~/components/inbox-page-route';

/** /indbakke: the leads, newest first, with filters (see app/components/inbox/lead-list/lead-list-page.tsx). */
const route = inboxPageRoute({ page: 'LeadListPage', title: 'inbox', loader: 'loadLeads' });

export const clientLoader = route.clientLoader;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;
export default route.Page;
