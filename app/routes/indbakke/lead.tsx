import { inboxPageRoute } from '~/components/inbox-page-route';

/** /indbakke/henvendelse/:id: one lead (see app/components/inbox/lead/lead-detail-page.tsx). */
const route = inboxPageRoute({ page: 'LeadDetailPage', title: 'lead', loader: 'loadLead' });

export const clientLoader = route.clientLoader;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;
export default route.Page;
