import { inboxPageRoute } from '~/components/inbox-page-route';

/** /indbakke/forsikringsselskaber: the insurers' rules (see app/components/inbox/insurers/insurers-page.tsx). */
const route = inboxPageRoute({ page: 'InsurersPage', title: 'insurers', loader: 'loadInsurers' });

export const clientLoader = route.clientLoader;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;
export default route.Page;
